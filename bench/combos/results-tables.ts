import { sql, type Kysely } from 'kysely';
import { RESULT_VARIANTS, ResultListQuery, type ResultVariant } from '../../contract/event-query';
import type { Database } from '../../server/db/schema';
import type { Random } from '../../server/seed/random';
import {
  ANCHORS,
  athleteColumns,
  athleteOf,
  athleteValues,
  NAME_FALLBACKS,
  type AthleteAnchor,
  type AthleteRow,
} from './athlete-tables';
import { dayValues, fixDates, PAGED, type Params, type TableSpec } from './generate';

/**
 * The results tables (`GET /api/event`, one spec per variant of RESULT_VARIANTS) for the
 * combination generator: their anchors (results of the account, with what a coach would
 * type to find them) and where each filter's value comes from.
 */

export interface ResultAnchor extends AthleteAnchor {
  program: string;
  athleteId: number;
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
  limit = ANCHORS,
): Promise<ResultAnchor[]> {
  const { rows } = await sql<
    AthleteRow & {
      program: string;
      athlete_id: string;
      lane_id: number | null;
      event_type_id: number;
      type_name: string;
      alias_id: string | null;
      alias_name: string | null;
      distance_mm: number;
      day: string;
    }
  >`select r.program, r.athlete_id, ${athleteColumns},
      r.lane_id, r.event_type_id, et.name as type_name, ea.id as alias_id, ea.name as alias_name,
      r.distance_mm, to_char(r.recorded_at at time zone 'UTC', 'YYYY-MM-DD') as day
    from results r
    join athletes a on a.id = r.athlete_id
    join event_types et on et.id = r.event_type_id
    left join event_aliases ea on ea.id = r.event_alias_id
    where r.account_id = ${accountId}
    order by md5(r.id::text) limit ${limit}`.execute(db);
  return rows.map((row) => ({
    ...athleteOf(row),
    program: row.program,
    athleteId: Number(row.athlete_id),
    laneId: row.lane_id,
    eventTypeId: row.event_type_id,
    typeName: row.type_name,
    aliasId: row.alias_id === null ? null : Number(row.alias_id),
    aliasName: row.alias_name,
    distance: row.distance_mm,
    day: row.day,
  }));
}

/** A prefix of an event type's or alias's name, as typed: two letters or more. */
function typePrefix(name: string, random: Random): string {
  const length = random.pick([2, 3, 5, name.length]);
  return name.slice(0, Math.min(length, name.length));
}

/** Each filter of the results tables; the athlete history uses some of them. */
export const resultValues = {
  ...athleteValues,
  ...dayValues,
  typeQuery: (a: ResultAnchor, random: Random) =>
    typePrefix(a.aliasName && random.chance(0.5) ? a.aliasName : a.typeName, random),
  laneIdQuery: (a: ResultAnchor) => (a.laneId === null ? undefined : String(a.laneId)),
  eventTypeId: (a: ResultAnchor) => a.eventTypeId,
  distance: (a: ResultAnchor) => (a.distance > 0 ? a.distance : undefined),
  eventAliasId: (a: ResultAnchor) => a.aliasId ?? undefined,
};

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
      ...PAGED,
      // The program is the variant; the cursor is how pages go on (paging is measured by
      // number); the time zone only moves the dates.
      ignore: ['cursor', 'tz', 'program'],
      fixed: (program === null ? {} : { program }) as Params,
      without,
      values: resultValues,
      // Manual entries have no lane; a coach may still type one.
      fallbacks: { laneIdQuery: '1', ...NAME_FALLBACKS },
      fix: fixDates,
      anchors: own.length > 0 ? own : anchors,
    };
  });
}
