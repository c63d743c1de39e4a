import { sql, type Kysely } from 'kysely';

/**
 * What `GET /api/leaderboard` needs to answer every filter combination with index walks
 * (docs/leaderboard.md explains the query shapes, docs/query-plans.md measures them):
 *
 * - Both board indexes get the full rank order as key columns, `(..., value,
 *   recorded_at, id)`: a board's order (value, then the earlier run, then the lower id) is
 *   the index order, `LIMIT n` reads n entries, a date range is checked inside the index
 *   scan, and the result id is in the index (index-only scans, no heap fetch per entry).
 * - The same two in per-athlete form, `(athlete_id, event_type_id, distance_mm, ...)`:
 *   a board filtered to a few athletes (a roster, a sport's position) takes each
 *   athlete's best entries with one short index descent per athlete instead of walking
 *   the whole account's board past everyone else.
 * - `athletes (account_id, sport_id, position_id, id)`: the athletes of a sport or position.
 *
 * The index DDL is written out here as of this migration (server/db/indexes.ts holds the
 * current definitions). The builds take about 10 s per million results on PostgreSQL 15
 * here, inside the migration's transaction (writes to results wait meanwhile).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index results_board;
    create index results_board on results
      (account_id, event_type_id, distance_mm, result, recorded_at, id)
      include (athlete_id, lane_id) where not implausible;
    drop index result_splits_board;
    create index result_splits_board on result_splits
      (account_id, event_type_id, distance_mm, split_distance_mm, split_ms, recorded_at, result_id)
      include (athlete_id, lane_id) where not implausible;
    create index results_athlete_board on results
      (athlete_id, event_type_id, distance_mm, result, recorded_at, id)
      include (lane_id) where not implausible;
    create index result_splits_athlete_board on result_splits
      (athlete_id, event_type_id, distance_mm, split_distance_mm, split_ms, recorded_at, result_id)
      include (lane_id) where not implausible;
    create index athletes_sport_position on athletes (account_id, sport_id, position_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index athletes_sport_position;
    drop index result_splits_athlete_board;
    drop index results_athlete_board;
    drop index result_splits_board;
    create index result_splits_board on result_splits
      (account_id, event_type_id, distance_mm, split_distance_mm, split_ms)
      include (athlete_id, recorded_at, lane_id) where not implausible;
    drop index results_board;
    create index results_board on results (account_id, event_type_id, distance_mm, result)
      include (athlete_id, recorded_at, lane_id) where not implausible;
  `.execute(db);
}
