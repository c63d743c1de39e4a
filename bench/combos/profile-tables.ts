import { sql, type Kysely } from 'kysely';
import { ProfileListQuery } from '../../contract/profile';
import type { Database } from '../../server/db/schema';
import { hasIndex } from '../../server/profile';
import {
  ANCHORS,
  athleteColumns,
  athleteOf,
  athleteValues,
  NAME_FALLBACKS,
  type AthleteAnchor,
  type AthleteRow,
} from './athlete-tables';
import { dayValues, fixDates, PAGED, type TableSpec } from './generate';

/**
 * The three profile tables (`GET /api/profile`, `/api/report/eapi/individual`,
 * `/api/report/easi/individual`: ProfileListQuery, one query with an index parameter,
 * server/profile/list.ts) for the combination generator. Their anchors are profiles of
 * the account (the seed builds them from its EAPI testing days): the athlete's names and
 * rosters, and the testing day.
 */

export interface ProfileAnchor extends AthleteAnchor {
  /** The testing day, YYYY-MM-DD. */
  day: string;
  /** The profile is a row of the EAPI table, of the EASI table. */
  eapi: boolean;
  easi: boolean;
}

/** ANCHORS profiles of the account, the same ones on every run and engine. */
export async function loadProfileAnchors(db: Kysely<Database>, accountId: string) {
  const { rows } = await sql<AthleteRow & { day: string; eapi: boolean; easi: boolean }>`
    select ${athleteColumns}, p.tested_on::text as day,
      ${hasIndex('eapi')} as eapi, ${hasIndex('easi')} as easi
    from profiles p join athletes a on a.id = p.athlete_id
    where p.account_id = ${accountId}
    order by md5(p.id::text) limit ${ANCHORS}`.execute(db);
  return rows.map((row): ProfileAnchor => ({
    ...athleteOf(row),
    day: row.day,
    eapi: row.eapi,
    easi: row.easi,
  }));
}

/** Each table, and which profiles are its rows. */
const TABLES = [
  { name: 'profiles', path: '/api/profile', has: () => true },
  { name: 'report/eapi/individual', path: '/api/report/eapi/individual', has: (a) => a.eapi },
  { name: 'report/easi/individual', path: '/api/report/easi/individual', has: (a) => a.easi },
] satisfies { name: string; path: string; has: (anchor: ProfileAnchor) => boolean }[];

export function profileTableSpecs(anchors: readonly ProfileAnchor[]): TableSpec<ProfileAnchor>[] {
  return TABLES.map((table) => {
    const own = anchors.filter(table.has);
    return {
      name: table.name,
      path: table.path,
      schema: ProfileListQuery,
      ...PAGED,
      ignore: [],
      fixed: {},
      values: { ...athleteValues, ...dayValues },
      fallbacks: NAME_FALLBACKS,
      fix: fixDates,
      anchors: own.length > 0 ? own : anchors,
    };
  });
}
