import { sql, type Kysely } from 'kysely';

/**
 * Fewer index entries per stored result: each secondary index of `results` costs about
 * 20 ms of a 5,000-result batch (docs/performance.md, "Ingest"), and the ingest had
 * fallen to about 7,500 results/s with 007's indexes.
 *
 * - `results_athlete` goes: an athlete's history (`GET /api/event/historical`) walks
 *   `results_athlete_time (athlete_id, recorded_at, id)` instead, which is already in
 *   the history's order and carries the event type to filter on.
 * - The program pages' three indexes become partial, `where program <> 'none'`: only
 *   the Game Speed, EAPI and Manual Entry pages walk them, never a result without a
 *   program (what devices post unless told otherwise). Their queries say
 *   `program <> 'none'` too (server/event/list/filters.ts), so that the planner may use
 *   them with any program value.
 *
 * The index DDL is written out here as of this migration (server/db/indexes.ts holds the
 * current definitions). About 10 s per million results on PostgreSQL 15 here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index results_athlete;
    drop index results_program_time, results_program_type_time, results_program_type_result;
    create index results_program_time on results (account_id, program, recorded_at, id)
      where program <> 'none';
    create index results_program_type_time on results (account_id, program, event_type_id, recorded_at, id)
      include (distance_mm, lane_id) where program <> 'none';
    create index results_program_type_result on results (account_id, program, event_type_id, result, id)
      include (distance_mm, lane_id) where program <> 'none';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index results_program_time, results_program_type_time, results_program_type_result;
    create index results_program_time on results (account_id, program, recorded_at, id);
    create index results_program_type_time on results (account_id, program, event_type_id, recorded_at, id)
      include (distance_mm, lane_id);
    create index results_program_type_result on results (account_id, program, event_type_id, result, id)
      include (distance_mm, lane_id);
    create index results_athlete on results (athlete_id, event_type_id, recorded_at)
      include (account_id, distance_mm, result);
  `.execute(db);
}
