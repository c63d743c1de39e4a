import { sql, type Kysely } from 'kysely';

/**
 * A program page sorted by a name walks the athletes in name order and reads each one's
 * results of the program (server/event/list/page-results.ts, `athleteWalk`), as does a
 * name filter on a program page. `results_athlete_time` keys the athlete's every result
 * by time, so each descent read all of them to keep the program's: at a million results
 * ~100 an athlete for ~10 (Manual Entry's page 500 by last name: 988 athletes, 98,000
 * entries for 10,000). Keyed by the athlete and the program, a descent reads the
 * program's rows alone, index-only (the columns those tables filter and sort on in the
 * INCLUDE, as in `results_athlete_time`). Partial, as the other program indexes: results
 * of no program are never read by program. Figures: docs/query-plans.md section 10.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists results_athlete_program on results
    (athlete_id, program, recorded_at, id)
    include (account_id, event_type_id, distance_mm, lane_id, event_alias_id, result, implausible)
    where program <> 'none'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_athlete_program`.execute(db);
}
