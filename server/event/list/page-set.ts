import { sql, type RawBuilder } from 'kysely';
import type { ResultFilters } from './filters';
import {
  afterCursor,
  cursorTypePosition,
  eventOrder,
  nameKeyOf,
  orderBy,
  type Cursor,
  type SortPlan,
} from './sort';
import { typesInScope } from './source';

/** Phase 1 over a set of rows computed first, sorted here: the ranked bests, a small table. */

/**
 * Phase 1 over a set of rows computed first (`rows`: the sort's columns; the ranked
 * bests also their `total_n`): the ranked bests, or a small matching set, sorted here
 * rather than walked in an index's order.
 */
export function fromRowSet(
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
