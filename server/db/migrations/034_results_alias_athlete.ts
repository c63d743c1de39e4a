import { sql, type Kysely } from 'kysely';

/**
 * A results table filtered by an event alias and sorted by a name walks the athletes in
 * name order and reads each one's rows of the alias (server/event/list/page-results.ts,
 * `athleteWalk`). Without a key on the alias and the athlete together, each athlete's
 * every result was read from `results_athlete_time` to find the few of the alias (the
 * bench's million results: ~100 an athlete, a few of them of one alias; the 130 alias
 * cases' median 17.7 -> 9-12 ms, docs/query-plans.md section 10). Keyed by both, each
 * athlete is one descent.
 * A separate index, not the athlete in `results_alias`'s INCLUDE: there a name walk read
 * the whole alias once per athlete (migration 032). Partial: aliased results only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists results_alias_athlete on results
    (account_id, event_alias_id, athlete_id, recorded_at, id) where event_alias_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_alias_athlete`.execute(db);
}
