import { sql, type RawBuilder } from 'kysely';
import { type BoardRequest, type Source, athleteMatch } from './board-request';
import { columns, entryFilters, order, sourceSql } from './source-sql';

/** Shape `walk`: each source's board index in rank order. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

/**
 * A source's walk. With `bound`, the walk stops at the entry `budget` places down the
 * source (date and lane filters applied, athlete filters not): athlete sets are often
 * far from uniform over a ranking (a girls' team on a board topped by football
 * players), and an unbounded walk would then read most of the board before it meets
 * them. `bound` names the CTE holding that entry's value (null: the source is shorter).
 */
export function walkSource(
  request: BoardRequest,
  source: Source,
  bound?: string,
): RawBuilder<unknown> {
  const s = sourceSql(request, source);
  const { filters } = request;
  const limit = bound
    ? request.lowerIsBetter
      ? sql`and ${s.value} <= coalesce((select value from ${sql.id(bound)}), 2147483647)`
      : sql`and ${s.value} >= coalesce((select value from ${sql.id(bound)}), 0)`
    : sql``;
  const where = sql`account_id = ${request.accountId} and ${s.key} ${entryFilters(filters)} ${limit}
    ${athleteMatch(filters, sql`${s.table}.athlete_id`)}`;
  if (!request.distinct) {
    return sql`(select ${columns(s)} from ${s.table} where ${where} ${order(request, s)} limit ${request.limit})`;
  }
  // After the previous entry in rank order (value, then recorded_at, then id ascending).
  const after = request.lowerIsBetter
    ? sql`(${s.value}, recorded_at, ${s.id}) > (walk.value, walk.recorded_at, walk.id)`
    : sql`${s.value} <= walk.value
        and (${s.value} < walk.value or (recorded_at, ${s.id}) > (walk.recorded_at, walk.id))`;
  return sql`(with recursive walk as (
      (select ${columns(s)}, array[athlete_id] as seen from ${s.table}
        where ${where} ${order(request, s)} limit 1)
      union all
      select next.id, next.athlete_id, next.value, next.recorded_at, next.lane_id,
        walk.seen || next.athlete_id
      from walk cross join lateral (
        select ${columns(s)} from ${s.table}
        where ${where} and ${after} and athlete_id <> all (walk.seen)
        ${order(request, s)} limit 1) next
      where cardinality(walk.seen) < ${request.limit})
    select id, athlete_id, value, recorded_at, lane_id from walk)`;
}

/** The value `budget` entries down a source (date and lane filters applied). */
export function boundOf(
  request: BoardRequest,
  source: Source,
  budget: number,
): RawBuilder<unknown> {
  const s = sourceSql(request, source);
  return sql`select ${s.value} as value from ${s.table}
    where account_id = ${request.accountId} and ${s.key} ${entryFilters(request.filters)}
    ${order(request, s)} offset ${budget} limit 1`;
}
