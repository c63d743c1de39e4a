import { sql, type RawBuilder } from 'kysely';
import {
  ALL_ROSTERS,
  DEFAULT_ATHLETE_SORT,
  type AthleteListQuery,
  type AthleteSort,
} from '../../contract/athlete';
import { namePrefixPattern } from './name-key';

/**
 * The athlete table's filters and sorts as SQL, shared by the list (`GET /api/athlete`,
 * paged) and the export (`GET /api/athlete/export`, keyset batches).
 *
 * Name queries are prefix matches on the `*_name_key` columns, compared with
 * `collate "C"` so that the `(account_id, *_name_key collate "C", id)` indexes serve
 * both the `like 'emi%'` range and the order. Name sorts order by that key then by id,
 * both in the sort's direction: a total order, so that pages never repeat or skip a row.
 * `None` orders by id (the order athletes were added).
 */
export interface AthleteFilters {
  rosterId: number;
  firstNameQuery?: string | undefined;
  middleNameQuery?: string | undefined;
  lastNameQuery?: string | undefined;
  sort: AthleteSort;
}

type KeyColumn = 'first_name_key' | 'middle_name_key' | 'last_name_key';

export interface SortPlan {
  /** The key column, or null for `None` (id only). */
  key: KeyColumn | null;
  direction: 'asc' | 'desc';
}

const keyOf: Record<string, KeyColumn> = {
  FirstName: 'first_name_key',
  MiddleName: 'middle_name_key',
  LastName: 'last_name_key',
};

export function sortPlan(sort: AthleteSort): SortPlan {
  if (sort === 'None') return { key: null, direction: 'asc' };
  const match = /^(FirstName|MiddleName|LastName)(Asc|Desc)$/.exec(sort);
  if (!match) throw new Error(`unknown athlete sort ${sort}`);
  return { key: keyOf[match[1]!]!, direction: match[2] === 'Asc' ? 'asc' : 'desc' };
}

export function filtersOf(query: AthleteListQuery): AthleteFilters {
  return {
    rosterId: query.rosterId ?? ALL_ROSTERS,
    firstNameQuery: query.firstNameQuery,
    middleNameQuery: query.middleNameQuery,
    lastNameQuery: query.lastNameQuery,
    sort: query.sort ?? DEFAULT_ATHLETE_SORT,
  };
}

/** `a.<key> collate "C"`, the expression the name indexes are built on. */
function keyExpression(key: KeyColumn): RawBuilder<string> {
  return sql<string>`a.${sql.ref(key)} collate "C"`;
}

/** The WHERE condition on `athletes a` (the roster must have been checked to be the account's). */
export function whereFilters(accountId: string, filters: AthleteFilters): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [sql`a.account_id = ${accountId}`];
  const queries: [KeyColumn, string | undefined][] = [
    ['first_name_key', filters.firstNameQuery],
    ['middle_name_key', filters.middleNameQuery],
    ['last_name_key', filters.lastNameQuery],
  ];
  for (const [key, query] of queries) {
    const pattern = namePrefixPattern(query);
    if (pattern !== undefined) conditions.push(sql`${keyExpression(key)} like ${pattern}`);
  }
  if (filters.rosterId !== ALL_ROSTERS) {
    conditions.push(sql`exists (select 1 from roster_athletes ra
      where ra.roster_id = ${filters.rosterId} and ra.athlete_id = a.id)`);
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** The same order backwards (to read a page from the far end). */
export function reversed(plan: SortPlan): SortPlan {
  return { ...plan, direction: plan.direction === 'asc' ? 'desc' : 'asc' };
}

/** The ORDER BY list: the key (if any), then id, in the sort's direction. */
export function orderBy(plan: SortPlan): RawBuilder<unknown> {
  const direction = sql.raw(plan.direction);
  if (plan.key === null) return sql`a.id ${direction}`;
  return sql`${keyExpression(plan.key)} ${direction}, a.id ${direction}`;
}

/** Where a keyset batch continues: the last row's key and id. */
export interface Cursor {
  key: string;
  id: string;
}

/** Rows strictly after the cursor in the sort's order. */
export function afterCursor(plan: SortPlan, cursor: Cursor): RawBuilder<boolean> {
  const op = sql.raw(plan.direction === 'asc' ? '>' : '<');
  if (plan.key === null) return sql<boolean>`a.id ${op} ${cursor.id}`;
  return sql<boolean>`(${keyExpression(plan.key)}, a.id) ${op} (${cursor.key}, ${cursor.id}::bigint)`;
}
