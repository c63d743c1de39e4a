import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** Imports of at least this many rows refresh the statistics of the athlete tables. */
export const MAINTENANCE_MIN_ROWS = 200;

/**
 * After a large import, the planner's statistics of the athlete tables are refreshed, so
 * that the table's queries keep their index plans (docs/query-plans.md, "Athlete table").
 * PostgreSQL: ANALYZE (autovacuum does the rest). PGlite has no autovacuum: VACUUM
 * (ANALYZE), which also marks the pages all-visible for index-only scans. It runs after
 * the import has answered; closing the server waits for it.
 */
export function maintenanceAfterImport(app: FastifyInstance): (created: number) => void {
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });
  const statement = app.config.databaseUrl
    ? sql`analyze athletes, roster_athletes, rosters`
    : sql`vacuum (analyze) athletes, roster_athletes, rosters`;
  return (created) => {
    if (created < MAINTENANCE_MIN_ROWS) return;
    const started = performance.now();
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => statement.execute(app.db))
      .then(() => {
        app.log.info({ ms: Math.round(performance.now() - started) }, 'athlete tables analysed');
      })
      .catch((error: unknown) => {
        app.log.warn({ err: error }, 'analysing the athlete tables failed');
      })
      .finally(() => pending.delete(run));
    pending.add(run);
  };
}
