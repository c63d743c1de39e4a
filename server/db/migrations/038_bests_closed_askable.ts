import { sql, type Kysely, type RawBuilder } from 'kysely';

/** The grid every range bound falls on: a time zone's midnight is a multiple of 15 minutes. */
export const SPAN_GRID_MS = 15 * 60 * 1000;

/**
 * Whether a closed row of `bests_closed` can answer a range whose bounds are on the grid
 * (`SPAN_GRID_MS`): a grid point in `(since, recorded_at]` for `from` and one in
 * `(recorded_at, next_at]` for `until` (037: `since < from <= recorded_at < until <=
 * next_at`). `alias`: the table's name in the statement. A read of the closed rows names
 * this same condition, so that the planner takes the partial index below.
 */
export function closedRowAskable(alias?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const gridPointAtOrBefore = (at: RawBuilder<unknown>) =>
    sql`date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00+00')`;
  return sql<boolean>`(${gridPointAtOrBefore(column('next_at'))} > ${column('recorded_at')}
    and (${column('since')} is null
      or ${gridPointAtOrBefore(column('recorded_at'))} > ${column('since')}))`;
}

const INDEX_COLUMNS = sql`(account_id, scope, recorded_at)
  include (since, next_at, athlete_id, event_type_id, distance_mm, result, result_id)`;

/**
 * `bests_closed_time` (037) without the closed rows no day range can ask for: a best
 * beaten within the same quarter hour, or one whose quarter hour began after the best
 * before it. At a million results 720,060 of 1,339,195 closed rows; the eapi half year
 * reads 48,611 entries instead of 97,620 (docs/query-plans.md section 10). The table
 * keeps every row (its triggers stay as they are); only the range read goes through the
 * index, and only for bounds on the grid (`spansAnswerBests`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bests_closed_time`.execute(db);
  await sql`create index bests_closed_time on bests_closed ${INDEX_COLUMNS}
    where ${closedRowAskable()}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bests_closed_time`.execute(db);
  await sql`create index bests_closed_time on bests_closed ${INDEX_COLUMNS}`.execute(db);
}
