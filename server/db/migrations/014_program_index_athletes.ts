import { sql, type Kysely } from 'kysely';

/**
 * The program pages' date index carries the athlete: a Game Speed, EAPI or Manual Entry
 * table filtered by a roster (or a position) counts and reads its rows from
 * `results_program_type_time` alone, hashed against the roster's athletes. Without the
 * athlete it descended `results_athlete_time` once per athlete of the roster: 9 ms to
 * count the 914 Game Speed sprints of a 2,398-athlete roster over 90 days, read again
 * for the page (docs/performance.md, "Results tables", session 8); with it, ~3 ms.
 * Only results with a program have an entry (010), so the ingest of devices' results
 * pays nothing. About 3 s per million program results on PostgreSQL 15 here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index results_program_type_time;
    create index results_program_type_time on results (account_id, program, event_type_id, recorded_at, id)
      include (athlete_id, distance_mm, lane_id) where program <> 'none';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index results_program_type_time;
    create index results_program_type_time on results (account_id, program, event_type_id, recorded_at, id)
      include (distance_mm, lane_id) where program <> 'none';
  `.execute(db);
}
