import { sql, type RawBuilder } from 'kysely';
import {
  type BoardRequest,
  type CandidateRow,
  type Shape,
  athleteSet,
  hasAthleteFilter,
} from './board-request';
import { athletesSource } from './shape-athletes';
import { bestsBoards } from './shape-bests';
import { boundOf, walkSource } from './shape-walk';
import { windowBoards } from './shape-window';

/** The statement: every board's candidates in one query, their names, and the ranking of the rows it returns. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

/**
 * The candidates of every board of the request in one statement: a superset of each
 * board's entries (the best `limit` of each source, one per athlete when distinct),
 * which `rankBoards` cuts and ranks. Kept this plain on purpose: planning a statement
 * costs more than running these walks (docs/leaderboard.md).
 *
 * With `budget` (the walk shape under athlete filters), each source's walk stops
 * `budget` entries down, and each source also yields a marker row (`id` null) when it
 * was cut there: `incompleteSources` then tells which sources need another shape.
 */
export function candidatesQuery(
  request: BoardRequest,
  shape: Shape,
  budget?: number,
  bestsBySet = true,
): RawBuilder<QueriedRow> | undefined {
  if (request.boards.every((b) => b.sources.length === 0)) return undefined;
  if (shape === 'window') return withNames(windowBoards(request));
  if (shape === 'bests') {
    return withNames(bestsBoards(request, bestsBySet && hasAthleteFilter(request.filters)));
  }
  const ctes: RawBuilder<unknown>[] = [];
  if (shape === 'athletes') {
    ctes.push(
      sql`board_athletes as materialized (${athleteSet(request.accountId, request.filters)})`,
    );
  }
  const parts: RawBuilder<unknown>[] = [];
  let index = 0;
  for (const board of request.boards) {
    for (const source of board.sources) {
      const src = index++;
      const head = sql`select ${board.distanceMm}::integer as board, ${src}::integer as src`;
      if (shape === 'athletes') {
        parts.push(sql`${head}, c.* from ${athletesSource(request, source)} c`);
      } else if (budget === undefined) {
        parts.push(sql`${head}, c.* from ${walkSource(request, source)} c`);
      } else {
        const bound = `bound_${src}`;
        ctes.push(sql`${sql.id(bound)} as materialized (${boundOf(request, source, budget)})`);
        parts.push(sql`${head}, c.* from ${walkSource(request, source, bound)} c`);
        parts.push(sql`${head}, null::bigint, null::bigint, null::integer, null::timestamptz,
          null::smallint from ${sql.id(bound)}`);
      }
    }
  }
  const withs = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ` : sql``;
  return withNames(sql`${withs}${sql.join(parts, sql` union all `)}`);
}

/**
 * The athletes' names, one primary-key probe per candidate: `offset 0` keeps the
 * planner from flattening the lateral into a join, which it ran as a hash of the
 * whole athletes table (30,000 rows, 7 ms) for a few dozen candidates.
 */
export function withNames(candidates: RawBuilder<unknown>): RawBuilder<QueriedRow> {
  return sql<QueriedRow>`select c.*, n.first_name, n.middle_name, n.last_name
    from (${candidates}) c left join lateral (
      select first_name, middle_name, last_name from athletes a where a.id = c.athlete_id offset 0
    ) n on true`;
}

/** A row of `candidatesQuery`: a candidate, or (id null) a bounded walk's marker. */
export type QueriedRow = CandidateRow | (Omit<CandidateRow, 'id'> & { id: null });

export const isCandidate = (row: QueriedRow): row is CandidateRow => row.id !== null;

/**
 * Sources whose bounded walk (`candidatesQuery` with a budget) stopped at its bound
 * before it had `limit` candidates: their best may lie further down.
 */
export function incompleteSources(
  request: Pick<BoardRequest, 'limit'>,
  rows: readonly QueriedRow[],
): Set<number> {
  const found = new Map<number, number>();
  const cut = new Set<number>();
  for (const row of rows) {
    if (row.id === null) cut.add(row.src);
    else found.set(row.src, (found.get(row.src) ?? 0) + 1);
  }
  return new Set([...cut].filter((src) => (found.get(src) ?? 0) < request.limit));
}

/** The request with only the given sources (numbered as `candidatesQuery` numbers them). */
export function onlySources(request: BoardRequest, sources: Set<number>): BoardRequest {
  let index = 0;
  return {
    ...request,
    boards: request.boards.map((board) => ({
      ...board,
      sources: board.sources.filter(() => sources.has(index++)),
    })),
  };
}

export interface RankedRow extends CandidateRow {
  rank: number;
}

/**
 * Each board's entries from its candidates: in rank order (value, then the earlier
 * recorded_at, then the lower id), one per athlete when distinct (their first, i.e.
 * best), cut at `limit`, ranked by competition ranking (equal values share a rank).
 */
export function rankBoards(
  request: Pick<BoardRequest, 'lowerIsBetter' | 'limit' | 'distinct'>,
  rows: readonly CandidateRow[],
): Map<number, RankedRow[]> {
  const sign = request.lowerIsBetter ? 1 : -1;
  const sorted = [...rows].sort(
    (a, b) =>
      a.board - b.board ||
      sign * (a.value - b.value) ||
      a.recorded_at.getTime() - b.recorded_at.getTime() ||
      compareIds(a.id, b.id),
  );
  const boards = new Map<number, RankedRow[]>();
  const seen = new Map<number, Set<string>>();
  for (const row of sorted) {
    const entries = boards.get(row.board) ?? [];
    boards.set(row.board, entries);
    if (entries.length >= request.limit) continue;
    if (request.distinct) {
      const athletes = seen.get(row.board) ?? new Set<string>();
      seen.set(row.board, athletes);
      if (athletes.has(row.athlete_id)) continue;
      athletes.add(row.athlete_id);
    }
    const previous = entries.at(-1);
    const rank = previous && previous.value === row.value ? previous.rank : entries.length + 1;
    entries.push({ ...row, rank });
  }
  return boards;
}

/** bigint ids arrive as strings: shorter is smaller, then by digits. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
