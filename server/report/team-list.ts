import { sql, type Kysely } from 'kysely';
import { ALL_ROSTERS } from '../../contract/athlete';
import {
  DEFAULT_TEAM_REPORT_SORT,
  type TeamReportListBody,
  type TeamReportListQuery,
  type TeamReportSort,
} from '../../contract/profile';
import type { Database } from '../db/schema';
import { byName } from '../roster';

type Db = Kysely<Database>;

/**
 * The EAPI team table (`GET /api/report/eapi/team`): one row per roster and testing day
 * on which at least one of the roster's current members has a profile, with how many
 * did and the mean EAPI of the complete ones.
 *
 * The rows are the account's `team_days` (migration 018: kept by triggers, a few hundred
 * rows for a whole season), sorted and paged. Roster names sort as the roster list does (a
 * collator in JS, server/roster `byName`): their order goes in as an array of ranks.
 * Every sort is total (ties by day, then by roster order, in the sort's direction).
 */
export interface TeamListFilters {
  rosterId: number;
  startDate?: string | undefined;
  endDate?: string | undefined;
  sort: TeamReportSort;
}

interface Row {
  total_count: number;
  roster_id: string;
  tested_on: string;
  athlete_count: number;
  average: number | null;
}

/** ORDER BY of each sort, over `d` (roster_id, tested_on, average) and `o.rank`. */
function orderBy(sort: TeamReportSort) {
  const match = /^(Date|RosterName|AverageOverallIndex)(Desc)?$/.exec(sort);
  if (!match) return sql`d.roster_id, d.tested_on`; // None: by roster id, then day
  const dir = sql.raw(match[2] ? 'desc' : 'asc');
  switch (match[1]) {
    case 'Date':
      return sql`d.tested_on ${dir}, o.rank ${dir}`;
    case 'RosterName':
      return sql`o.rank ${dir}, d.tested_on ${dir}`;
    default:
      // No complete index (null) comes last either way.
      return sql`d.average ${dir} nulls last, d.tested_on ${dir}, o.rank ${dir}`;
  }
}

export function teamFiltersOf(query: TeamReportListQuery): TeamListFilters {
  return {
    rosterId: query.rosterId ?? ALL_ROSTERS,
    startDate: query.startDate,
    endDate: query.endDate,
    sort: query.sort ?? DEFAULT_TEAM_REPORT_SORT,
  };
}

/** The page, or undefined when `rosterId` is not a roster of the account. */
export async function listTeamDays(
  db: Db,
  accountId: string,
  filters: TeamListFilters,
  page: { pageNumber: number; pageSize: number },
): Promise<TeamReportListBody | undefined> {
  const rosters = (
    await db
      .selectFrom('rosters')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .execute()
  ).map((r) => ({ id: Number(r.id), name: r.name }));
  if (filters.rosterId !== ALL_ROSTERS && !rosters.some((r) => r.id === filters.rosterId)) {
    return undefined;
  }
  const { pageSize } = page;
  const body: TeamReportListBody = {
    items: [],
    totalCount: 0,
    pageNumber: page.pageNumber,
    pageSize,
  };
  if (rosters.length === 0) return body;
  rosters.sort(byName);
  const names = new Map(rosters.map((r) => [r.id, r.name]));

  const where = [sql`t.account_id = ${accountId}`];
  if (filters.rosterId !== ALL_ROSTERS) where.push(sql`t.roster_id = ${filters.rosterId}`);
  if (filters.startDate) where.push(sql`t.tested_on >= ${filters.startDate}::date`);
  if (filters.endDate) where.push(sql`t.tested_on <= ${filters.endDate}::date`);
  const condition = sql.join(where, sql` and `);
  const offset = Math.min((page.pageNumber - 1) * pageSize, Number.MAX_SAFE_INTEGER);

  const { rows } = await sql<Row>`
    with d as (
      select t.roster_id, t.tested_on, t.athletes as athlete_count,
        case when t.complete > 0 then round(t.eapi_sum::numeric / t.complete, 1)::float8 end
          as average
      from team_days t where ${condition}
    )
    select count(*) over ()::integer as total_count, d.roster_id, d.tested_on::text as tested_on,
      d.athlete_count, d.average
    from d join unnest(${rosters.map((r) => r.id)}::bigint[]) with ordinality as o(id, rank)
      on o.id = d.roster_id
    order by ${orderBy(filters.sort)}
    limit ${pageSize} offset ${offset}::bigint`.execute(db);

  body.items = rows.map((row) => ({
    rosterId: Number(row.roster_id),
    rosterName: names.get(Number(row.roster_id)) ?? '',
    date: row.tested_on,
    athleteCount: row.athlete_count,
    averageOverallIndex: row.average,
  }));
  body.totalCount = rows[0]?.total_count ?? (offset === 0 ? 0 : await countTeamDays(db, condition));
  return body;
}

/** The number of rows, for a page past the end (which answers no row to count from). */
async function countTeamDays(db: Db, where: ReturnType<typeof sql.join>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::integer as n from team_days t where ${where}`.execute(db);
  return rows[0]!.n;
}
