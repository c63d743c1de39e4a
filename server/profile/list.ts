import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ALL_ROSTERS, DEFAULT_PAGE_SIZE } from '../../contract/athlete';
import {
  DEFAULT_PROFILE_SORT,
  type ProfileListBody,
  type ProfileListQuery,
  type ProfileSort,
} from '../../contract/profile';
import { namePrefixPattern } from '../athlete';
import type { Database } from '../db/schema';
import { hasIndex, PROFILE_COLUMNS, toProfileBody, type ProfileRow } from './columns';

/**
 * The three profile tables (`GET /api/profile`, `/api/report/eapi/individual`,
 * `/api/report/easi/individual`): one query, an index parameter.
 *
 * - `all`: every profile; `eapi`: those with any EAPI test measured; `easi`: any EASI phase.
 * - `DateCreated` orders by the testing day then id, through `profiles_tested_on`;
 *   `OverallIndex` by the table's index (EAPI, or EASI on the EASI table) then id, nulls
 *   last in both directions, through `profiles_eapi`/`profiles_easi` and their descending
 *   twins of migration 017; name sorts walk the athletes' name indexes
 *   (`athletes_*_name`: key collate "C", id) and each athlete's profiles
 *   (`profiles_athlete`), in the sort's direction; `None` by id.
 * - Every order ends in a unique column, so pages never repeat or skip a profile.
 * - A page in the second half is read from the far end in the exact reverse order (its
 *   own statement, after the count), so no page skips more than half of the profiles.
 */
type Db = Kysely<Database>;

export type ProfileTable = 'all' | 'eapi' | 'easi';

type KeyColumn = 'first_name_key' | 'middle_name_key' | 'last_name_key';

interface SortPlan {
  kind: 'date' | 'index' | 'name' | 'none';
  key?: KeyColumn;
  direction: 'asc' | 'desc';
}

const NAME_KEYS: Record<string, KeyColumn> = {
  FirstName: 'first_name_key',
  MiddleName: 'middle_name_key',
  LastName: 'last_name_key',
};

function sortPlan(sort: ProfileSort): SortPlan {
  if (sort === 'None') return { kind: 'none', direction: 'asc' };
  const direction = sort.endsWith('Desc') ? 'desc' : 'asc';
  const base = sort.replace(/Desc$/, '');
  if (base === 'DateCreated') return { kind: 'date', direction };
  if (base === 'OverallIndex') return { kind: 'index', direction };
  return { kind: 'name', key: NAME_KEYS[base]!, direction };
}

/**
 * ORDER BY of the page (`p` profiles, `a` athletes), or with `reverse` its exact reverse
 * (to read a page from the far end; the index order's nulls come first then).
 */
function orderBy(plan: SortPlan, table: ProfileTable, reverse = false): RawBuilder<unknown> {
  const flip = reverse !== (plan.direction === 'desc');
  const dir = sql.raw(flip ? 'desc' : 'asc');
  switch (plan.kind) {
    case 'none':
      return sql`p.id ${dir}`;
    case 'date':
      return sql`p.tested_on ${dir}, p.id ${dir}`;
    case 'index': {
      const column = sql.ref(`p.${table === 'easi' ? 'easi' : 'eapi'}`);
      return sql`${column} ${dir} nulls ${sql.raw(reverse ? 'first' : 'last')}, p.id ${dir}`;
    }
    case 'name':
      return sql`a.${sql.ref(plan.key!)} collate "C" ${dir}, a.id ${dir}, p.tested_on ${dir}, p.id ${dir}`;
  }
}

/**
 * The exact count. Without a roster or a name filter: the profiles alone (an index-only
 * count over the account's range of `profiles_tested_on`, or of the EAPI/EASI partial
 * index). With one: the matching athletes first (the roster's members, the name index's
 * prefix range), each counting its profiles through `profiles_athlete`; as a join the
 * planner chose a scan of every account's profiles (a few hundred athletes' profiles
 * took 20 ms instead of 2).
 */
function countStatement(
  accountId: string,
  rosterId: number,
  names: readonly RawBuilder<unknown>[],
  own: readonly RawBuilder<unknown>[],
  where: RawBuilder<unknown>,
): RawBuilder<unknown> {
  if (rosterId === ALL_ROSTERS && names.length === 0) {
    return sql`select count(*)::integer from profiles p where ${where}`;
  }
  const athletes =
    rosterId === ALL_ROSTERS
      ? sql`select a.id from athletes a where a.account_id = ${accountId} and ${sql.join(names, sql` and `)}`
      : names.length === 0
        ? sql`select ra.athlete_id as id from roster_athletes ra where ra.roster_id = ${rosterId}`
        : sql`select a.id from roster_athletes ra join athletes a on a.id = ra.athlete_id
            where ra.roster_id = ${rosterId} and a.account_id = ${accountId}
              and ${sql.join(names, sql` and `)}`;
  return sql`select coalesce(sum((select count(*) from profiles p
      where p.athlete_id = s.id and ${sql.join(own, sql` and `)})), 0)::integer
    from (${athletes}) s`;
}

/** A bad filter combination: the 400's errors, or undefined. */
export function checkListQuery(query: ProfileListQuery): Record<string, string[]> | undefined {
  if (query.startDate && query.endDate && query.endDate < query.startDate) {
    return { endDate: ['is before startDate'] };
  }
  return undefined;
}

type ListRow = ProfileRow & { total_count: number; roster_found: boolean; ord: number | null };

/** The page's bounds: rows [offset, end) of `total` in the sort's order. */
function pageBounds(query: ProfileListQuery, total: number) {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = Math.min(((query.pageNumber ?? 1) - 1) * pageSize, Number.MAX_SAFE_INTEGER);
  const end = Math.min(offset + pageSize, total);
  return { pageSize, offset, end, fromEnd: offset < total && offset > total - end };
}

/** What both statements need: the FROM and WHERE of the page, and the count's parts. */
function listParts(accountId: string, table: ProfileTable, query: ProfileListQuery) {
  const rosterId = query.rosterId ?? ALL_ROSTERS;
  const plan = sortPlan(query.sort ?? DEFAULT_PROFILE_SORT);

  // What a profile itself must be (the count's per-athlete subquery uses them alone).
  const conditions: RawBuilder<unknown>[] = [sql`p.account_id = ${accountId}`];
  if (query.startDate) conditions.push(sql`p.tested_on >= ${query.startDate}::date`);
  if (query.endDate) conditions.push(sql`p.tested_on <= ${query.endDate}::date`);
  if (table !== 'all') conditions.push(hasIndex(table));
  const ownConditions = [...conditions];
  if (rosterId !== ALL_ROSTERS) {
    conditions.push(sql`exists (select 1 from roster_athletes ra
      where ra.roster_id = ${rosterId} and ra.athlete_id = p.athlete_id)`);
  }
  const names: RawBuilder<unknown>[] = [];
  for (const [key, text] of [
    ['first_name_key', query.firstNameQuery],
    ['middle_name_key', query.middleNameQuery],
    ['last_name_key', query.lastNameQuery],
  ] as const) {
    const pattern = namePrefixPattern(text);
    if (pattern !== undefined) names.push(sql`a.${sql.ref(key)} collate "C" like ${pattern}`);
  }
  // The athletes join only where a name filters or sorts: the other orders walk a
  // profiles index alone.
  const withAthletes = sql`profiles p join athletes a on a.id = p.athlete_id
    and a.account_id = ${accountId}`;
  const from = names.length > 0 || plan.kind === 'name' ? withAthletes : sql`profiles p`;
  const where = sql.join([...conditions, ...names], sql` and `);
  return { rosterId, plan, names, ownConditions, from, where };
}

/** The page's profiles (`page`: a CTE of their ids and order `ord`), by `ord`. */
const PAGE_ROWS = sql`select ${PROFILE_COLUMNS}, page.ord from page
  join profiles p on p.id = page.id
  join athletes a on a.id = p.athlete_id
  join index_reference_versions v on v.id = p.reference_version_id`;

/**
 * The count (and whether the roster is the account's) and, for a page in the first half,
 * the page, in one statement (one snapshot, one round trip); at least one row, with null
 * profile columns for an empty page or one in the second half (a one-time filter on the
 * count skips it: pageFromEndStatement reads it from the other end).
 */
export function listStatement(accountId: string, table: ProfileTable, query: ProfileListQuery) {
  const { rosterId, plan, names, ownConditions, from, where } = listParts(accountId, table, query);
  const { pageSize, offset } = pageBounds(query, 0);
  const rosterFound =
    rosterId === ALL_ROSTERS
      ? sql`true`
      : sql`exists (select 1 from rosters where id = ${rosterId} and account_id = ${accountId})`;

  return sql<ListRow>`
    with t as materialized (
      select (${countStatement(accountId, rosterId, names, ownConditions, where)}) as n,
        ${rosterFound} as roster_found
    ), page as (
      select q.id, row_number() over () as ord from (
        select p.id from ${from} where ${where}
          and (select ${offset}::bigint <= n - least(${offset}::bigint + ${pageSize}, n) from t)
        order by ${orderBy(plan, table)} limit ${pageSize} offset ${offset}::bigint
      ) q
    )
    select t.n as total_count, t.roster_found, x.* from t
    left join lateral (${PAGE_ROWS}) x on true
    order by x.ord`;
}

/**
 * A page in the second half, read from the end in the reverse order so that it skips
 * fewer than half of the profiles (the last page of 50,000 by name: one walk of 20
 * instead of a sort of all, as the athlete table does): rows [offset, end) are the
 * reversed order's [total - end, total - offset). Its own statement, so that the planner
 * sees the limit and offset as constants. Undefined when the page is not in the second
 * half.
 */
export function pageFromEndStatement(
  accountId: string,
  table: ProfileTable,
  query: ProfileListQuery,
  total: number,
) {
  const { offset, end, fromEnd } = pageBounds(query, total);
  if (!fromEnd) return undefined;
  const { plan, from, where } = listParts(accountId, table, query);
  return sql<ListRow>`
    with page as (
      select q.id, row_number() over () as ord from (
        select p.id from ${from} where ${where}
        order by ${orderBy(plan, table, true)} limit ${end - offset} offset ${total - end}
      ) q
    )
    select ${total}::integer as total_count, true as roster_found, x.*
    from (${PAGE_ROWS}) x
    order by x.ord desc`;
}

/**
 * A page of profiles and the exact count (listStatement, then pageFromEndStatement for a
 * page in the second half); undefined when the roster filter names a roster that is not
 * the account's.
 */
export async function listProfiles(
  db: Db,
  accountId: string,
  table: ProfileTable,
  query: ProfileListQuery,
): Promise<ProfileListBody | undefined> {
  const { rows: first } = await listStatement(accountId, table, query).execute(db);
  const head = first[0];
  if (!head?.roster_found) return undefined;
  const fromEnd = pageFromEndStatement(accountId, table, query, head.total_count);
  const rows = fromEnd ? (await fromEnd.execute(db)).rows : first;
  return {
    items: rows.filter((row) => row.id !== null).map(toProfileBody),
    totalCount: head.total_count,
    pageNumber: query.pageNumber ?? 1,
    pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
