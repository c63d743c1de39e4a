import { sql, type Kysely } from 'kysely';
import {
  coreTestCount,
  INDEX_TESTS,
  tierStanding,
  type AthleteReportBody,
  type IndexName,
  type ReportTestBody,
} from '../../contract/profile';
import type { Database, Gender } from '../db/schema';
import { isStoredId } from '../db/ids';
import { referenceData } from '../reference';
import {
  hasIndex,
  indexTests,
  PROFILE_OWN_COLUMNS,
  referenceFor,
  referenceRows,
  testValue,
  toProfileBody,
  toReferenceRowBody,
  type Measurements,
  type ProfileOwnRow,
} from '../profile';

type Db = Kysely<Database>;

/**
 * One athlete's report of an index (`GET /api/report/{eapi|easi}/athlete/{id}`): the
 * latest profile that measured something of the index (or the one asked for), each test
 * traced to its measurement, reference row and result, the tiers, the percentiles among
 * the athlete's rosters and position, and every profile's index over time.
 *
 * Percentile: within a group (each roster the athlete is on; the athletes of the account
 * with the same sport and position), each member counts with their latest profile that
 * has this index. The rank is 1 + the members whose index is higher (equal indexes share
 * a rank); the percentile is the mid-rank one: the share of members lower, plus half of
 * those equal (the athlete included), 0..100 rounded: the best of 3 is the 83rd, the
 * only one the 50th (docs/performance-index.md, "Rank and percentile").
 */

interface AthleteRow {
  id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  gender: Gender | null;
  sport_id: number | null;
  position_id: number | null;
}

/** The athlete's columns, a ProfileRow (all null when there is no such profile), the history. */
type AthleteProfileRow = Omit<AthleteRow, 'id'> &
  ProfileOwnRow & { reference_version_id: number; history: unknown };

interface PercentileRow {
  kind: 'roster' | 'position';
  group_id: string;
  name: string;
  athletes: number;
  lower: number;
  higher: number;
}

/** The report, or undefined (athlete of another account, no such profile of the athlete). */
export async function athleteReport(
  db: Db,
  accountId: string,
  index: IndexName,
  athleteId: number,
  profileId?: number,
): Promise<AthleteReportBody | undefined> {
  if (!isStoredId(athleteId) || (profileId !== undefined && !isStoredId(profileId))) {
    return undefined;
  }
  const chosen =
    profileId === undefined ? sql`order by p.tested_on desc limit 1` : sql`and p.id = ${profileId}`;
  // One statement (the embedded database runs them one at a time): the athlete, the
  // profile (null columns when there is none) and the history as JSON.
  const { rows } = await sql<AthleteProfileRow>`
    select a.gender, a.sport_id, a.position_id, a.first_name, a.middle_name, a.last_name, x.*,
      (select json_agg(json_build_object('id', h.id, 'testedOn', h.tested_on::text,
          'overall', ${sql.ref(`h.${index}`)}) order by h.tested_on)
        from profiles h where h.athlete_id = a.id) as history
    from athletes a
    left join lateral (select ${PROFILE_OWN_COLUMNS}, p.reference_version_id
      from profiles p join index_reference_versions v on v.id = p.reference_version_id
      where p.athlete_id = a.id and ${hasIndex(index)}
      ${chosen}) x on true
    where a.id = ${athleteId} and a.account_id = ${accountId}`.execute(db);
  const row = rows[0];
  if (!row || (row.id as string | null) === null) return undefined;
  const a: AthleteRow = {
    id: String(athleteId),
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    gender: row.gender,
    sport_id: row.sport_id,
    position_id: row.position_id,
  };
  const history = (
    typeof row.history === 'string' ? JSON.parse(row.history) : (row.history ?? [])
  ) as { id: string | number; testedOn: string; overall: number | null }[];

  const body = toProfileBody(row);
  const overall = body[index];
  const [references, reference, percentiles] = await Promise.all([
    referenceRows(db, row.reference_version_id),
    referenceData(db),
    overall === null ? [] : percentilesOf(db, accountId, index, a, overall),
  ]);

  const measurements: Measurements = body.measurements;
  const core: readonly string[] = INDEX_TESTS[index].core;
  const tests: ReportTestBody[] = indexTests(index).map((test) => {
    const points = body.points[test];
    const used = points === null ? null : referenceFor(references, test, a.gender);
    const measurement = test === 'verticalJumpPowerW' ? 'verticalJumpMm' : test;
    const tier = points === null ? null : tierStanding(points);
    return {
      test,
      core: core.includes(test),
      measurement: body.measurements[measurement],
      computed:
        test === 'verticalJumpPowerW' ? testValue(test, measurements, body.bodyweightKg) : null,
      points,
      tier: tier?.tier ?? null,
      pointsToNextTier: tier?.pointsToNextTier ?? null,
      reference: used ? toReferenceRowBody(used) : null,
      resultId: body.sourceResults[measurement],
    };
  });
  const overallTier = overall === null ? null : tierStanding(overall, coreTestCount(index));

  return {
    index,
    athlete: {
      id: Number(a.id),
      firstName: a.first_name,
      middleName: a.middle_name,
      lastName: a.last_name,
      gender: a.gender,
      position:
        a.position_id === null ? null : (reference.positionById.get(a.position_id)?.name ?? null),
      sport: a.sport_id === null ? null : (reference.sportById.get(a.sport_id)?.name ?? null),
    },
    profile: body,
    overall,
    overallTier: overallTier?.tier ?? null,
    overallPointsToNextTier: overallTier?.pointsToNextTier ?? null,
    tests,
    percentiles,
    history: history.map((h) => ({
      profileId: Number(h.id),
      testedOn: h.testedOn,
      overall: h.overall,
    })),
    referenceVersion: body.referenceVersion,
  };
}

/**
 * The athlete's percentiles: one per roster (by roster name), then the position's. Each
 * member's latest complete index is a row of `roster_indexes` and `athlete_indexes`
 * (migration 018, kept by triggers).
 */
async function percentilesOf(
  db: Db,
  accountId: string,
  index: IndexName,
  athlete: AthleteRow,
  overall: number,
): Promise<AthleteReportBody['percentiles']> {
  const value = sql.ref(`x.${index}`);
  // Rosters: one scan each of roster_indexes' (roster, index) index for the three counts
  // (the members, those lower, those higher). The position: its
  // athletes (athletes_sport_position) joined to their athlete_indexes rows.
  const position =
    athlete.position_id === null
      ? sql``
      : sql`union all
        select 'position', ${athlete.position_id}::bigint, '',
          count(*)::integer, count(*) filter (where ${value} < ${overall})::integer,
          count(*) filter (where ${value} > ${overall})::integer
        from athletes a join athlete_indexes x on x.athlete_id = a.id
        where a.account_id = ${accountId} and a.sport_id is not distinct from ${athlete.sport_id}::integer
          and a.position_id = ${athlete.position_id}::integer and x.account_id = ${accountId}
          and ${value} is not null`;
  const { rows } = await sql<PercentileRow>`
    select 'roster' as kind, r.id as group_id, r.name, c.athletes, c.lower, c.higher
    from roster_athletes ra join rosters r on r.id = ra.roster_id
    cross join lateral (
      select count(*)::integer as athletes,
        count(*) filter (where ${value} < ${overall})::integer as lower,
        count(*) filter (where ${value} > ${overall})::integer as higher
      from roster_indexes x where x.roster_id = r.id and ${value} is not null) c
    where ra.athlete_id = ${athlete.id} and ra.account_id = ${accountId}
    ${position}`.execute(db);
  const reference = await referenceData(db);
  const positionName =
    athlete.position_id === null
      ? ''
      : (reference.positionById.get(athlete.position_id)?.name ?? '');
  return rows
    .filter((row) => row.athletes > 0)
    .map((row) => ({
      group: row.kind,
      name: row.kind === 'position' ? positionName : row.name,
      rank: row.higher + 1,
      percentile: midRankPercentile(row),
      athletes: row.athletes,
    }))
    .sort(
      (a, b) =>
        (a.group === 'position' ? 1 : 0) - (b.group === 'position' ? 1 : 0) ||
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }),
    );
}

/**
 * The mid-rank percentile of an index among `athletes`: those lower, plus half of those
 * equal (the athlete among them), as a share, 0..100 rounded.
 * @example midRankPercentile({ athletes: 3, lower: 2, higher: 0 }) // 83: the best of 3
 */
export function midRankPercentile(row: { athletes: number; lower: number; higher: number }) {
  const equal = Math.max(1, row.athletes - row.lower - row.higher);
  return Math.round((100 * (row.lower + equal / 2)) / row.athletes);
}
