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

/** ORDER BY of the page (`p` profiles, `a` athletes). */
function orderBy(plan: SortPlan, table: ProfileTable): RawBuilder<unknown> {
  const dir = sql.raw(plan.direction);
  switch (plan.kind) {
    case 'none':
      return sql`p.id`;
    case 'date':
      return sql`p.tested_on ${dir}, p.id ${dir}`;
    case 'index': {
      const column = sql.ref(`p.${table === 'easi' ? 'easi' : 'eapi'}`);
      return sql`${column} ${dir} nulls last, p.id ${dir}`;
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

/**
 * The count (and whether the roster is the account's) and the page, in one statement (one
 * snapshot, one round trip); at least one row, with null profile columns for an empty page.
 */
export function listStatement(accountId: string, table: ProfileTable, query: ProfileListQuery) {
  const pageNumber = query.pageNumber ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const rosterId = query.rosterId ?? ALL_ROSTERS;
  const plan = sortPlan(query.sort ?? DEFAULT_PROFILE_SORT);
  const offset = Math.min((pageNumber - 1) * pageSize, Number.MAX_SAFE_INTEGER);

  // What a profile itself must be (the count's per-athlete subquery uses them alone).
  const conditions: RawBuilder<unknown>[] = [sql`p.account_id = ${accountId}`];
  if (query.startDate) conditions.push(sql`p.tested_on >= ${query.startDate}::date`);
  if (query.endDate) conditions.push(sql`p.tested_on <= ${query.endDate}::date`);
  if (table !== 'all') {
    conditions.push(hasIndex(table));
  }
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
        order by ${orderBy(plan, table)} limit ${pageSize} offset ${offset}::bigint
      ) q
    )
    select t.n as total_count, t.roster_found, x.* from t
    left join lateral (
      select ${PROFILE_COLUMNS}, page.ord from page
      join profiles p on p.id = page.id
      join athletes a on a.id = p.athlete_id
      join index_reference_versions v on v.id = p.reference_version_id
    ) x on true
    order by x.ord`;
}

/**
 * A page of profiles and the exact count; undefined when the roster filter names a roster
 * that is not the account's.
 */
export async function listProfiles(
  db: Db,
  accountId: string,
  table: ProfileTable,
  query: ProfileListQuery,
): Promise<ProfileListBody | undefined> {
  const { rows } = await listStatement(accountId, table, query).execute(db);
  const head = rows[0];
  if (!head?.roster_found) return undefined;
  return {
    items: rows.filter((row) => row.id !== null).map(toProfileBody),
    totalCount: head.total_count,
    pageNumber: query.pageNumber ?? 1,
    pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}
