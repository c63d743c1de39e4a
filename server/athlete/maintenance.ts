import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { backgroundMaintenance } from '../db/maintenance';

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
  // A statement a table: on PGlite each holds the event loop while it runs (all three in
  // one: 40-80 ms after a 10,000-row import), and the gate finds an idle moment between.
  const run = backgroundMaintenance(
    app,
    [
      sql`vacuum (analyze) athletes`,
      sql`vacuum (analyze) roster_athletes`,
      sql`vacuum (analyze) rosters`,
    ],
    'athlete tables',
  );
  return (created) => {
    if (created >= MAINTENANCE_MIN_ROWS) run();
  };
}
