import { sql, type Kysely } from 'kysely';

/**
 * `results_alias_athlete` (034) with the columns a table filtered by an alias also filters
 * on (program, type, distance, lane) and sorts by (result) in its INCLUDE, so that the
 * alias's rows of a small table are read from it alone with their athletes. Game Speed's
 * lane 2 of alias 2, 7,793 rows at a million results: the planner estimated 59-69 rows
 * for program, type, alias and lane together and walked the type's
 * `results_program_type_result` with a heap fetch per row (57,294 rows read); from this
 * index, index-only. Those nine tables by name 61-105 → 33-53 ms a request
 * (docs/query-plans.md section 10).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_alias_athlete`.execute(db);
  await sql`create index results_alias_athlete on results
    (account_id, event_alias_id, athlete_id, recorded_at, id)
    include (program, event_type_id, distance_mm, lane_id, result)
    where event_alias_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_alias_athlete`.execute(db);
  await sql`create index results_alias_athlete on results
    (account_id, event_alias_id, athlete_id, recorded_at, id) where event_alias_id is not null`.execute(
    db,
  );
}
