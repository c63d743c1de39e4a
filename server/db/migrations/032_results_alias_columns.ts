import { sql, type Kysely } from 'kysely';

/**
 * A results table filtered by an event alias read `results_alias` (or a program index)
 * and then each row of the alias from the table, to check the other filters (lane,
 * program, type, distance, athlete) and to take the sort's keys: at a million results
 * the Game Speed page's alias 2 in lane 2 visited 57,000 rows to show 7,793 (57-107 ms,
 * docs/query-plans.md section 10). The alias index now carries what those filters and
 * sorts read, so that the alias's rows are read from the index alone. It is partial
 * (aliased results only, ~9 % of them), so the wider entries cost little. Not the
 * athlete: with it, a name sort's walk over the athletes read the whole alias once per
 * athlete from this index (index-only, but every alias row each time) instead of each
 * athlete's own rows from `results_athlete_time`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_alias`.execute(db);
  await sql`create index results_alias on results (account_id, event_alias_id, recorded_at, id)
    include (program, event_type_id, distance_mm, lane_id, result)
    where event_alias_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_alias`.execute(db);
  await sql`create index results_alias on results (account_id, event_alias_id, recorded_at, id)
    where event_alias_id is not null`.execute(db);
}
