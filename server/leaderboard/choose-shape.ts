import { sql, type RawBuilder } from 'kysely';
import {
  type BoardFilters,
  type BoardRequest,
  type Shape,
  athleteSet,
  hasAthleteFilter,
} from './board-request';
import { bestsApply } from './shape-bests';
import { dateFilters, hasDateFilter } from './source-sql';

/** Choosing the shape of a request from the facts the probes gather. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

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
