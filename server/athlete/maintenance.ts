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
  const run = backgroundMaintenance(
    app,
    sql`vacuum (analyze) athletes, roster_athletes, rosters`,
    'athlete tables',
  );
  return (created) => {
    if (created >= MAINTENANCE_MIN_ROWS) run();
  };
}
