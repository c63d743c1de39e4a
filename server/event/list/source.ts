import { sql, type RawBuilder } from 'kysely';
import {
  and,
  resultConditions,
  sinceAnswersBests,
  sinceScope,
  spansAnswerBests,
  type ConditionOptions,
  type EventTypeInfo,
  type ResultFilters,
} from './filters';
import type { SortPlan } from './sort';
import { closedRowAskable } from '../../db/migrations/038_bests_closed_askable';

/**
 * The row sources of a results table (the stored results, the bests read from
 * `bests_since`, the bests ranked from the results), each as a row source `r`, and the
 * columns phase 1 reads of them.
 */

/**
 * What phase 1 reads of each row: the id and the sort's keys only, so that its walks are
 * index-only scans (the rest is read for the page's rows alone).
 */
export function keyColumns(plan: SortPlan): RawBuilder<unknown> {
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
export function smallColumns(plan: SortPlan): RawBuilder<unknown> {
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
export function typesInScope(
  filters: ResultFilters,
): { type: EventTypeInfo; aliasIds?: number[] }[] {
  if (!filters.typeScope) return [...filters.types.values()].map((type) => ({ type }));
  return filters.typeScope.map((entry) => ({
    type: filters.types.get(entry.typeId)!,
    ...(entry.aliasIds ? { aliasIds: entry.aliasIds } : {}),
  }));
}

/**
 * Each athlete's best per event type and distance among the matching results, ranked
 * here (the filters pick results inside the groups), as a row source `r`.
 */
export function rankedBests(filters: ResultFilters): RawBuilder<unknown> {
  if (spansAnswerBests(filters)) return spanBests(filters);
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
export const BESTS_SINCE = sql`(select b.result_id as id, b.account_id, b.scope, b.athlete_id,
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

/** `bests_closed` (migration 037) with its `result_id` named `id`, as BESTS_SINCE. */
const BESTS_CLOSED = sql`(select b.result_id as id, b.account_id, b.scope, b.athlete_id,
  b.event_type_id, b.distance_mm, b.recorded_at, b.result, b.since, b.next_at
  from bests_closed b)`;

/**
 * The bests of a range that ends before now (`spansAnswerBests`) as a row source `r`:
 * the results with `since < from <= recorded_at < until <= next_at`, open
 * (`bests_since`, no `next_at`) or closed (`bests_closed`). No ranking: each group's
 * best of the range is the one row whose span holds it (docs/query-plans.md section 10).
 */
export function spanBests(filters: ResultFilters): RawBuilder<unknown> {
  const where = and(sinceConditions(filters));
  return sql`(select ${RANKED_COLUMNS} from ${BESTS_SINCE} r where ${where}
    union all
    select ${RANKED_COLUMNS} from ${BESTS_CLOSED} r where ${where}
      and r.next_at >= ${filters.until} and ${closedRowAskable('r')})`;
}

/** The conditions on `bests_since` as `r` (BESTS_SINCE) of sinceBests. */
export function sinceConditions(
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
