import { sql, type RawBuilder } from 'kysely';
import {
  MEASUREMENTS,
  TESTS,
  type IndexName,
  type Measurement,
  type MeasurementsBody,
  type PointsBody,
  type ProfileBody,
  type ProfileOrigin,
  type SourceResultsBody,
  type Test,
} from '../../contract/profile';
import type { Gender } from '../db/schema';

/** A profile's measurement columns, by measurement (migration 016). */
export const COLUMN_OF = {
  verticalJumpMm: 'vertical_jump_mm',
  sprint10Ms: 'sprint_10_ms',
  proAgilityMs: 'pro_agility_ms',
  sprint40Ms: 'sprint_40_ms',
  broadJumpMm: 'broad_jump_mm',
  accelerationMs: 'acceleration_ms',
  transitionMs: 'transition_ms',
  topSpeedMs: 'top_speed_ms',
  flying10Ms: 'flying_10_ms',
} as const satisfies Record<Measurement, string>;
export type MeasurementColumn = (typeof COLUMN_OF)[Measurement];

/** The measurements that make each table's rows (EAPI: any of its tests; EASI: any phase). */
export const INDEX_MEASUREMENTS = {
  eapi: ['verticalJumpMm', 'sprint10Ms', 'proAgilityMs', 'sprint40Ms', 'broadJumpMm'],
  easi: ['accelerationMs', 'transitionMs', 'topSpeedMs', 'flying10Ms'],
} as const satisfies Record<IndexName, readonly Measurement[]>;

/**
 * `(p.x is not null or p.y is not null ...)` over `profiles p`: the profile measured something
 * of the index (migration 017's partial indexes have these predicates, in this order).
 */
export function hasIndex(index: IndexName): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    INDEX_MEASUREMENTS[index].map((key) => sql`p.${sql.ref(COLUMN_OF[key])} is not null`),
    sql` or `,
  )})`;
}

/** A profile as read with its reference version number (PROFILE_OWN_COLUMNS). */
export type ProfileOwnRow = Record<MeasurementColumn, number | null> & {
  id: string;
  athlete_id: string;
  tested_on: string;
  origin: ProfileOrigin;
  bodyweight_kg: string | null;
  reference_version: number;
  points: Partial<Record<Test, number>>;
  result_ids: Partial<Record<Measurement, string>>;
  eapi: number | null;
  easi: number | null;
  created_at: Date;
  updated_at: Date;
};

/** A profile as read with its athlete's names and its reference version number. */
export type ProfileRow = ProfileOwnRow & {
  first_name: string;
  middle_name: string;
  last_name: string;
};

/** The select list of a ProfileOwnRow from `profiles p`, `index_reference_versions v`. */
export const PROFILE_OWN_COLUMNS = sql`p.id, p.athlete_id, p.tested_on::text as tested_on,
  p.origin, p.bodyweight_kg, v.version as reference_version, ${sql.join(
    Object.values(COLUMN_OF).map((column) => sql`p.${sql.ref(column)}`),
  )}, p.points, p.result_ids, p.eapi, p.easi, p.created_at, p.updated_at`;

/** The select list of a ProfileRow from `profiles p`, `athletes a`, `index_reference_versions v`. */
export const PROFILE_COLUMNS = sql`${PROFILE_OWN_COLUMNS}, a.first_name, a.middle_name, a.last_name`;

export function measurementsOf(row: Record<MeasurementColumn, number | null>): MeasurementsBody {
  return Object.fromEntries(
    MEASUREMENTS.map((key) => [key, row[COLUMN_OF[key]] ?? null]),
  ) as MeasurementsBody;
}

/** Points of every test (`null` where unscored) from the stored jsonb object. */
export function pointsOf(stored: ProfileOwnRow['points']): PointsBody {
  return Object.fromEntries(TESTS.map((test) => [test, stored[test] ?? null])) as PointsBody;
}

export function toProfileBody(row: ProfileRow): ProfileBody {
  const sourceResults = Object.fromEntries(
    MEASUREMENTS.map((key) => {
      const id = row.result_ids[key];
      return [key, id == null ? null : Number(id)];
    }),
  ) as SourceResultsBody;
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
    measurements: measurementsOf(row),
    points: pointsOf(row.points),
    sourceResults,
    eapi: row.eapi,
    easi: row.easi,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What scoring needs of an athlete: gender for the reference rows. */
export function genderOf(value: string | null): Gender | null {
  return value === 'male' || value === 'female' || value === 'other' ? value : null;
}

/** A profile's row values for jsonb_to_recordset (the write statements). */
export interface ProfileValues {
  athlete_id: string;
  tested_on: string;
  bodyweight_kg: number | null;
  measurements: Partial<Record<Measurement, number | null>>;
  result_ids: Partial<Record<Measurement, string>>;
  points: Partial<Record<Test, number>>;
  eapi: number | null;
  easi: number | null;
}

/** The record type of jsonb_to_recordset over ProfileValues rows (flattened). */
export const RECORD_TYPE = sql.raw(
  `athlete_id bigint, tested_on date, bodyweight_kg numeric, ${Object.values(COLUMN_OF)
    .map((column) => `${column} integer`)
    .join(', ')}, points jsonb, result_ids jsonb, eapi integer, easi integer`,
);

/** ProfileValues flattened to the record's fields. */
export function flatten(values: ProfileValues): Record<string, unknown> {
  const row: Record<string, unknown> = {
    athlete_id: values.athlete_id,
    tested_on: values.tested_on,
    bodyweight_kg: values.bodyweight_kg,
    points: values.points,
    result_ids: values.result_ids,
    eapi: values.eapi,
    easi: values.easi,
  };
  for (const key of MEASUREMENTS) row[COLUMN_OF[key]] = values.measurements[key] ?? null;
  return row;
}

/** The measurement columns, in MEASUREMENTS' order, and as a comma-separated list. */
export const MEASUREMENT_COLUMNS: readonly MeasurementColumn[] = MEASUREMENTS.map(
  (key) => COLUMN_OF[key],
);
export const MEASUREMENT_COLUMN_LIST = sql.raw(MEASUREMENT_COLUMNS.join(', '));
