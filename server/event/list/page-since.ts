import { sql, type RawBuilder } from 'kysely';
import { and, type ResultFilters } from './filters';
import { afterCursor, nameKeyOf, orderBy, type Cursor, type SortPlan } from './sort';
import { athleteWalk } from './page-results';
import { fromRowSet } from './page-set';
import { BESTS_SINCE, sinceBests, sinceConditions, typesInScope } from './source';

/** Phase 1 of a large table of bests read from `bests_since`, walked in the sort's order. */

/**
 * Phase 1 of a large table of bests since a date, walked in the sort's order: Name sorts
 * along `bests_since_<name>` (015), or under athlete filters over the athletes they leave
 * in name order (each one's rows by `bests_since`'s primary key), Result sorts one walk
 * per event type (`bests_since_type_result`). Date and None sorts
 * need no more than sinceBests: the planner walks `bests_since_time`,
 * `bests_since_type_time` or `bests_since_id` in their order. Event sorts page with
 * eventPage (`bests_since_type_time`).
 */
export function sincePage(
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
