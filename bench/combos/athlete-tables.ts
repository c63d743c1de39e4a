import { sql, type Kysely } from 'kysely';
import { AthleteListQuery } from '../../contract/athlete';
import type { Database } from '../../server/db/schema';
import type { Random } from '../../server/seed/random';
import { namePrefix, PAGED, rosterValue, type TableSpec } from './generate';

/**
 * The athlete table (`GET /api/athlete`, AthleteListQuery: roster and name filters) for
 * the combination generator, and what the other tables' anchors share: an athlete's
 * names and rosters, the value sources of the filters on them.
 */

export interface AthleteAnchor {
  first: string;
  middle: string;
  last: string;
  rosterIds: number[];
}

/** The columns `athleteOf` reads, of an athlete `a`. */
export const athleteColumns = sql`a.first_name, a.middle_name, a.last_name,
  (select array_agg(ra.roster_id order by ra.roster_id) from roster_athletes ra
    where ra.athlete_id = a.id) as roster_ids`;

export interface AthleteRow {
  first_name: string;
  middle_name: string;
  last_name: string;
  roster_ids: string[] | null;
}

export const athleteOf = (row: AthleteRow): AthleteAnchor => ({
  first: row.first_name,
  middle: row.middle_name,
  last: row.last_name,
  rosterIds: (row.roster_ids ?? []).map(Number),
});

/** The roster and name filters (RosterFilter, NameQueries of contract/list-query.ts). */
export const athleteValues = {
  rosterId: rosterValue,
  firstNameQuery: (a: AthleteAnchor, random: Random) => namePrefix(a.first, random),
  middleNameQuery: (a: AthleteAnchor, random: Random) => namePrefix(a.middle, random),
  lastNameQuery: (a: AthleteAnchor, random: Random) => namePrefix(a.last, random),
};

/** Most athletes have no middle name; a coach may still type one. */
export const NAME_FALLBACKS = { middleNameQuery: 'a' };

/** How many rows a table's combinations are built around (at most). */
export const ANCHORS = 2000;

/** ANCHORS athletes of the account, the same ones on every run and engine. */
export async function loadAthleteAnchors(db: Kysely<Database>, accountId: string) {
  const { rows } = await sql<AthleteRow>`select ${athleteColumns} from athletes a
    where a.account_id = ${accountId} order by md5(a.id::text) limit ${ANCHORS}`.execute(db);
  return rows.map(athleteOf);
}

export function athleteTableSpecs(anchors: readonly AthleteAnchor[]): TableSpec<AthleteAnchor>[] {
  return [
    {
      name: 'athletes',
      path: '/api/athlete',
      schema: AthleteListQuery,
      ...PAGED,
      ignore: [],
      fixed: {},
      values: athleteValues,
      fallbacks: NAME_FALLBACKS,
      anchors,
    },
  ];
}
