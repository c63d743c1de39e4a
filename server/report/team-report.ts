import { sql, type Kysely } from 'kysely';
import type { TeamReportBody, Test } from '../../contract/profile';
import type { Database } from '../db/schema';
import { isStoredId } from '../db/ids';
import { indexTests, pointsOf, type ProfileRow } from '../profile';

type Db = Kysely<Database>;

/**
 * One roster's testing day (`GET /api/report/eapi/team/{rosterId}/{date}`): the profiles
 * of the roster's current members that day, ranked by EAPI, with the per-test means, the
 * distribution of indexes in 100-point bands, and the change since the roster's previous
 * testing day (the last earlier day on which a current member has a profile).
 */

/** The EAPI tests a team report averages: the core ones, then the optional ones. */
export const TEAM_TESTS: readonly Test[] = indexTests('eapi');

/** Band width of the distribution. */
export const BAND = 100;

/** Mean to one decimal (`null` of nothing). */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  // sum × 10 / n is exact when it ends in .5, so this rounds as PostgreSQL's round() does.
  return Math.round((values.reduce((a, b) => a + b, 0) * 10) / values.length) / 10;
}

type DayRow = Pick<
  ProfileRow,
  'id' | 'athlete_id' | 'first_name' | 'middle_name' | 'last_name' | 'eapi' | 'points'
> & { reference_version: number };

interface PreviousRow {
  athlete_id: string;
  eapi: number | null;
}

/** A profile of the day as the statement hands it over: a JSON array, in this order. */
type DayTuple = [
  id: string,
  athleteId: string,
  firstName: string,
  middleName: string,
  lastName: string,
  eapi: number | null,
  points: ProfileRow['points'],
  referenceVersion: number,
];

/** The roster and the day's profiles (null when it has none). */
interface DayReportRow {
  name: string;
  day: DayTuple[] | null;
}

/** The previous testing day (null when none) and its profiles. */
interface PreviousReportRow {
  previous_day: string | null;
  previous: [athleteId: string, eapi: number | null][] | null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** The report, or undefined for a roster of another account or a day without a profile. */
export async function teamReport(
  db: Db,
  accountId: string,
  rosterId: number,
  date: string,
): Promise<TeamReportBody | undefined> {
  if (!isStoredId(rosterId)) return undefined;
  // Each day's profiles as one JSON value of arrays: on the embedded database 500 rows
  // cost more to hand over than to find, and objects (keys repeated per profile) cost
  // PostgreSQL more to build. Two statements, which PostgreSQL runs side by side
  // (docs/performance.md). The previous testing day is the roster's last earlier
  // team_days row; its current members' profiles that day are at least one, as team_days
  // counts them.
  const [{ rows }, { rows: before }] = await Promise.all([
    sql<DayReportRow>`
      select r.name,
        (select json_agg(json_build_array(p.id::text, p.athlete_id::text, a.first_name,
            a.middle_name, a.last_name, p.eapi, p.points, v.version))
          from roster_athletes ra
          join profiles p on p.athlete_id = ra.athlete_id and p.tested_on = ${date}::date
          join athletes a on a.id = p.athlete_id
          join index_reference_versions v on v.id = p.reference_version_id
          where ra.roster_id = r.id) as day
      from rosters r
      where r.id = ${rosterId} and r.account_id = ${accountId}`.execute(db),
    sql<PreviousReportRow>`
      with prev as materialized (
        select t.tested_on from team_days t
        where t.roster_id = ${rosterId} and t.tested_on < ${date}::date
        order by t.tested_on desc limit 1
      )
      select (select tested_on::text from prev) as previous_day,
        (select json_agg(json_build_array(ra.athlete_id::text, p.eapi))
          from roster_athletes ra
          join profiles p on p.athlete_id = ra.athlete_id
            and p.tested_on = (select tested_on from prev)
          where ra.roster_id = ${rosterId}) as previous`.execute(db),
  ]);
  const report = rows[0];
  if (!report?.day) return undefined;

  const profiles: DayRow[] = report.day.map(
    ([id, athlete_id, first_name, middle_name, last_name, eapi, points, reference_version]) => ({
      id,
      athlete_id,
      first_name,
      middle_name,
      last_name,
      eapi,
      points,
      reference_version,
    }),
  );
  const previousRows: PreviousRow[] = (before[0]?.previous ?? []).map(([athlete_id, eapi]) => ({
    athlete_id,
    eapi,
  }));
  const complete = profiles.filter((p) => p.eapi !== null).map((p) => p.eapi!);
  const average = mean(complete);
  const points = new Map(profiles.map((p) => [p.id, pointsOf(p.points)]));

  const testAverages = TEAM_TESTS.map((test) => {
    const values = profiles
      .map((p) => points.get(p.id)![test])
      .filter((v): v is number => v !== null);
    return { test, average: mean(values), count: values.length };
  });

  const distribution: TeamReportBody['distribution'] = [];
  if (complete.length > 0) {
    const band = (value: number) => Math.floor(value / BAND) * BAND;
    const low = band(Math.min(...complete));
    const high = band(Math.max(...complete));
    for (let from = low; from <= high; from += BAND) distribution.push({ from, count: 0 });
    for (const value of complete) distribution[(band(value) - low) / BAND]!.count += 1;
  }

  const previousDay = previousRows.length > 0 ? (before[0]?.previous_day ?? null) : null;
  const previousEapi = new Map(previousRows.map((r) => [r.athlete_id, r.eapi]));
  const previousAverage = mean(previousRows.filter((r) => r.eapi !== null).map((r) => r.eapi!));

  // Best first; equal indexes share a rank (1, 2, 2, 4); incomplete ones last, unranked.
  const ordered = [...profiles].sort(
    (a, b) =>
      (a.eapi === null ? 1 : 0) - (b.eapi === null ? 1 : 0) ||
      (b.eapi ?? 0) - (a.eapi ?? 0) ||
      collator.compare(a.last_name, b.last_name) ||
      collator.compare(a.first_name, b.first_name) ||
      Number(a.athlete_id) - Number(b.athlete_id),
  );
  let rank = 0;
  const athletes = ordered.map((p, i) => {
    if (p.eapi !== null && (i === 0 || ordered[i - 1]!.eapi !== p.eapi)) rank = i + 1;
    const before = previousEapi.get(p.athlete_id);
    return {
      rank: p.eapi === null ? null : rank,
      profileId: Number(p.id),
      athleteId: Number(p.athlete_id),
      firstName: p.first_name,
      middleName: p.middle_name,
      lastName: p.last_name,
      eapi: p.eapi,
      points: points.get(p.id)!,
      change: p.eapi !== null && before != null ? p.eapi - before : null,
    };
  });

  return {
    rosterId,
    rosterName: report.name,
    date,
    athleteCount: profiles.length,
    averageOverallIndex: average,
    testAverages,
    distribution,
    athletes,
    previous:
      previousDay === null
        ? null
        : {
            date: previousDay,
            averageOverallIndex: previousAverage,
            change:
              average !== null && previousAverage !== null
                ? Math.round((average - previousAverage) * 10) / 10
                : null,
          },
    referenceVersion: Math.max(...profiles.map((p) => p.reference_version)),
  };
}
