import {
  BODYWEIGHT_LIMITS_KG,
  MEASUREMENT_LIMITS,
  MEASUREMENTS,
  type Measurement,
} from '../../../../contract/index-constants';
import {
  coachDecimals,
  coachUnit,
  fromCoachUnits,
  measurementKind,
  toCoachUnits,
  type MeasurementKind,
} from '../shared/indexFormat';
import type { Profile, ProfileInput } from './profileApi';

/** The drawer's values: measurements in coach units (s, in or cm), null when not measured. */
export type ProfileFormValues = {
  athleteId: number | null;
  testedOn: string | null;
  bodyweightKg: number | null;
} & Record<Measurement, number | null>;

/** Every field of the form; the server's fields are the same (`measurements.` dropped). */
export const profileFieldNames = [
  'athleteId',
  'testedOn',
  'bodyweightKg',
  ...MEASUREMENTS,
] as const satisfies ReadonlyArray<keyof ProfileFormValues>;

/** The measurement's kind (profiles hold no power: the jump is a height). */
export const kindOf = (name: Measurement) => measurementKind(name) as MeasurementKind;

/** The form's starting values: a profile's, or empty (today, nothing measured). */
export function formValuesOf(
  profile: Profile | null,
  isMetric: boolean,
  today: string,
): ProfileFormValues {
  const measurements = Object.fromEntries(
    MEASUREMENTS.map((name) => {
      const value = profile?.measurements[name];
      return [name, value == null ? null : toCoachUnits(value, kindOf(name), isMetric)];
    }),
  ) as Record<Measurement, number | null>;
  return {
    athleteId: profile?.athleteId ?? null,
    testedOn: profile?.testedOn ?? today,
    bodyweightKg: profile?.bodyweightKg ?? null,
    ...measurements,
  };
}

/**
 * What the form sends: every measurement in ms or mm (null when empty). A value the
 * coach left as it was keeps its exact stored figure (no rounding drift on save).
 */
export function profileInputOf(
  values: ProfileFormValues,
  isMetric: boolean,
  profile: Profile | null,
): ProfileInput {
  const measurements = Object.fromEntries(
    MEASUREMENTS.map((name) => {
      const value = values[name];
      return [
        name,
        value == null
          ? null
          : fromCoachUnits(value, kindOf(name), isMetric, profile?.measurements[name]),
      ];
    }),
  ) as ProfileInput['measurements'];
  return {
    athleteId: values.athleteId!,
    testedOn: values.testedOn!,
    bodyweightKg: values.bodyweightKg ?? null,
    measurements,
  };
}

/** The possible range of a measurement in the coach's unit, for the field and its check. */
export function coachLimits(name: Measurement, isMetric: boolean) {
  const kind = kindOf(name);
  const { minimum, maximum } = MEASUREMENT_LIMITS[name];
  // Rounded inwards, so that a value inside the shown range is inside the stored one.
  const decimals = coachDecimals(kind);
  const step = 10 ** -decimals;
  const min = toCoachUnits(minimum, kind, isMetric);
  const max = toCoachUnits(maximum, kind, isMetric);
  return {
    min:
      fromCoachUnits(min, kind, isMetric) < minimum ? Number((min + step).toFixed(decimals)) : min,
    max:
      fromCoachUnits(max, kind, isMetric) > maximum ? Number((max - step).toFixed(decimals)) : max,
    unit: coachUnit(kind, isMetric),
    decimals,
  };
}

/**
 * The check of one measurement: empty is fine (not measured); otherwise inside the
 * possible range (MEASUREMENT_LIMITS), said in the coach's unit.
 *
 * @example
 * measurementProblem('sprint10Ms', 0.8, false); // 'Between 1.00 and 4.00 s: check the value.'
 */
export function measurementProblem(
  name: Measurement,
  value: number | null | undefined,
  isMetric: boolean,
): string | null {
  if (value == null) return null;
  const { min, max, unit, decimals } = coachLimits(name, isMetric);
  if (value >= min && value <= max) return null;
  return `Between ${min.toFixed(decimals)} and ${max.toFixed(decimals)} ${unit}: check the value${
    unit === 's' ? '' : ' and unit'
  }.`;
}

/** Bodyweight's check (kg), empty allowed. */
export function bodyweightProblem(value: number | null | undefined): string | null {
  if (value == null) return null;
  const { minimum, maximum } = BODYWEIGHT_LIMITS_KG;
  return value >= minimum && value <= maximum ? null : `Between ${minimum} and ${maximum} kg.`;
}

/** A 400's fields as the form names them: `measurements.sprint10Ms` is `sprint10Ms`. */
export function formFieldsOf(fields: Record<string, string[]>): Record<string, string[]> {
  const renamed: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields)) {
    const name = field.startsWith('measurements.') ? field.slice('measurements.'.length) : field;
    renamed[name] = [...(renamed[name] ?? []), ...messages];
  }
  return renamed;
}
