import type { FastifyInstance } from 'fastify';
import { backgroundMaintenance, vacuumInParts } from '../db/maintenance';

/** Imports of at least this many rows refresh the statistics of the athlete tables. */
export const MAINTENANCE_MIN_ROWS = 200;

/**
 * After a large import, `VACUUM (ANALYZE)` of the athlete tables, so that the table's
 * queries keep their index plans at once (docs/query-plans.md, "Athlete table"): fresh
 * statistics, and the new pages marked all-visible, without which index-only scans are
 * costed as table reads (PostgreSQL then counted an account's athletes with a sequential
 * scan and read the `None` sort through the primary key, past every other account's
 * athletes). PGlite has no autovacuum at all; PostgreSQL's would get there later. A
 * vacuum skips the pages that are all-visible already and, with no dead rows, the index
 * passes, so it stays cheap on a large shared table. It runs after the import has
 * answered; closing the server waits for it.
 */
export function maintenanceAfterImport(app: FastifyInstance): (created: number) => void {
  // Short statements (decision 028): on PGlite each holds the event loop while it runs,
  // and `vacuum (analyze) athletes` alone held it 62-94 ms after a 10,000-row import
  // (over 200 ms on a slower CI machine, with the import's statements around it).
  const run = backgroundMaintenance(
    app,
    ['athletes', 'roster_athletes', 'rosters'].flatMap((table) => vacuumInParts(table)),
    'athlete tables',
  );
  return (created) => {
    if (created >= MAINTENANCE_MIN_ROWS) run();
  };
}
