import { sql, type RawBuilder } from 'kysely';
import {
  type BoardFilters,
  type BoardRequest,
  athleteMatch,
  athleteSet,
  hasAthleteFilter,
} from './board-request';
import { athleteBest } from './shape-athletes';
import { direction, hasDateFilter } from './source-sql';

/** Shape `bests`: each athlete's best per board from `board_bests` (migrations 009 and 012). The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

/**
 * Whether `board_bests` can answer: it holds each athlete's best of every lane and of each
 * lane (migration 012), but not of a date range (an athlete's best may lie outside it);
 * and it only helps a distinct board or one under athlete filters (a plain board's walk
 * reads `n` entries already).
 */
export const bestsApply = (request: Pick<BoardRequest, 'distinct' | 'filters'>): boolean =>
  !hasDateFilter(request.filters) && (request.distinct || hasAthleteFilter(request.filters));

/** `board_bests.lane_key` of the request: its lane, or -1 for the bests of every lane. */
const laneKey = (f: BoardFilters): number => f.laneId ?? -1;

const bestsOrder = sql`order by rank_value, recorded_at, result_id`;
const bestsColumns = sql`result_id as id, athlete_id, value, recorded_at, lane_id`;

/**
 * The first `limit` bests of a board among the athletes the filters leave: a walk of
 * `board_bests_rank` (athlete filters probed per entry, at most one entry per athlete),
 * or with `bySet` the rows of the `set_bests` CTE (the set's athletes' bests).
 */
function bestsTop(request: BoardRequest, board: number, bySet: boolean): RawBuilder<unknown> {
  if (bySet) {
    return sql`(select ${bestsColumns} from set_bests where board_mm = ${board}
      ${bestsOrder} limit ${request.limit})`;
  }
  return sql`(select ${bestsColumns} from board_bests
    where account_id = ${request.accountId} and event_type_id = ${request.eventTypeId}
      and lane_key = ${laneKey(request.filters)}
      and board_mm = ${board} ${athleteMatch(request.filters, sql`board_bests.athlete_id`)}
    ${bestsOrder} limit ${request.limit})`;
}

/**
 * `board_athletes` (the athlete set) and `set_bests` (their bests on the boards `mm`).
 * One descent per athlete reads their bests of every board of the request; `offset 0`
 * keeps it so (flattened, a one-board request was planned as a hash join over the
 * board's whole rank index: 9,800 rows for a 475-athlete roster, 12 ms). `rankOnly`: only
 * the athlete, the board and the rank, which the primary key's index holds (migration
 * 024), so each descent is index-only: the leaders shape needs no more (its statements
 * 13-21 % faster at a million results, docs/leaderboard.md).
 */
export function setBests(
  request: BoardRequest,
  mm: number[],
  rankOnly = false,
): RawBuilder<unknown>[] {
  const columns = rankOnly ? sql`athlete_id, board_mm, rank_value, recorded_at, result_id` : sql`*`;
  return [
    sql`board_athletes as materialized (${athleteSet(request.accountId, request.filters)})`,
    sql`set_bests as materialized (select b.* from board_athletes ba cross join lateral (
        select ${columns} from board_bests where account_id = ${request.accountId}
          and event_type_id = ${request.eventTypeId} and athlete_id = ba.id
          and lane_key = ${laneKey(request.filters)} and board_mm between ${Math.min(...mm)} and ${Math.max(...mm)} offset 0) b
      where b.board_mm in (${sql.join(mm)}))`,
  ];
}

/**
 * The bests shape: distinct, each board's top bests are its entries. Not distinct (under
 * athlete filters), a board's best `n` entries belong to the athletes whose bests are
 * its top `n` (anyone else has `n` better entries ahead of all of theirs), so only those
 * athletes' entries are read, `n` per source.
 */
export function bestsBoards(request: BoardRequest, bySet: boolean): RawBuilder<unknown> {
  const ctes: RawBuilder<unknown>[] = [];
  const boards = request.boards.filter((b) => b.sources.length > 0);
  if (bySet) {
    const mm = boards.map((b) => b.distanceMm);
    ctes.push(...setBests(request, mm));
  }
  const dir = direction(request);
  const parts: RawBuilder<unknown>[] = [];
  let index = 0;
  for (const board of request.boards) {
    const first = index;
    index += board.sources.length;
    if (board.sources.length === 0) continue;
    const head = sql`select ${board.distanceMm}::integer as board`;
    const top = bestsTop(request, board.distanceMm, bySet);
    if (request.distinct) {
      parts.push(sql`${head}, ${first}::integer as src, c.* from ${top} c`);
      continue;
    }
    const name = `top_${board.distanceMm}`;
    ctes.push(sql`${sql.id(name)} as materialized ${top}`);
    board.sources.forEach((source, i) => {
      parts.push(sql`${head}, ${first + i}::integer as src, c.* from (select e.*
        from ${sql.id(name)} t cross join lateral (${athleteBest(request, source, sql`t.athlete_id`, request.limit)}) e
        order by e.value ${dir}, e.recorded_at, e.id limit ${request.limit}) c`);
    });
  }
  const withs = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  return sql`${withs}${sql.join(parts, sql` union all `)}`;
}
