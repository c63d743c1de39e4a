import type { App } from './app';
import type { Config } from './config';
import { ensureDemoAccount } from './seed/demo';
import { warmUpDatabase } from './warm-up';

export interface StartOptions {
  /** The embedded database's warm-up (tests pass one that fails or counts its calls). */
  warmUp?: typeof warmUpDatabase;
}

/**
 * Starts a built app: migrations (`ready`), the demo account when asked for, on the
 * embedded database its warm-up (server/warm-up.ts, decision 029), then `listen`. The
 * warm-up comes last before listening, so that no request waits behind it; it never
 * stops the start: a failure is logged as a warning. A failure of anything else closes
 * the app (releasing the data-dir lock) and is thrown.
 */
export async function startApp(
  app: App,
  config: Config,
  options: StartOptions = {},
): Promise<void> {
  try {
    await app.ready(); // migrations run here
    if (config.demoData)
      await ensureDemoAccount(app.db, {
        log: app.log,
        publicUrl: config.publicUrl,
        timeZone: config.demoTimeZone,
      });
    if (!config.databaseUrl) await warmUpEmbedded(app, config, options.warmUp ?? warmUpDatabase);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined); // releases the data-dir lock if it was taken
    throw error;
  }
}

async function warmUpEmbedded(app: App, config: Config, warmUp: typeof warmUpDatabase) {
  const started = performance.now();
  try {
    const done = await warmUp(app.db, { countCap: config.resultCountCap });
    app.log.debug(
      {
        ms: Math.round(done.ms),
        results: done.results,
        batchMs: done.batchMs,
        reads: done.reads,
        stepsMs: done.stepsMs,
      },
      'embedded database warmed up',
    );
  } catch (error) {
    app.log.warn(
      { err: error, ms: Math.round(performance.now() - started) },
      'embedded database warm-up failed; starting without it',
    );
  }
}
