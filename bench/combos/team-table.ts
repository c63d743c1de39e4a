import { sql, type Kysely } from 'kysely';
import { TeamReportListQuery } from '../../contract/profile';
import type { Database } from '../../server/db/schema';
import { dayValues, fixDates, PAGED, rosterValue, type TableSpec } from './generate';

/**
 * The EAPI team table (`GET /api/report/eapi/team`, TeamReportListQuery: a roster and a
 * range of testing days) for the combination generator. Its anchors are its rows: the
 * account's rosters' testing days (`team_days`, kept by triggers on the profiles).
 */

export interface TeamDayAnchor {
  /** The row's roster (one: what `rosterValue` reads). */
  rosterIds: number[];
  /** The testing day, YYYY-MM-DD. */
  day: string;
}

export async function loadTeamDayAnchors(
  db: Kysely<Database>,
  accountId: string,
): Promise<TeamDayAnchor[]> {
  const { rows } = await sql<{ roster_id: string; day: string }>`
    select d.roster_id, d.tested_on::text as day from team_days d
    where d.account_id = ${accountId} order by d.roster_id, d.tested_on`.execute(db);
  return rows.map((row) => ({ rosterIds: [Number(row.roster_id)], day: row.day }));
}

export function teamTableSpecs(anchors: readonly TeamDayAnchor[]): TableSpec<TeamDayAnchor>[] {
  return [
    {
      name: 'report/eapi/team',
      path: '/api/report/eapi/team',
      schema: TeamReportListQuery,
      ...PAGED,
      ignore: [],
      fixed: {},
      values: { rosterId: rosterValue, ...dayValues },
      fix: fixDates,
      anchors,
    },
  ];
}
