import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { and, resultConditions, type ResultFilters } from './filters';
import type { Cursor, SortPlan } from './sort';
import { eventPage } from './page-event';
import { resultsPage } from './page-results';
import { fromRowSet } from './page-set';
import { sincePage } from './page-since';
import { rankedBests, rowSource, sinceBests, smallColumns } from './source';

/** Phase 1: the page query (the ids and sort keys of a page's rows), chosen by row source and table size. */

type Db = Kysely<Database>;

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
  return resultsPage(filters, plan, cursor, limit, offset);
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
