import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { and, resultConditions, typeEntryCondition, type ResultFilters } from './filters';
import {
  afterCursorWithinType,
  cursorTypePosition,
  eventOrder,
  type Cursor,
  type SortPlan,
} from './sort';
import { BESTS_SINCE, rowSource, sinceConditions, typesInScope } from './source';

/** Phase 1 of an Event sort over the stored rows of a large table: the types walked one by one. */

type Db = Kysely<Database>;

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
