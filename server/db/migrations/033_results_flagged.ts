import { sql, type Kysely } from 'kysely';

/**
 * A results table sorted by the result under a distance filter walks the plausible runs
 * of that distance in `results_board` (keyed by the distance, flagged runs left out) and
 * the flagged ones here, merged (server/event/list/page-results.ts, `boardWalk`): the
 * type's result index lists every shorter run before the first of a longer one, so the
 * walk read them all (docs/query-plans.md section 10). Flagged runs are few: the index
 * is small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists results_flagged on results
    (account_id, event_type_id, distance_mm, result, id) include (lane_id) where implausible`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_flagged`.execute(db);
}
