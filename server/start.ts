import type { App } from './app';
import type { Config } from './config';
import { POOL_KEPT_CONNECTIONS } from './db/connect';
import { refreshStatistics } from './db/statistics';
import type { LogFormat } from './logger';
import { DEMO_EMAIL, DEMO_PASSWORD, demoSignInHint, ensureDemoAccount, SEED_TABLES } from './seed';
import { normaliseStoredLogos } from './user/logo-maintenance';
import { warmUpDatabase } from './warm-up';

export interface StartOptions {
  /** The database's warm-up (tests pass one that fails or counts its calls). */
  warmUp?: typeof warmUpDatabase;
}

/**
 * Starts a built app: migrations (`ready`), the demo account when asked for, statistics
 * for the tables without (refreshStatisticsAtStart), the database's warm-up (server/warm-up.ts, decisions 029 and 030), then `listen`. The
 * warm-up comes last before listening, so that no request waits behind it; it never
 * stops the start: a failure is logged as a warning. A failure of anything else closes
 * the app (releasing the data-dir lock) and is thrown. Once listening, logos stored
 * before uploads were normalised are normalised in the background.
 */
export async function startApp(
  app: App,
  config: Config,
  options: StartOptions = {},
): Promise<void> {
  try {
    await app.ready(); // migrations run here
    const demo = config.demoData
      ? await ensureDemoAccount(app.db, { log: app.log, timeZone: config.demoTimeZone })
      : null;
    await refreshStatisticsAtStart(app, demo ? SEED_TABLES : []);
    await warmUpConnections(app, config, options.warmUp ?? warmUpDatabase);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined); // releases the data-dir lock if it was taken
    throw error;
  }
  // After listening, in the background: requests need not wait for it.
  normaliseStoredLogos(app.db, config.dataDir, app.log).then(
    (done) => {
      if (done.normalised + done.dropped > 0) app.log.info(done, 'stored logos normalised');
    },
    (error: unknown) => app.log.warn({ err: error }, 'stored logos not normalised'),
  );
}

/**
 * Statistics for the tables that have rows but none, or that grew in bulk since (a demo
 * account created just now, or by a server before this one): without them the results
 * tables' filter combinations took seconds (server/db/statistics.ts). Before the
 * warm-up, whose plans they change. A failure is a warning: the server still starts.
 */
async function refreshStatisticsAtStart(app: App, tables: readonly string[]) {
  const started = performance.now();
  try {
    const refreshed = await refreshStatistics(app.db, { tables });
    if (refreshed.length > 0) {
      app.log.info(
        { tables: refreshed, ms: Math.round(performance.now() - started) },
        'table statistics refreshed',
      );
    }
  } catch (error) {
    app.log.warn({ err: error }, 'table statistics not refreshed');
  }
}

/**
 * The embedded database is one session: one warm-up. On PostgreSQL each pooled
 * connection is a backend with caches of its own (decision 030): as many warm-ups at
 * once, each in its own transaction and so on its own connection, as the pool keeps open
 * when idle.
 */
async function warmUpConnections(app: App, config: Config, warmUp: typeof warmUpDatabase) {
  const started = performance.now();
  const connections = config.databaseUrl ? POOL_KEPT_CONNECTIONS : 1;
  try {
    const done = await Promise.all(
      Array.from({ length: connections }, () =>
        warmUp(app.db, { countCap: config.resultCountCap }),
      ),
    );
    app.log.debug(
      {
        ms: Math.round(performance.now() - started),
        connections,
        results: done[0]!.results,
        batchMs: done.map((one) => one.batchMs),
        reads: done[0]!.reads,
        stepsMs: done[0]!.stepsMs,
      },
      'database warmed up',
    );
  } catch (error) {
    app.log.warn(
      { err: error, ms: Math.round(performance.now() - started) },
      'database warm-up failed; starting without it',
    );
  }
}

/**
 * What the start says once it listens (server.ts logs it). For a person (the pretty log)
 * the demo sign-in follows as plain lines; in JSON it stays on the one line, with `port`
 * first: tests and the bench find the port with `"port":N ... Splitline is running`.
 * @example const { fields, message } = runningLine(config, 3000, logFormat(config));
 */
export function runningLine(
  config: Pick<Config, 'publicUrl' | 'demoData'>,
  port: number,
  format: LogFormat,
): { fields: Record<string, unknown>; message: string } {
  const running = `Splitline is running at http://localhost:${port}`;
  if (format === 'pretty') {
    return {
      fields: {},
      message: config.demoData ? `${running}\n${demoSignInHint(config.publicUrl)}` : running,
    };
  }
  const fields = { port, publicUrl: config.publicUrl };
  return config.demoData
    ? {
        fields: { ...fields, demoAccount: DEMO_EMAIL },
        message: `${running} (demo account: ${DEMO_EMAIL} / ${DEMO_PASSWORD})`,
      }
    : { fields, message: running };
}
