import { sql, type Kysely } from 'kysely';
import { RESULT_VARIANTS, ResultListQuery, type ResultVariant } from '../../contract/event-query';
import type { Database } from '../../server/db/schema';
import type { Random } from '../../server/seed/random';
import { namePrefix, type Params, type TableSpec } from './generate';

/**
 * The results tables (`GET /api/event`, one spec per variant of RESULT_VARIANTS) for the
 * combination generator: their anchors (results of the account, with what a coach would
 * type to find them) and where each filter's value comes from.
 */

export interface ResultAnchor {
  program: string;
  first: string;
  middle: string;
  last: string;
  rosterIds: number[];
  laneId: number | null;
  eventTypeId: number;
  typeName: string;
  aliasId: number | null;
  aliasName: string | null;
  distance: number;
  /** The result's day, YYYY-MM-DD (UTC). */
  day: string;
}

/**
 * `limit` results of the account, the same ones on every run and engine (ordered by a
 * hash of their id), with their athletes' names and rosters.
 */
export async function loadResultAnchors(
  db: Kysely<Database>,
  accountId: string,
  limit = 2000,
): Promise<ResultAnchor[]> {
  const { rows } = await sql<{
    program: string;
    first_name: string;
    middle_name: string;
    last_name: string;
    roster_ids: string[] | null;
    lane_id: number | null;
    event_type_id: number;
    type_name: string;
    alias_id: string | null;
    alias_name: string | null;
    distance_mm: number;
    day: string;
  }>`select r.program, a.first_name, a.middle_name, a.last_name,
      (select array_agg(ra.roster_id order by ra.roster_id) from roster_athletes ra
        where ra.athlete_id = a.id) as roster_ids,
      r.lane_id, r.event_type_id, et.name as type_name, ea.id as alias_id, ea.name as alias_name,
      r.distance_mm, to_char(r.recorded_at at time zone 'UTC', 'YYYY-MM-DD') as day
    from results r
    join athletes a on a.id = r.athlete_id
    join event_types et on et.id = r.event_type_id
    left join event_aliases ea on ea.id = r.event_alias_id
    where r.account_id = ${accountId}
    order by md5(r.id::text) limit ${limit}`.execute(db);
  return rows.map((row) => ({
    program: row.program,
    first: row.first_name,
    middle: row.middle_name,
    last: row.last_name,
    rosterIds: (row.roster_ids ?? []).map(Number),
    laneId: row.lane_id,
    eventTypeId: row.event_type_id,
    typeName: row.type_name,
    aliasId: row.alias_id === null ? null : Number(row.alias_id),
    aliasName: row.alias_name,
    distance: row.distance_mm,
    day: row.day,
  }));
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A prefix of an event type's or alias's name, as typed: two letters or more. */
function typePrefix(name: string, random: Random): string {
  const length = random.pick([2, 3, 5, name.length]);
  return name.slice(0, Math.min(length, name.length));
}

const resultValues = {
  rosterId: (a: ResultAnchor, random: Random) =>
    a.rosterIds.length > 0 ? random.pick(a.rosterIds) : undefined,
  firstNameQuery: (a: ResultAnchor, random: Random) => namePrefix(a.first, random),
  middleNameQuery: (a: ResultAnchor, random: Random) => namePrefix(a.middle, random),
  lastNameQuery: (a: ResultAnchor, random: Random) => namePrefix(a.last, random),
  typeQuery: (a: ResultAnchor, random: Random) =>
    typePrefix(a.aliasName && random.chance(0.5) ? a.aliasName : a.typeName, random),
  laneIdQuery: (a: ResultAnchor) => (a.laneId === null ? undefined : String(a.laneId)),
  startDate: (a: ResultAnchor, random: Random) => addDays(a.day, -random.pick([0, 7, 30, 365])),
  endDate: (a: ResultAnchor, random: Random) => addDays(a.day, random.pick([0, 7, 30, 90])),
  eventTypeId: (a: ResultAnchor) => a.eventTypeId,
  distance: (a: ResultAnchor) => (a.distance > 0 ? a.distance : undefined),
  eventAliasId: (a: ResultAnchor) => a.aliasId ?? undefined,
};

/** An end before the start: the two swapped (the API refuses it). */
function fixDates(params: Params): Params {
  const { startDate, endDate } = params;
  if (typeof startDate === 'string' && typeof endDate === 'string' && endDate < startDate) {
    return { ...params, startDate: endDate, endDate: startDate };
  }
  return params;
}

/** One spec per results-table variant (the individual table and the program pages). */
export function resultTableSpecs(anchors: readonly ResultAnchor[]): TableSpec<ResultAnchor>[] {
  return (Object.keys(RESULT_VARIANTS) as ResultVariant[]).map((variant) => {
    const v = RESULT_VARIANTS[variant];
    const without = [
      ...(v.distance ? [] : ['distance']),
      ...(v.eventAliasId ? [] : ['eventAliasId']),
    ];
    const program = v.program;
    const own = program === null ? anchors : anchors.filter((a) => a.program === program);
    return {
      name: `results/${variant}`,
      path: '/api/event',
      schema: ResultListQuery,
      page: 'pageNumber',
      pageSize: 'pageSize',
      sort: 'sort',
      // The program is the variant; the cursor is how pages go on (paging is measured by
      // number); the time zone only moves the dates.
      ignore: ['cursor', 'tz', 'program'],
      fixed: (program === null ? {} : { program }) as Params,
      without,
      values: resultValues,
      // Manual entries have no lane; a coach may still type one.
      fallbacks: { laneIdQuery: '1', middleNameQuery: 'a' },
      fix: fixDates,
      anchors: own.length > 0 ? own : anchors,
    };
  });
}
