import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { countedMaintenance, type MaintenanceThreshold } from '../db/maintenance';

/**
 * The tables a profile write changes: `profiles` and the report summaries that its
 * triggers keep (`team_days`, `athlete_indexes`, `roster_indexes`, migration 018).
 */
export const PROFILE_TABLES = [
  'profiles',
  'team_days',
  'athlete_indexes',
  'roster_indexes',
] as const;

/** `VACUUM (ANALYZE)` of each table, one statement each (decision 016). */
export const vacuumProfileTables = () =>
  PROFILE_TABLES.map((table) => sql`vacuum (analyze) ${sql.table(table)}`);

/**
 * When the profile tables are vacuumed on the embedded database after the profile
 * domain's own writes (manual profiles, rebuilds, a new time zone's rebuild): after
 * `minRows` plus `share` of the stored profiles have been written. The profiles that
 * result writes build are counted by the result maintenance (server/event/maintenance.ts),
 * which vacuums these tables too.
 */
export const PROFILE_MAINTENANCE: MaintenanceThreshold = { minRows: 1_000, share: 0.1 };

/**
 * PGlite has no autovacuum: without this, the pages of `profiles` and of the summaries are
 * never marked all-visible, so the exact counts of the profile tables and the
 * percentiles' counts in `roster_indexes`, which are index-only, read every row from the
 * table instead (at 10,000 athletes x 5 profiles the last page of `/api/profile` took
 * 52 ms instead of 14, docs/performance.md), and their statistics stay those of the
 * empty tables of the migrations. On PostgreSQL autovacuum does this, and the function
 * returned does nothing.
 *
 * @returns what a route calls with the number of profiles it wrote or deleted.
 */
export function profileMaintenance(
  app: FastifyInstance,
  threshold: MaintenanceThreshold = PROFILE_MAINTENANCE,
): (changed: number) => void {
  return countedMaintenance(app, vacuumProfileTables(), 'profile tables', 'profiles', threshold);
}

const shared = new WeakMap<object, (changed: number) => void>();

/**
 * The one profile-tables counter of a server, for every route that writes profiles: the
 * profile routes and the account's time zone (server/user), whose rebuild counts towards
 * the same threshold. Keyed by the database, which every plugin context shares.
 */
export function sharedProfileMaintenance(app: FastifyInstance): (changed: number) => void {
  let changed = shared.get(app.db);
  if (!changed) {
    changed = profileMaintenance(app);
    shared.set(app.db, changed);
  }
  return changed;
}
