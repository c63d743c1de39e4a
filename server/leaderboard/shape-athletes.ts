import { sql, type RawBuilder } from 'kysely';
import { type BoardRequest, type Source } from './board-request';
import { columns, direction, entryFilters, order, sourceSql } from './source-sql';

/** Shape `athletes`: each filtered athlete's own best entries, through the per-athlete board indexes. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

/** An athlete's best `limit` entries of a source (the per-athlete board indexes). */
export function athleteBest(
  request: BoardRequest,
  source: Source,
  athlete: RawBuilder<unknown>,
  limit: number,
): RawBuilder<unknown> {
  const s = sourceSql(request, source);
  return sql`select ${columns(s)}
    from ${s.table} where athlete_id = ${athlete} and ${s.key} ${entryFilters(request.filters)}
    ${order(request, s)} limit ${limit}`;
}

export function athletesSource(request: BoardRequest, source: Source): RawBuilder<unknown> {
  const dir = direction(request);
  // The per-athlete board indexes lead with athlete_id; board_athletes is account-scoped.
  const best = (athlete: RawBuilder<unknown>, limit: number) =>
    athleteBest(request, source, athlete, limit);
  // Each athlete's best; the best `limit` of those are the source's distinct candidates.
  const bests = sql`select e.* from board_athletes ba cross join lateral (${best(sql`ba.id`, 1)}) e
    order by e.value ${dir}, e.recorded_at, e.id limit ${request.limit}`;
  if (request.distinct) return sql`(${bests})`;
  // Not distinct: the best `limit` entries belong to athletes whose own best is among the
  // best `limit` bests (any other athlete has `limit` better bests ahead of all their
  // entries), so only those athletes are read further: one descent per athlete, plus
  // `limit` entries of `limit` athletes, instead of `limit` entries of every athlete.
  return sql`(select e.* from (${bests}) top cross join lateral (${best(sql`top.athlete_id`, request.limit)}) e
    order by e.value ${dir}, e.recorded_at, e.id limit ${request.limit})`;
}
