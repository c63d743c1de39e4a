import { sql, type RawBuilder } from 'kysely';
import { type BoardRequest, athleteMatch } from './board-request';
import { direction, entryFilters } from './source-sql';

/** Shape `window`: the results of a short date range, ranked in memory. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

export function windowBoards(request: BoardRequest): RawBuilder<unknown> {
  const { filters } = request;
  const dir = direction(request);
  const totals = request.boards.filter((b) => b.sources.some((s) => s.kind === 'total'));
  const splits = request.boards.filter((b) => b.sources.some((s) => s.kind === 'split'));
  const parts: RawBuilder<unknown>[] = [];
  if (totals.length > 0) {
    parts.push(sql`select distance_mm as board, id, athlete_id, result as value, recorded_at, lane_id
      from in_window where distance_mm in (${sql.join(totals.map((b) => b.distanceMm))})`);
  }
  if (splits.length > 0) {
    // The run's own distance is its total (above), never a split here.
    parts.push(sql`select s.split_distance_mm as board, w.id, w.athlete_id, s.split_ms as value,
        w.recorded_at, w.lane_id
      from in_window w join result_splits s on s.result_id = w.id
      where s.split_distance_mm in (${sql.join(splits.map((b) => b.distanceMm))})
        and s.split_distance_mm < w.distance_mm`);
  }
  const best = request.distinct
    ? sql`select * from (select *, row_number() over (partition by board, athlete_id
          order by value ${dir}, recorded_at, id) as nth_of_athlete from candidates) c
        where nth_of_athlete = 1`
    : sql`select * from candidates`;
  return sql`with in_window as materialized (
      select id, athlete_id, distance_mm, result, recorded_at, lane_id from results
      where account_id = ${request.accountId} and event_type_id = ${request.eventTypeId}
        ${entryFilters(filters)} and not implausible
        ${athleteMatch(filters, sql`results.athlete_id`)}
    ), candidates as (${sql.join(parts, sql` union all `)}),
    placed as (
      select board, id, athlete_id, value, recorded_at, lane_id,
        row_number() over (partition by board order by value ${dir}, recorded_at, id) as place
      from (${best}) b
    )
    select board, 0 as src, id, athlete_id, value, recorded_at, lane_id
    from placed where place <= ${request.limit}`;
}
