import { sql, type RawBuilder } from 'kysely';

/**
 * The SQL of the leaderboard (docs/leaderboard.md has the reasoning and the figures).
 *
 * A board of distance X ranks, for one event type, every plausible result with a time at
 * X: the totals of runs of distance X (`results`) and the splits at X of longer runs
 * (`result_splits`, one source per run distance D > X). Each source is one range of a
 * board index whose key is the rank order `(value, recorded_at, id)`, so every shape
 * below is a walk over a few index entries. Three shapes, chosen per request by
 * `chooseShape`:
 *
 * - `walk`: each source's board index in rank order, filters checked on the index
 *   entries: `LIMIT n`, or with `isDistinct` a recursive walk that repeatedly takes the
 *   next entry of an athlete not yet on the board (a loose index scan).
 * - `athletes`: when the athlete filters leave few athletes, each athlete's own best
 *   entries through the per-athlete board indexes (LATERAL, `LIMIT n` or 1), merged.
 * - `window`: when the date range holds few results, those results (by date index) and
 *   their splits, ranked in memory with window functions.
 * - `bests`: without a date filter, each athlete's best per board (in the lane, or of
 *   every lane) from `board_bests` (migrations 009 and 012, kept by triggers): a distinct board is its first `n`
 *   rows in rank order; under athlete filters, the athletes' bests (one descent each for
 *   every board) or a walk over the bests, and when not distinct the entries of only the
 *   athletes whose best makes the top `n`.
 */
/** One source of a board: totals of runs of distance `board`, or splits at `board` of runs of `run`. */
export interface Source {
  kind: 'total' | 'split';
  /** The runs' distance (mm): `board` for totals, longer for splits. */
  run: number;
  /** The board's distance (mm). */
  board: number;
}

export interface BoardFilters {
  /** Inclusive start, exclusive end. */
  from?: Date;
  to?: Date;
  laneId?: number;
  sportId?: number;
  positionId?: number;
  rosterId?: number;
}

export interface BoardRequest {
  accountId: string;
  eventTypeId: number;
  lowerIsBetter: boolean;
  /** Board distances, ascending; each with its sources (may be none). */
  boards: { distanceMm: number; sources: Source[] }[];
  limit: number;
  distinct: boolean;
  filters: BoardFilters;
}

export type Shape = 'walk' | 'athletes' | 'window' | 'bests';

export interface CandidateRow {
  board: number;
  /** Which source of the request (in order of boards and their sources). */
  src: number;
  id: string;
  athlete_id: string;
  value: number;
  recorded_at: Date;
  lane_id: number | null;
  first_name: string;
  middle_name: string;
  last_name: string;
}

export const hasAthleteFilter = (f: BoardFilters): boolean =>
  f.sportId !== undefined || f.positionId !== undefined || f.rosterId !== undefined;

/** A position names its sport: the sport condition lets the index range cover both. */
function sportOf(f: BoardFilters): RawBuilder<unknown> | undefined {
  if (f.sportId !== undefined) return sql`${f.sportId}`;
  if (f.positionId !== undefined)
    return sql`(select sport_id from positions where id = ${f.positionId})`;
  return undefined;
}

/**
 * The athletes the filters leave (ids), for the `athletes` shape and the size probe: a
 * roster's members (the caller has checked that the roster is the account's), a
 * sport's or a position's athletes (`athletes_sport_position`), or those on all of them.
 */
export function athleteSet(accountId: string, f: BoardFilters): RawBuilder<{ id: string }> {
  const sport = sportOf(f);
  const conditions: RawBuilder<unknown>[] = [sql`a.account_id = ${accountId}`];
  if (sport) conditions.push(sql`a.sport_id = ${sport}`);
  if (f.positionId !== undefined) conditions.push(sql`a.position_id = ${f.positionId}`);
  if (f.rosterId === undefined) {
    return sql`select a.id from athletes a where ${sql.join(conditions, sql` and `)}`;
  }
  if (!sport)
    return sql`select athlete_id as id from roster_athletes where roster_id = ${f.rosterId}`;
  return sql`select a.id from roster_athletes ra join athletes a on a.id = ra.athlete_id
    where ra.roster_id = ${f.rosterId} and ${sql.join(conditions, sql` and `)}`;
}

/**
 * The athlete filters as a check of one entry's athlete, for the shapes that meet the
 * athletes one entry at a time: a probe of `roster_athletes_pkey` and of the athlete's
 * row. Cheaper than building the whole set when it is large, and a large set is
 * exactly when these shapes are chosen. (Written as `exists`, the planner runs it as a
 * per-entry probe; an `in (set)` became a nested loop over the whole set per entry.)
 */
function athleteMatch(f: BoardFilters, athleteId: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.rosterId !== undefined) {
    parts.push(sql`and exists (select 1 from roster_athletes ra
      where ra.roster_id = ${f.rosterId} and ra.athlete_id = ${athleteId})`);
  }
  const sport = sportOf(f);
  if (sport) {
    const position = f.positionId === undefined ? sql`` : sql`and a.position_id = ${f.positionId}`;
    parts.push(sql`and exists (select 1 from athletes a
      where a.id = ${athleteId} and a.sport_id = ${sport} ${position})`);
  }
  return sql.join(parts, sql` `);
}

/* ---------- the pieces of a source ---------- */

interface SourceSql {
  table: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
  value: RawBuilder<unknown>;
  /** The board index's equality prefix after the account (or athlete) column. */
  key: RawBuilder<unknown>;
}

function sourceSql(request: BoardRequest, source: Source): SourceSql {
  if (source.kind === 'total') {
    return {
      table: sql`results`,
      id: sql`id`,
      value: sql`result`,
      key: sql`event_type_id = ${request.eventTypeId} and distance_mm = ${source.board} and not implausible`,
    };
  }
  return {
    table: sql`result_splits`,
    id: sql`result_id`,
    value: sql`split_ms`,
    key: sql`event_type_id = ${request.eventTypeId} and distance_mm = ${source.run}
      and split_distance_mm = ${source.board} and not implausible`,
  };
}

const direction = (request: BoardRequest) => (request.lowerIsBetter ? sql`asc` : sql`desc`);

export const hasDateFilter = (f: BoardFilters): boolean =>
  f.from !== undefined || f.to !== undefined;

function dateFilters(f: BoardFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (f.from) parts.push(sql`and recorded_at >= ${f.from}`);
  if (f.to) parts.push(sql`and recorded_at < ${f.to}`);
  return sql.join(parts, sql` `);
}

const laneFilter = (f: BoardFilters): RawBuilder<unknown> =>
  f.laneId === undefined ? sql`` : sql`and lane_id = ${f.laneId}`;

/** Date and lane: both are columns of every board index, checked on its entries. */
const entryFilters = (f: BoardFilters): RawBuilder<unknown> =>
  sql`${dateFilters(f)} ${laneFilter(f)}`;

function columns(s: SourceSql): RawBuilder<unknown> {
  return sql`${s.id} as id, athlete_id, ${s.value} as value, recorded_at, lane_id`;
}

function order(request: BoardRequest, s: SourceSql): RawBuilder<unknown> {
  return sql`order by ${s.value} ${direction(request)}, recorded_at, ${s.id}`;
}

/* ---------- shape: walk ---------- */

/**
 * A source's walk. With `bound`, the walk stops at the entry `budget` places down the
 * source (date and lane filters applied, athlete filters not): athlete sets are often
 * far from uniform over a ranking (a girls' team on a board topped by football
 * players), and an unbounded walk would then read most of the board before it meets
 * them. `bound` names the CTE holding that entry's value (null: the source is shorter).
 */
function walkSource(request: BoardRequest, source: Source, bound?: string): RawBuilder<unknown> {
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
function boundOf(request: BoardRequest, source: Source, budget: number): RawBuilder<unknown> {
  const s = sourceSql(request, source);
  return sql`select ${s.value} as value from ${s.table}
    where account_id = ${request.accountId} and ${s.key} ${entryFilters(request.filters)}
    ${order(request, s)} offset ${budget} limit 1`;
}

/* ---------- shape: athletes ---------- */

/** An athlete's best `limit` entries of a source (the per-athlete board indexes). */
function athleteBest(
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

function athletesSource(request: BoardRequest, source: Source): RawBuilder<unknown> {
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

/* ---------- shape: bests ---------- */

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
 * board's whole rank index: 9,800 rows for a 475-athlete roster, 12 ms).
 */
function setBests(request: BoardRequest, mm: number[]): RawBuilder<unknown>[] {
  return [
    sql`board_athletes as materialized (${athleteSet(request.accountId, request.filters)})`,
    sql`set_bests as materialized (select b.* from board_athletes ba cross join lateral (
        select * from board_bests where account_id = ${request.accountId}
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
function bestsBoards(request: BoardRequest, bySet: boolean): RawBuilder<unknown> {
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

/* ---------- the athletes shape, led by the bests ---------- */

/**
 * The athletes shape for a date filter, reading only the athletes likeliest to be on the
 * boards: per board, the `k` of the set whose bests (`board_bests`, in the request's lane
 * or of every lane) rank first, then each one's best entries per source in the date
 * range. Every entry of an athlete ranks at or after their best, so a source's
 * answer is complete once its `limit`-th candidate ranks before the best of the next
 * athlete in line (or the set has no more): no later athlete can come before it. A
 * source left incomplete yields a marker row (`id` null) and no candidates, and the
 * caller reads it with the full athletes shape (`incompleteSources`).
 */
export function leadersQuery(request: BoardRequest, k: number): RawBuilder<QueriedRow> | undefined {
  const boards = request.boards.filter((b) => b.sources.length > 0);
  if (boards.length === 0) return undefined;
  const ctes = setBests(
    request,
    boards.map((b) => b.distanceMm),
  );
  const dir = direction(request);
  const perAthlete = request.distinct ? 1 : request.limit;
  const parts: RawBuilder<unknown>[] = [];
  let index = 0;
  for (const board of request.boards) {
    if (board.sources.length === 0) continue;
    const lead = `lead_${board.distanceMm}`;
    ctes.push(sql`${sql.id(lead)} as materialized (select athlete_id, rank_value, recorded_at, result_id
      from set_bests where board_mm = ${board.distanceMm}
      order by rank_value, recorded_at, result_id limit ${k + 1})`);
    for (const source of board.sources) {
      const src = index++;
      const cand = `cand_${src}`;
      const ok = `ok_${src}`;
      const head = sql`select ${board.distanceMm}::integer as board, ${src}::integer as src`;
      ctes.push(sql`${sql.id(cand)} as materialized (select e.* from (
          select athlete_id from ${sql.id(lead)} order by rank_value, recorded_at, result_id limit ${k}) l
        cross join lateral (${athleteBest(request, source, sql`l.athlete_id`, perAthlete)}) e
        order by e.value ${dir}, e.recorded_at, e.id limit ${request.limit})`);
      const rankKey = request.lowerIsBetter ? sql`value` : sql`-value`;
      ctes.push(sql`${sql.id(ok)} as materialized (select (select count(*) from ${sql.id(lead)}) <= ${k}
        or ((select count(*) from ${sql.id(cand)}) = ${request.limit}
          and (select (${rankKey}, recorded_at, id) from ${sql.id(cand)}
                order by value ${dir}, recorded_at, id offset ${request.limit - 1} limit 1)
            < (select (rank_value, recorded_at, result_id) from ${sql.id(lead)}
                order by rank_value, recorded_at, result_id offset ${k} limit 1)) as complete)`);
      parts.push(
        sql`${head}, c.* from ${sql.id(cand)} c where (select complete from ${sql.id(ok)})`,
      );
      parts.push(sql`${head}, null::bigint, null::bigint, null::integer, null::timestamptz,
        null::smallint from ${sql.id(ok)} where not complete`);
    }
  }
  return withNames(sql`with ${sql.join(ctes, sql`, `)} ${sql.join(parts, sql` union all `)}`);
}

/* ---------- shape: window ---------- */

function windowBoards(request: BoardRequest): RawBuilder<unknown> {
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

/* ---------- the statement ---------- */

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
function withNames(candidates: RawBuilder<unknown>): RawBuilder<QueriedRow> {
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

/* ---------- choosing the shape ---------- */

export interface ShapeLimits {
  /** At most this many athletes left by the athlete filters: the `athletes` shape may answer. */
  maxAthletes: number;
  /** At most this many results of the event type in the date range: the `window` shape may answer. */
  maxWindow: number;
  /**
   * Under athlete filters the walk reads at most this many entries per entry it must
   * find (`walkBudget`), before the `athletes` shape takes over the sources it could
   * not complete.
   */
  walkBudget: number;
  /**
   * The athletes shape under a long date range first reads only this many athletes per
   * entry it must find, those with the best bests of the lane or all (`leadersQuery`)...
   */
  leaders: number;
  /** ...when the range covers at least this share of the event type's history... */
  leadersMinShare: number;
  /** ...and the set has more than this many leaders' worth of athletes. */
  leadersMinSet: number;
}

export const DEFAULT_SHAPE_LIMITS: ShapeLimits = {
  maxAthletes: 1000,
  maxWindow: 5000,
  walkBudget: 100,
  leaders: 4,
  leadersMinShare: 0.25,
  leadersMinSet: 10,
};

/**
 * Whether the athletes shape reads the set's leaders first (`leadersQuery`): only under
 * a long date range, for a large set. Measured at 1 M results (docs/performance.md): a
 * year of a 475-athlete roster on three boards 10.6 → 5.6 ms of database time; but one
 * testing day leaves most leaders without a run inside the filter, the sources are read
 * whole after all, and the request costs more than the athletes shape alone (5-6 ms
 * instead of 2-3). A lane was the same until the bests had lanes (migration 012): the
 * leaders are now the best in the lane.
 */
export function leadersApply(
  request: Pick<BoardRequest, 'filters' | 'limit'>,
  facts: ShapeFacts,
  limits: ShapeLimits,
): boolean {
  return (
    hasDateFilter(request.filters) &&
    historyShare(request.filters, facts) >= limits.leadersMinShare &&
    facts.athletes !== undefined &&
    facts.athletes > limits.leadersMinSet * limits.leaders * request.limit
  );
}

/** Index entries a bounded walk may read per source (500 for a board of five, 1,000 distinct). */
export function walkBudget(
  request: Pick<BoardRequest, 'limit' | 'distinct'>,
  limits: ShapeLimits,
): number {
  const wanted = request.limit * (request.distinct ? 2 : 1);
  return Math.max(1, Math.min(8000, Math.ceil(limits.walkBudget * wanted)));
}

/**
 * Relative costs, in index entries read by a walk (measured at 1 M results, PostgreSQL
 * 15, docs/leaderboard.md): a result of the window shape costs a heap fetch, a probe for
 * its splits and its share of a sort; an athlete of the athletes shape an index descent
 * per source; a distinct walk reads about four entries per entry it keeps (the athletes
 * already on the board, their next-best runs).
 */
const WINDOW_ROW_COST = 15;
const ATHLETE_COST = 3;
const DISTINCT_WALK_FACTOR = 4;

/**
 * What the choice needs, from one statement (`sizeProbes`, `historyBounds`): how many
 * athletes the athlete filters leave and how many results the date range holds (each
 * counted only up to just past its limit), and the first and last result of the event
 * type, which tell what share of the history the range covers.
 */
export interface ShapeFacts {
  athletes?: number;
  window?: number;
  first?: Date | null;
  last?: Date | null;
}

/**
 * The cheapest shape by estimate: the walk reads about `limit / share` entries per
 * source, where `share` is the part of the event type's history inside the date range
 * (a narrow range on a long history makes the walk skip most of what it reads); the
 * window shape costs in proportion to the results in range; the athletes shape to the
 * athletes times the sources. The walk is the fallback: it is the only shape without a
 * size limit.
 */
export function chooseShape(
  request: Pick<BoardRequest, 'boards' | 'limit' | 'distinct' | 'filters'>,
  facts: ShapeFacts,
  limits: ShapeLimits,
): Shape {
  const sources = Math.max(
    1,
    request.boards.reduce((sum, b) => sum + b.sources.length, 0),
  );
  const perSource = request.limit * (request.distinct ? DISTINCT_WALK_FACTOR : 1);
  const walk = (sources * perSource) / historyShare(request.filters, facts);
  if (bestsApply(request)) {
    // One entry per athlete and board instead of every source's entries: distinct
    // boards always; under athlete filters, not distinct, when the athletes shape would
    // otherwise answer (a large set's bounded walk stays cheaper than the bests' walk
    // plus `n` descents per source).
    if (request.distinct || (facts.athletes !== undefined && facts.athletes <= limits.maxAthletes))
      return 'bests';
  }
  const options: [Shape, number][] = [['walk', walk]];
  if (facts.window !== undefined && facts.window <= limits.maxWindow) {
    options.push(['window', facts.window * WINDOW_ROW_COST]);
  }
  if (facts.athletes !== undefined && facts.athletes <= limits.maxAthletes) {
    // A few athletes: always bounded, while the walk may read past everyone else.
    options.push(['athletes', facts.athletes * sources * ATHLETE_COST]);
    options.shift();
  }
  options.sort((a, b) => a[1] - b[1]);
  return options[0]![0];
}

/** The share of [first, last] inside [from, to), assuming results spread evenly over time. */
export function historyShare(f: BoardFilters, facts: ShapeFacts): number {
  if (!f.from && !f.to) return 1;
  if (!facts.first || !facts.last) return 1;
  const first = facts.first.getTime();
  const last = facts.last.getTime() + 1;
  const from = Math.max(first, f.from?.getTime() ?? first);
  const to = Math.min(last, f.to?.getTime() ?? last);
  return Math.min(1, Math.max(1e-6, (to - from) / (last - first)));
}

/** The first and last result of the event type in the account (two index descents). */
export function historyBounds(
  accountId: string,
  eventTypeId: number,
): {
  first: RawBuilder<unknown>;
  last: RawBuilder<unknown>;
} {
  const where = sql`account_id = ${accountId} and event_type_id = ${eventTypeId}`;
  return {
    first: sql`(select recorded_at from results where ${where} order by recorded_at limit 1)`,
    last: sql`(select recorded_at from results where ${where} order by recorded_at desc limit 1)`,
  };
}

/**
 * How many athletes the athlete filters leave and how many results of the event type
 * the date range holds, each counted only up to just past its limit (a few index
 * entries), as scalar subqueries for one statement; `null` when the filter is absent.
 */
export function sizeProbes(
  request: Pick<BoardRequest, 'accountId' | 'eventTypeId' | 'filters'>,
  limits: ShapeLimits,
): { athletes: RawBuilder<unknown>; window: RawBuilder<unknown> } {
  const { filters } = request;
  return {
    athletes: hasAthleteFilter(filters)
      ? sql`(select count(*) from (${athleteSet(request.accountId, filters)}
          limit ${limits.maxAthletes + 1}) x)`
      : sql`null::bigint`,
    window: hasDateFilter(filters)
      ? sql`(select count(*) from (select 1 from results
          where account_id = ${request.accountId} and event_type_id = ${request.eventTypeId}
            ${dateFilters(filters)}
          limit ${limits.maxWindow + 1}) x)`
      : sql`null::bigint`,
  };
}

/**
 * The distances the event type's plausible results were run at (a loose index scan of
 * `results_board`: one descent per distinct distance).
 */
export function runDistancesQuery(accountId: string, eventTypeId: number): RawBuilder<unknown> {
  const where = sql`account_id = ${accountId} and event_type_id = ${eventTypeId} and not implausible`;
  return sql`array(with recursive d(mm) as (
      (select distance_mm from results where ${where} order by distance_mm limit 1)
      union all
      select (select distance_mm from results where ${where} and distance_mm > d.mm
              order by distance_mm limit 1)
      from d where d.mm is not null)
    select mm from d where mm is not null)`;
}
