import type { FastifyInstance } from 'fastify';
import { countedMaintenance, vacuumInParts, type MaintenanceThreshold } from '../db/maintenance';
import { vacuumProfileTables } from '../profile';

/**
 * When the result tables are vacuumed on the embedded database: after `minRows` plus
 * `share` of the stored results have been written, edited or deleted since the last
 * time (PostgreSQL's autovacuum defaults are 50 + 10 % for ANALYZE, 1,000 + 20 % for
 * inserts).
 */
export const RESULT_MAINTENANCE: MaintenanceThreshold = { minRows: 1_000, share: 0.1 };

const RESULT_TABLES = [
  'results',
  'result_splits',
  'board_bests',
  'bests_since',
  'bests_closed',
] as const;

/**
 * PGlite has no autovacuum: without this, the statistics of `results`, `result_splits`,
 * `board_bests` and `bests_since`, and of the profile tables that EAPI results build
 * (`profiles` and the report summaries), stay those of the day the migrations made them
 * empty, and pages written since are never marked all-visible. The planner then
 * misjudges an account that grew (the leaderboard's bests shape read the rank index with
 * a filter for each athlete of a roster: 4 s instead of 3 ms, docs/performance.md) and
 * index-only scans fetch every row from the table. So the server counts what it writes
 * and, past the threshold, runs `VACUUM (ANALYZE)` of these tables after the request
 * has answered. A vacuum skips pages already all-visible; ANALYZE reads a sample of
 * 30,000 rows whatever the size. On PostgreSQL autovacuum does this, and the function
 * returned does nothing.
 *
 * @returns what a route calls with the number of results it wrote, edited or deleted.
 */
export function resultMaintenance(
  app: FastifyInstance,
  threshold: MaintenanceThreshold = RESULT_MAINTENANCE,
): (changed: number) => void {
  return countedMaintenance(
    app,
    // Short statements: one for all four tables held the embedded database (and the
    // event loop) for ~850 ms in a testing day's ingest (decision 016), and one per table
    // still 220-330 ms for `results` (decision 028): the VACUUM, then ANALYZE a few
    // columns at a time. EAPI results build profiles in their transaction, and profiles'
    // triggers keep the report summaries: those tables are vacuumed with them
    // (server/profile/maintenance.ts).
    [...RESULT_TABLES.flatMap((table) => vacuumInParts(table)), ...vacuumProfileTables()],
    'result and profile tables',
    'results',
    threshold,
  );
}
