import { sql } from 'kysely';
import {
  INDEX_TESTS,
  MEASUREMENTS,
  TESTS,
  type IndexName,
  type Measurement,
  type PointsBody,
  type ProfileBody,
  type ProfileOrigin,
  type Test,
} from '../../contract/profile';

/**
 * A `profiles` row as the reports read it (with the athlete's names and the reference
 * version's number), and its API shape, ProfileBody. The profile domain writes the rows;
 * the reports only read them.
 */

/** The column of each measurement. */
export const MEASUREMENT_COLUMNS: Record<Measurement, string> = {
  verticalJumpMm: 'vertical_jump_mm',
  sprint10Ms: 'sprint_10_ms',
  proAgilityMs: 'pro_agility_ms',
  sprint40Ms: 'sprint_40_ms',
  broadJumpMm: 'broad_jump_mm',
  accelerationMs: 'acceleration_ms',
  transitionMs: 'transition_ms',
  topSpeedMs: 'top_speed_ms',
  flying10Ms: 'flying_10_ms',
};

/** The measurements each index is made of (a profile "has" an index when one is measured). */
export const INDEX_MEASUREMENTS: Record<IndexName, readonly Measurement[]> = {
  eapi: ['verticalJumpMm', 'sprint10Ms', 'proAgilityMs', 'sprint40Ms', 'broadJumpMm'],
  easi: ['accelerationMs', 'transitionMs', 'topSpeedMs', 'flying10Ms'],
};

/** The tests a report of the index shows: its core tests, then the optional ones. */
export function indexTests(index: IndexName): readonly Test[] {
  return [...INDEX_TESTS[index].core, ...INDEX_TESTS[index].optional];
}

/** `(p.x is not null or p.y is not null ...)`: the profile measured something of the index. */
export function hasIndex(index: IndexName, alias = 'p') {
  return sql<boolean>`(${sql.join(
    INDEX_MEASUREMENTS[index].map(
      (m) => sql`${sql.ref(`${alias}.${MEASUREMENT_COLUMNS[m]}`)} is not null`,
    ),
    sql` or `,
  )})`;
}

export interface ProfileRow extends Record<string, unknown> {
  id: string;
  athlete_id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  tested_on: string;
  bodyweight_kg: string | null;
  origin: ProfileOrigin;
  reference_version_id: number;
  reference_version: number;
  points: Partial<Record<Test, number>> | string;
  result_ids: Partial<Record<Measurement, string | number>> | string;
  eapi: number | null;
  easi: number | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * A ProfileRow's columns but the athlete's names, over `profiles p` and
 * `index_reference_versions v`.
 */
export const PROFILE_OWN_COLUMNS = sql`p.id, p.athlete_id,
  p.tested_on::text as tested_on, p.bodyweight_kg, p.origin, p.reference_version_id,
  v.version as reference_version, ${sql.join(
    MEASUREMENTS.map((m) => sql.ref(`p.${MEASUREMENT_COLUMNS[m]}`)),
  )}, p.points, p.result_ids, p.eapi, p.easi, p.created_at, p.updated_at`;

/** A jsonb value: both engines parse it, but a driver set to text would not. */
function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Points of every test (`null` where unscored) from the jsonb object. */
export function pointsOf(value: ProfileRow['points']): PointsBody {
  const stored = json(value);
  return Object.fromEntries(TESTS.map((test) => [test, stored[test] ?? null])) as PointsBody;
}

export function toProfileBody(row: ProfileRow): ProfileBody {
  const resultIds = json(row.result_ids);
  const measurements = {} as ProfileBody['measurements'];
  const sourceResults = {} as ProfileBody['sourceResults'];
  for (const m of MEASUREMENTS) {
    measurements[m] = (row[MEASUREMENT_COLUMNS[m]] as number | null) ?? null;
    const resultId = resultIds[m];
    sourceResults[m] = resultId == null ? null : Number(resultId);
  }
  return {
    id: Number(row.id),
    athleteId: Number(row.athlete_id),
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    testedOn: row.tested_on,
    bodyweightKg: row.bodyweight_kg === null ? null : Number(row.bodyweight_kg),
    origin: row.origin,
    referenceVersion: row.reference_version,
    measurements,
    points: pointsOf(row.points),
    sourceResults,
    eapi: row.eapi,
    easi: row.easi,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
