import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';

/**
 * A maintenance statement (a `VACUUM`, an `ANALYZE`) run in the background: `run()` asks
 * for it, and it starts once the request that asked has answered. One at a time: asked
 * again while it runs, it runs once more afterwards. Closing the server waits for it. A
 * failure is logged, never thrown: the data is safe either way, only plans get worse.
 * Several statements run one after another: on the embedded database a statement holds
 * the event loop and the one connection while it runs, so one table per statement lets
 * requests in between (decision 016).
 */
export function backgroundMaintenance(
  app: FastifyInstance,
  statements: RawBuilder<unknown> | readonly RawBuilder<unknown>[],
  what: string,
  afterwards?: () => Promise<void>,
): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  app.addHook('onClose', async () => {
    while (running) await running;
  });
  const start = () => {
    const started = performance.now();
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        for (const statement of [statements].flat()) await statement.execute(app.db);
      })
      .then(async () => {
        app.log.info(
          { ms: Math.round(performance.now() - started) },
          `${what} vacuumed and analysed`,
        );
        await afterwards?.();
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, `vacuuming the ${what} failed`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          start();
        }
      });
  };
  return () => {
    if (running) again = true;
    else start();
  };
}

/** When a counted maintenance runs: past `minRows` plus `share` of the table's rows. */
export interface MaintenanceThreshold {
  minRows: number;
  share: number;
}

/**
 * The embedded database's maintenance by count (PGlite has no autovacuum): routes report
 * the rows they wrote, and past the threshold (`minRows` plus `share` of `table`'s rows at
 * the last run) the statements run in the background (backgroundMaintenance). On
 * PostgreSQL autovacuum does this, and the function returned does nothing.
 *
 * @returns what a route calls with the number of rows it wrote, edited or deleted.
 */
export function countedMaintenance(
  app: FastifyInstance,
  statements: readonly RawBuilder<unknown>[],
  what: string,
  table: string,
  { minRows, share }: MaintenanceThreshold,
): (changed: number) => void {
  if (app.config.databaseUrl !== undefined) return () => {};
  let changed = 0;
  let threshold = minRows;
  const run = backgroundMaintenance(app, statements, what, async () => {
    const { rows } = await sql<{ n: number }>`
      select greatest(reltuples, 0)::float8 as n from pg_class
      where oid = ${table}::regclass`.execute(app.db);
    threshold = minRows + share * (rows[0]?.n ?? 0);
  });
  return (rows) => {
    changed += rows;
    if (changed < threshold) return;
    changed = 0;
    run();
  };
}
