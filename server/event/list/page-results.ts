import { sql, type RawBuilder } from 'kysely';
import {
  and,
  athleteConditions,
  boardHolds,
  resultConditions,
  typeEntryCondition,
  type ResultFilters,
} from './filters';
import { afterCursor, nameKeyOf, orderBy, type Cursor, type SortPlan } from './sort';
import { keyColumns, typesInScope } from './source';

/**
 * Phase 1 of a large table of stored results, walked in the sort's order (pageQuery
 * chooses it): by athlete for Name sorts, one walk per event type merged, or one index
 * walk. The athletes' walk serves the bests of `bests_since` too (page-since.ts).
 */

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
 * A name sort walked athlete by athlete: the athletes in name order (their filters and
 * the cursor checked on them), each one's rows of `source` (as `r`, filtered by
 * `within`) apart; `offset 0` keeps the lateral a nested loop. Ordered by `a.id`: the
 * lateral's `athlete_id` is not known to equal it, and a sort by it would read every
 * athlete of one name (most have no middle name).
 */
export function athleteWalk(
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
 * The page of a large table of stored results in the sort's order: Name sorts over the
 * athletes in name order, the sorts that splitByType picks one walk per event type
 * merged, the others one index walk. Event sorts page with eventPage instead.
 */
export function resultsPage(
  filters: ResultFilters,
  plan: SortPlan,
  cursor: Cursor | undefined,
  limit: number,
  offset: number,
): RawBuilder<unknown> {
  if (plan.family === 'event') {
    throw new Error('Event sorts over the stored rows of a large table page with eventPage()');
  }
  const tail = sql`limit ${limit} offset ${offset}`;
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
      return sql`(select ${index}::int as k_ord, r.* from ${walk(filters, plan, where, offset + limit)} r)`;
    });
    if (branches.length === 0) return sql`select ${keyColumns(plan)} from results r where false`;
    return sql`select * from (${sql.join(branches, sql` union all `)}) r
      order by ${orderBy(plan)} ${tail}`;
  }

  const where = resultConditions(filters);
  if (cursor) where.push(afterCursor(plan, cursor));
  if (boardWalk(filters, plan)) {
    return sql`select * from ${walk(filters, plan, where, offset + limit)} r
      order by ${orderBy(plan)} ${tail}`;
  }
  return sql`select ${keyColumns(plan)} from results r where ${and(where)}
    order by ${orderBy(plan)} ${tail}`;
}

/**
 * Whether a Result sort walks one distance's plausible and flagged runs apart
 * (`boardHolds`: the board indexes hold its filters), merged in value order. The
 * program pages keep their program-keyed walks.
 */
function boardWalk(filters: ResultFilters, plan: SortPlan): boolean {
  return plan.family === 'result' && boardHolds(filters);
}

/**
 * The rows `where` keeps in the sort's order, at most `limit` of them, as a subquery:
 * with boardWalk, the plausible and the flagged runs each walked in value order and
 * merged; else one walk.
 */
function walk(
  filters: ResultFilters,
  plan: SortPlan,
  where: RawBuilder<unknown>[],
  limit: number,
): RawBuilder<unknown> {
  const one = (extra: RawBuilder<unknown>[]) =>
    sql`(select ${keyColumns(plan)} from results r where ${and([...where, ...extra])}
      order by ${orderBy(plan)} limit ${limit})`;
  if (!boardWalk(filters, plan)) return one([]);
  return sql`(select * from (${one([sql`not r.implausible`])} union all ${one([sql`r.implausible`])}) r
    order by ${orderBy(plan)} limit ${limit})`;
}
