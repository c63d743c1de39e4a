import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  DEFAULT_RESULT_SORT,
  MAX_RESULT_OFFSET,
  type ResultListBody,
  type ResultListItemBody,
  type ResultListQuery,
} from '../../contract/event-query';
import type { Database, Program, ResultSource, TimingMethod } from '../db/schema';
import { badRequest } from '../plugins/http-errors';
import {
  and,
  athleteConditions,
  resolveFilters,
  resultConditions,
  sinceAnswersBests,
  sinceScope,
  typeEntryCondition,
  type ConditionOptions,
  type EventTypeInfo,
  type ResultFilters,
} from './list-filters';
import {
  afterCursor,
  afterCursorWithinType,
  cursorTypePosition,
  decodeCursor,
  encodeCursor,
  eventOrder,
  nameKeyOf,
  orderBy,
  sortPlan,
  type Cursor,
  type SortPlan,
} from './list-sort';

/**
 * `GET /api/event`: a page of a results table (docs/api-results.md; query plans in
 * docs/query-plans.md):
 * - a capped count: `count(*)` over at most `countCap + 1` matching rows (at least
 *   SMALL_TABLE + 1, since it also picks the page's plan);
 * - the page: the ids and sort keys of its rows (an index walk in the sort's order, a
 *   merge of per-event-type walks, or, for a small table, its rows sorted), then their
 *   columns and splits in one more statement.
 * With `getBestByAthlete` the rows are each athlete's best per event type and distance
 * (within the program on a program's page): read from `bests_since` when the filters
 * pick results inside a group by date alone and the range runs up to now (the bests of
 * all time included), otherwise ranked from the matching results.
 */
type Db = Kysely<Database>;

export interface ListLimits {
  /** Count at most this many rows (config RESULT_COUNT_CAP). */
  countCap: number;
  /** Tables up to this many rows are sorted whole (default SMALL_TABLE; tests set 0). */
  smallTable?: number;
}

/**
 * What phase 1 reads of each row: the id and the sort's keys only, so that its walks are
 * index-only scans (the rest is read for the page's rows alone).
 */
function keyColumns(plan: SortPlan): RawBuilder<unknown> {
  switch (plan.family) {
    case 'id':
      return sql`r.id`;
    case 'date':
    case 'event':
      return sql`r.id, r.recorded_at`;
    case 'result':
      return sql`r.id, r.result`;
    case 'name':
      return sql`r.id, r.recorded_at, r.athlete_id`;
  }
}

/**
 * What the small-table read takes of each row: the sort's keys (and the event type for
 * Event sorts), no more, so that an index with the filters' columns answers it
 * index-only (`results_type_time` carries the athlete, distance and lane). With every
 * column, the roster's 4,386 sprints of 90 days took one descent per athlete (14.8 ms);
 * with these, a hash join over `results_type_time` (9.7 ms).
 */
function smallColumns(plan: SortPlan): RawBuilder<unknown> {
  return plan.family === 'event' ? sql`r.id, r.recorded_at, r.event_type_id` : keyColumns(plan);
}

/** Every column phase 1 may need (the ranked bests' row source). */
const RANKED_COLUMNS = sql`r.id, r.recorded_at, r.result, r.event_type_id, r.athlete_id`;

/**
 * How the rows of the table are found: the results; the bests (getBestByAthlete) of all
 * time or of a range that runs up to now, from `bests_since`; or the bests ranked from
 * the matching results (lanes, aliases, ranges that end before the newest result, the
 * program 'none').
 */
export type RowSource = 'results' | 'since-bests' | 'ranked-bests';

export function rowSource(filters: ResultFilters): RowSource {
  if (!filters.bestByAthlete) return 'results';
  return sinceAnswersBests(filters) ? 'since-bests' : 'ranked-bests';
}

/** The types a result in the table may have (all the account sees when not filtered). */
function typesInScope(filters: ResultFilters): { type: EventTypeInfo; aliasIds?: number[] }[] {
  if (!filters.typeScope) return [...filters.types.values()].map((type) => ({ type }));
  return filters.typeScope.map((entry) => ({
    type: filters.types.get(entry.typeId)!,
    ...(entry.aliasIds ? { aliasIds: entry.aliasIds } : {}),
  }));
}

/**
 * Whether the page is a merge of one walk per event type: Result sorts over several
 * types (each type's index is in result order, not all of them together); Date sorts
 * over a few types. Each walk stops after `offset + limit` rows: the cost grows with the
 * page's depth times the number of types, which the offset limit bounds (deeper: the
 * cursor). Event sorts walk the types one after the other (eventPage).
 */
function splitByType(filters: ResultFilters, plan: SortPlan): boolean {
  const count = filters.typeScope?.length ?? filters.types.size;
  if (plan.family === 'result') return count > 1;
  if (plan.family === 'date') return filters.typeScope !== undefined && count > 1;
  return false;
}

/**
 * Each athlete's best per event type and distance among the matching results, ranked
 * here (the filters pick results inside the groups), as a row source `r`.
 */
export function rankedBests(filters: ResultFilters): RawBuilder<unknown> {
  return sql`(select distinct on (r.athlete_id, r.event_type_id, r.distance_mm) ${RANKED_COLUMNS}
    from results r join event_types et on et.id = r.event_type_id
    where ${and(resultConditions(filters))} and not r.implausible
    order by r.athlete_id, r.event_type_id, r.distance_mm,
      case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id)`;
}

/**
 * `bests_since` (migration 011) with its `result_id` named `id`, so that the conditions,
 * orders and cursors written for `results r` apply to it (a subquery the planner flattens).
 */
const BESTS_SINCE = sql`(select b.result_id as id, b.account_id, b.scope, b.athlete_id,
  b.event_type_id, b.distance_mm, b.recorded_at, b.result, b.since, b.first_name_key,
  b.middle_name_key, b.last_name_key from bests_since b)`;

/**
 * Each athlete's best per event type and distance (within the program on a program's
 * page) since `from`, read from `bests_since` as a row source `r`: the rows from `from`
 * on whose group has no row between `from` and them (without `from`, the bests of all
 * time: the rows with no since). Only when `sinceAnswersBests`: the range runs up to
 * now. `fence`: a LIMIT that keeps the planner from walking it in the sort's order.
 */
export function sinceBests(filters: ResultFilters, fence?: number): RawBuilder<unknown> {
  const limit = fence === undefined ? sql`` : sql`limit ${fence}`;
  return sql`(select ${RANKED_COLUMNS} from ${BESTS_SINCE} r where ${and(sinceConditions(filters))}
    ${limit})`;
}

/** The conditions on `bests_since` as `r` (BESTS_SINCE) of sinceBests. */
function sinceConditions(
  filters: ResultFilters,
  options: Pick<ConditionOptions, 'withoutAthlete' | 'withoutTypeScope'> = {},
): RawBuilder<unknown>[] {
  const { program: _program, from, ...rest } = filters;
  const where = resultConditions(rest, options);
  where.push(sql`r.scope = ${sinceScope(filters)}`);
  if (from) where.push(sql`r.recorded_at >= ${from}`, sql`(r.since is null or r.since < ${from})`);
  else where.push(sql`r.since is null`);
  return where;
}

/**
 * A name sort walked athlete by athlete: the athletes in name order (their filters and
 * the cursor checked on them), each one's rows of `source` (as `r`, filtered by
 * `within`) apart; `offset 0` keeps the lateral a nested loop. Ordered by `a.id`: the
 * lateral's `athlete_id` is not known to equal it, and a sort by it would read every
 * athlete of one name (most have no middle name).
 */
function athleteWalk(
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  source: RawBuilder<unknown>,
  within: RawBuilder<unknown>[],
  tail: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const key = nameKeyOf(plan.nameColumn!);
  const where = athleteConditions(filters.accountId, filters.athlete ?? {});
  if (cursor) where.push(afterCursor(plan, cursor, { name: key, athleteId: sql`a.id` }));
  return sql`select r.id, r.recorded_at, r.athlete_id, ${key} as k_name
    from athletes a cross join lateral (select r.id, r.recorded_at, r.athlete_id
      from ${source} r where r.athlete_id = a.id and ${and(within)} offset 0) r
    where ${and(where)} order by ${orderBy(plan, { name: key, athlete: sql`a.id` })} ${tail}`;
}

/**
 * Phase 1 of a large table of bests since a date, walked in the sort's order: Name sorts
 * along `bests_since_<name>` (015), or under athlete filters over the athletes they leave
 * in name order (each one's rows by `bests_since`'s primary key), Result sorts one walk
 * per event type (`bests_since_type_result`). Date and None sorts
 * need no more than sinceBests: the planner walks `bests_since_time`,
 * `bests_since_type_time` or `bests_since_id` in their order. Event sorts page with
 * eventPage (`bests_since_type_time`).
 */
function sincePage(
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  const tail = sql`limit ${limit} offset ${offset}`;
  if (plan.family === 'name') {
    const within = sinceConditions(filters, { withoutAthlete: true });
    if (filters.athlete === undefined) {
      // The scope's rows in the name's order, one index (bests_since_<name>, 015): page
      // 500 of Game Speed's year of bests reads ~25,000 entries instead of walking
      // ~4,600 athletes (docs/performance.md, "Results tables", session 9).
      const key = nameKeyOf(plan.nameColumn!, 'r');
      if (cursor)
        within.push(afterCursor(plan, cursor, { name: key, athleteId: sql`r.athlete_id` }));
      return sql`select r.id, r.recorded_at, r.athlete_id, ${key} as k_name
        from ${BESTS_SINCE} r where ${and(within)} order by ${orderBy(plan, { name: key })} ${tail}`;
    }
    // Under athlete filters (a roster, name prefixes), the athletes they leave, in name
    // order, each one's rows by the primary key (athlete, scope, ...). Joined, the planner
    // underestimated the rows per athlete and hashed the whole year of bests, then sorted
    // it (60 ms for page 500 of a year at a million results; walked, ~22 ms).
    return athleteWalk(filters, plan, cursor, BESTS_SINCE, within, tail);
  }
  if (plan.family === 'result') {
    const branches = typesInScope(filters).map(({ type }, index) => {
      const where = [
        ...sinceConditions(filters, { withoutTypeScope: true }),
        sql`r.event_type_id = ${type.id}`,
      ];
      if (cursor) where.push(afterCursor(plan, cursor));
      return sql`(select ${index}::int as k_ord, r.id, r.result from ${BESTS_SINCE} r
        where ${and(where)} order by ${orderBy(plan)} limit ${offset + limit})`;
    });
    if (branches.length === 0) return sql`select r.id, r.result from results r where false`;
    return sql`select * from (${sql.join(branches, sql` union all `)}) r
      order by ${orderBy(plan)} ${tail}`;
  }
  return fromRowSet(filters, plan, cursor, sinceBests(filters), tail);
}

/**
 * Phase 1 over a set of rows computed first (`rows`: the sort's columns; the ranked
 * bests also their `total_n`): the ranked bests, or a small matching set, sorted here
 * rather than walked in an index's order.
 */
function fromRowSet(
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  rows: RawBuilder<unknown>,
  tail: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (plan.family === 'name') {
    // The name joined inside the fence: outside it, the planner would rather walk every
    // athlete in name order against the set (a nested loop of athletes x rows).
    const named = sql`(select b.*, ${nameKeyOf(plan.nameColumn!)} as k_name
      from ${rows} b join athletes a on a.id = b.athlete_id
      where a.account_id = ${filters.accountId} offset 0)`;
    const key = sql`r.k_name collate "C"`;
    const where = cursor ? afterCursor(plan, cursor, { name: key }) : sql`true`;
    return sql`select * from ${named} r
      where ${where} order by ${orderBy(plan, { name: key })} ${tail}`;
  }
  let source = rows;
  let typePosition: number | undefined;
  if (plan.family === 'event') {
    const order = eventOrder(
      plan,
      typesInScope(filters).map((t) => t.type),
    );
    source = sql`(select b.*, array_position(${order.map((t) => t.id)}::int[], b.event_type_id) - 1 as k_ord
      from ${rows} b)`;
    if (cursor) typePosition = cursorTypePosition(plan, order, cursor);
  }
  const where = cursor ? afterCursor(plan, cursor, { typePosition }) : sql`true`;
  return sql`select * from ${source} r where ${where} order by ${orderBy(plan)} ${tail}`;
}

/**
 * A table this small is read whole through its filters' best index and sorted, instead
 * of walked in the sort's order: a walk in an order the filters do not follow (None or
 * a name sort over the last 90 days of one roster) may read most of the account to find
 * a few rows. The capped count (`tableShape`) tells which it is.
 */
export const SMALL_TABLE = 10_000;

/**
 * Phase 1 as one statement: the page's ids and sort keys, in order (`limit` rows after
 * `offset` rows, or after the cursor). `small`: read the matching rows whole (the count
 * found at most `small`) and sort them; false: walk an index in the sort's order (Event
 * sorts then page with eventPage instead).
 */
export function pageQuery(
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  limit: number,
  offset: number,
  small: number | false,
): RawBuilder<unknown> {
  const tail = sql`limit ${limit} offset ${offset}`;
  const source = rowSource(filters);
  if (source === 'ranked-bests') {
    // Counted in the same pass (before the cursor's condition): ranking is the cost.
    const counted = sql`(select b.*, count(*) over () as total_n from ${rankedBests(filters)} b)`;
    return fromRowSet(filters, plan, cursor, counted, tail);
  }
  if (source === 'since-bests') {
    // None sorts of a small table read it whole behind a fence (a LIMIT, as for the
    // results below): else the planner walks bests_since_id, the scope's rows of every
    // date, for the bests of 30 days (30 ms). Other sorts are better off walked where
    // the planner sees fit (the 40-yd sprint's 9,778 bests of a year by date: 12 ms
    // walked, 26 ms read whole).
    // Name sorts always walk: sorting a small table's 9,778 bests by name took 28 ms,
    // walking the athletes to its last page no more than ~20.
    if (small === false || plan.family === 'name') {
      return sincePage(filters, plan, cursor, limit, offset);
    }
    const fence = plan.family === 'id' ? small + 1 : undefined;
    return fromRowSet(filters, plan, cursor, sinceBests(filters, fence), tail);
  }
  if (small !== false) {
    // The fence (a subquery with its own LIMIT, no order) keeps the planner from walking
    // an index in the sort's order.
    const rows = sql`(select ${smallColumns(plan)} from results r
      where ${and(resultConditions(filters))} limit ${small + 1})`;
    return fromRowSet(filters, plan, cursor, rows, tail);
  }
  if (plan.family === 'event') {
    throw new Error('Event sorts over the stored rows of a large table page with eventPage()');
  }

  if (plan.family === 'name') {
    // A walk over the athletes in name order, each athlete's results newest first.
    const own = resultConditions(filters, { withoutAthlete: true });
    if (filters.program !== undefined) {
      // A program page walks, as the planner did before 014: since
      // results_program_type_time carries the athlete, it would rather hash a program's
      // every row against the athletes and sort them (Game Speed page 500 by name:
      // 224 ms, walked: 12 ms).
      return athleteWalk(filters, plan, cursor, sql`results`, own, tail);
    }
    const key = nameKeyOf(plan.nameColumn!);
    const athleteWhere = athleteConditions(filters.accountId, filters.athlete ?? {});
    if (cursor) athleteWhere.push(afterCursor(plan, cursor, { name: key, athleteId: sql`a.id` }));
    return sql`select ${keyColumns(plan)}, ${key} as k_name
      from athletes a join results r on r.athlete_id = a.id
      where ${and([...athleteWhere, ...own])} order by ${orderBy(plan, { name: key })} ${tail}`;
  }

  if (splitByType(filters, plan)) {
    // Each type its own index walk, cut at the most rows the page could take from it:
    // PostgreSQL 15 plans no merge of index walks for a UNION ALL (it sorted them all).
    const branches = typesInScope(filters).map(({ type, aliasIds }, index) => {
      const where = [
        ...resultConditions(filters, { withoutTypeScope: true }),
        typeEntryCondition({ typeId: type.id, ...(aliasIds ? { aliasIds } : {}) }),
      ];
      if (cursor) where.push(afterCursor(plan, cursor));
      return sql`(select ${index}::int as k_ord, ${keyColumns(plan)} from results r
        where ${and(where)} order by ${orderBy(plan)} limit ${offset + limit})`;
    });
    if (branches.length === 0) return sql`select ${keyColumns(plan)} from results r where false`;
    return sql`select * from (${sql.join(branches, sql` union all `)}) r
      order by ${orderBy(plan)} ${tail}`;
  }

  const where = resultConditions(filters);
  if (cursor) where.push(afterCursor(plan, cursor));
  return sql`select ${keyColumns(plan)} from results r where ${and(where)}
    order by ${orderBy(plan)} ${tail}`;
}

/** The capped count (exact up to `cap`; `cap + 1` means "more"). */
export function countQuery(filters: ResultFilters, cap: number): RawBuilder<{ n: number }> {
  if (rowSource(filters) === 'ranked-bests') {
    return sql<{ n: number }>`select count(*)::int as n from (
      select distinct r.athlete_id, r.event_type_id, r.distance_mm from results r
      where ${and(resultConditions(filters))} and not r.implausible) t`;
  }
  if (rowSource(filters) === 'since-bests') {
    return sql<{ n: number }>`select count(*)::int as n from (
      select 1 from ${BESTS_SINCE} r where ${and(sinceConditions(filters))} limit ${cap + 1}) t`;
  }
  return sql<{ n: number }>`select count(*)::int as n from (
    select 1 from results r where ${and(resultConditions(filters))}
    limit ${cap + 1}) t`;
}

export interface ResultRow {
  id: string;
  athlete_id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  event_type_id: number;
  event_alias_id: string | null;
  alias_name: string | null;
  lane_id: number | null;
  recorded_at: Date;
  distance_mm: number;
  result: number;
  program: Program;
  source: ResultSource;
  timing_method: TimingMethod;
  implausible: boolean;
  /** [distance mm, time ms] by distance. */
  splits: [number, number][];
  at_key: string;
  k_name?: string;
  total_n?: number;
}

/**
 * Event sorts over stored rows: the types in name order, each newest first, walked one
 * after the other, each only as far as the page needs: a page deep in the first type
 * reads that type's index up to the page, never the other types (one statement per type
 * touched). @returns the page's ids and their type positions, in order
 */
export async function eventPage(
  db: Db,
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  limit: number,
  offset: number,
): Promise<{ ids: string[]; ords: number[] }> {
  const scope = typesInScope(filters);
  const order = eventOrder(
    plan,
    scope.map((s) => s.type),
  );
  const position = cursor ? cursorTypePosition(plan, order, cursor) : 0;
  const page = { ids: [] as string[], ords: [] as number[] };
  let skip = offset;
  for (const [index, type] of order.entries()) {
    if (index < position) continue;
    const within = cursor && index === position ? cursor : undefined;
    const need = limit - page.ids.length;
    const { rows } = await eventBranchQuery(filters, type.id, within, skip, need).execute(db);
    const n = rows[0]?.n ?? 0;
    if (n <= skip) {
      skip -= n;
      continue;
    }
    skip = 0;
    for (const row of rows) {
      if (row.id === null) continue;
      page.ids.push(row.id);
      page.ords.push(index);
    }
    if (page.ids.length >= limit) break;
  }
  return page;
}

/**
 * One event type's part of an Event sort: its rows newest first after `skip` of them
 * (`need` at most), and how many there were up to `skip + need` (`n`, on every row; one
 * row with a null id when none is left after the skip).
 */
export function eventBranchQuery(
  filters: ResultFilters,
  typeId: number,
  cursor: Cursor | undefined,
  skip: number,
  need: number,
): RawBuilder<{ n: number; id: string | null }> {
  const source = rowSource(filters);
  const aliasIds = filters.typeScope?.find((entry) => entry.typeId === typeId)?.aliasIds;
  const where = [
    ...(source === 'since-bests'
      ? sinceConditions(filters, { withoutTypeScope: true })
      : resultConditions(filters, { withoutTypeScope: true })),
    typeEntryCondition({ typeId, ...(aliasIds ? { aliasIds } : {}) }),
  ];
  if (cursor) where.push(afterCursorWithinType(cursor));
  const table = source === 'since-bests' ? BESTS_SINCE : sql`results`;
  return sql<{ n: number; id: string | null }>`
    with b as materialized (
      select r.id, r.recorded_at from ${table} r where ${and(where)}
      order by r.recorded_at desc, r.id desc limit ${skip + need})
    select (select count(*)::int from b) as n, x.id
    from (select 1) one left join lateral (
      select b.id from b order by b.recorded_at desc, b.id desc offset ${skip}) x on true`;
}

/**
 * Phase 1, whichever way the sort needs (a statement, or the ids found already);
 * `small` as in pageQuery.
 */
export async function pageSource(
  db: Db,
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  limit: number,
  offset: number,
  small: number | false,
): Promise<RawBuilder<unknown>> {
  const source = rowSource(filters);
  if (plan.family === 'event' && source !== 'ranked-bests' && small === false) {
    const { ids, ords } = await eventPage(db, filters, plan, cursor, limit, offset);
    return sql`select * from unnest(${ids}::bigint[], ${ords}::int[]) as p(id, k_ord)`;
  }
  return pageQuery(filters, plan, cursor, limit, offset, small);
}

/**
 * Phase 2: the columns and splits of the page's rows, in the page's order (and the
 * table's size when phase 1 counted it: `total_n`).
 */
export function detailsQuery(
  plan: SortPlan,
  page: RawBuilder<unknown>,
  withTotal = false,
): RawBuilder<ResultRow> {
  const nameKey = plan.family === 'name' ? sql`, p.k_name` : sql``;
  const total = withTotal ? sql`, p.total_n::int as total_n` : sql``;
  return sql<ResultRow>`with page as materialized (${page})
    select r.id, r.athlete_id, a.first_name, a.middle_name, a.last_name, r.event_type_id,
      r.event_alias_id, ea.name as alias_name, r.lane_id, r.recorded_at, r.distance_mm, r.result,
      r.program, r.source, r.timing_method, r.implausible,
      coalesce((select json_agg(json_build_array(s.split_distance_mm, s.split_ms) order by s.split_distance_mm)
        from result_splits s where s.result_id = r.id), '[]'::json) as splits,
      to_char(r.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key ${nameKey} ${total}
    from page p
    join results r on r.id = p.id
    join athletes a on a.id = r.athlete_id
    left join event_aliases ea on ea.id = r.event_alias_id
    order by ${orderBy(plan, { name: sql`p.k_name collate "C"`, ord: sql`p.k_ord` })}`;
}

export function toItem(row: ResultRow, types: Map<number, EventTypeInfo>): ResultListItemBody {
  const type = types.get(row.event_type_id)!;
  const time = type.unit === 'time';
  return {
    id: Number(row.id),
    athlete: {
      id: Number(row.athlete_id),
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
    },
    eventType: { id: type.id, name: type.name, unit: type.unit, lowerIsBetter: type.lowerIsBetter },
    eventAlias:
      row.event_alias_id === null
        ? null
        : { id: Number(row.event_alias_id), name: row.alias_name ?? '' },
    laneId: row.lane_id,
    recordedAt: row.recorded_at.toISOString(),
    distanceMm: row.distance_mm,
    timeMs: time ? row.result : null,
    markMm: time ? null : row.result,
    splits: row.splits.map(([distanceMm, timeMs]) => ({ distanceMm, timeMs })),
    program: row.program,
    source: row.source,
    timingMethod: row.timing_method,
    implausible: row.implausible,
  };
}

/** The cursor after a row. */
export function cursorAfter(
  plan: SortPlan,
  row: ResultRow,
  types: Map<number, EventTypeInfo>,
): string {
  return encodeCursor(plan, cursorOf(plan, row, types));
}

export function cursorOf(
  plan: SortPlan,
  row: ResultRow,
  types: Map<number, EventTypeInfo>,
): Cursor {
  const cursor: Cursor = { id: row.id };
  if (plan.family !== 'id') cursor.at = row.at_key;
  if (plan.family === 'result') cursor.result = row.result;
  if (plan.family === 'name') {
    cursor.name = row.k_name ?? '';
    cursor.athleteId = row.athlete_id;
  }
  if (plan.family === 'event') {
    cursor.typeId = row.event_type_id;
    cursor.typeKey = types.get(row.event_type_id)?.sortKey ?? '';
  }
  return cursor;
}

/**
 * Runs `read` with sequential scans of the tables off, in a transaction of its own. For
 * the small-table read: its rows (at most SMALL_TABLE, the count said) are all read,
 * and a sequential scan of `results` would pass every other account's rows to find
 * them; the planner, which costs a scan as if each account's rows were spread evenly,
 * still chooses one when the filters' estimate is high (docs/performance.md, "Results
 * tables"). A bitmap or index scan reads the account's matching rows only.
 */
async function indexReadsOnly<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return read(trx);
  });
}

/**
 * The capped count of the stored rows a table's filters match (up to `cap`, `cap + 1`
 * meaning more: a column-free read that an index-only scan answers), and how its pages
 * are read: whole and sorted (`small`) when the count is at most `small`, else walked
 * in the sort's order (false). Ranked bests (counted as groups) are never a small table:
 * they are ranked whole anyway.
 */
export async function tableShape(
  db: Db,
  filters: ResultFilters,
  cap: number,
  small: number,
): Promise<{ n: number; small: number | false }> {
  const n = (await countQuery(filters, Math.max(cap, small)).execute(db)).rows[0]?.n ?? 0;
  const whole = small > 0 && n <= small && rowSource(filters) !== 'ranked-bests';
  return { n, small: whole ? small : false };
}

/**
 * Phase 2 of a page that `pageSource` found with `small`: a small table's statement
 * reads every matching row, so it runs with sequential scans off (indexReadsOnly).
 */
export function readPage(
  db: Db,
  plan: SortPlan,
  page: RawBuilder<unknown>,
  small: number | false,
): Promise<{ rows: ResultRow[] }> {
  const query = detailsQuery(plan, page);
  return small === false ? query.execute(db) : indexReadsOnly(db, (trx) => query.execute(trx));
}

export async function listResults(
  db: Db,
  accountId: string,
  query: ResultListQuery,
  limits: ListLimits,
): Promise<ResultListBody> {
  const plan = sortPlan(query.sort ?? DEFAULT_RESULT_SORT);
  const pageNumber = query.pageNumber ?? 1;
  const pageSize = query.pageSize ?? 20;
  const cursor = query.cursor ? decodeCursor(plan, query.cursor) : undefined;
  const offset = cursor ? 0 : (pageNumber - 1) * pageSize;
  const maxOffset = Math.max(MAX_RESULT_OFFSET, limits.countCap);
  if (offset >= maxOffset) {
    throw badRequest({
      pageNumber: [
        `starts after the first ${maxOffset.toLocaleString('en-US')} results: page on from there with nextCursor`,
      ],
    });
  }
  const filters = await resolveFilters(db, accountId, query);
  const empty = {
    items: [],
    totalCount: 0,
    totalCountCapped: false,
    pageNumber,
    pageSize,
    nextCursor: null,
  };
  if (filters.nothing) return empty;

  const source = rowSource(filters);
  let n: number | undefined;
  let rows: ResultRow[];
  if (source === 'ranked-bests') {
    // Ranked bests count themselves in the page's statement; an empty page (past the
    // end) counts apart.
    const page = await pageSource(db, filters, plan, cursor, pageSize + 1, offset, false);
    rows = (await detailsQuery(plan, page, true).execute(db)).rows;
    n = rows[0]?.total_n;
    n ??= (await countQuery(filters, limits.countCap).execute(db)).rows[0]?.n ?? 0;
  } else {
    // Counted first (up to the cap, or SMALL_TABLE + 1 when that is more), then read.
    const shape = await tableShape(db, filters, limits.countCap, limits.smallTable ?? SMALL_TABLE);
    n = shape.n;
    if (n === 0) {
      rows = [];
    } else {
      const page = await pageSource(db, filters, plan, cursor, pageSize + 1, offset, shape.small);
      rows = (await readPage(db, plan, page, shape.small)).rows;
    }
  }
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  const total = n ?? 0;
  return {
    items: items.map((row) => toItem(row, filters.types)),
    totalCount: Math.min(total, limits.countCap),
    totalCountCapped: total > limits.countCap,
    pageNumber,
    pageSize,
    nextCursor: rows.length > pageSize && last ? cursorAfter(plan, last, filters.types) : null,
  };
}
