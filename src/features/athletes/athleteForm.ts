import type { Gender } from '../../../contract/athlete';
import type { Athlete, AthleteWrite } from './athleteApi';

/** The athlete form's values; optional fields may be left empty (null or ''). */
export interface AthleteFormValues {
  firstName: string;
  middleName?: string;
  lastName: string;
  gender?: Gender | null;
  birthDate?: string | null;
  graduationYear?: number | null;
  sportId?: number | null;
  positionId?: number | null;
  heightCm?: number | null;
  weightKg?: number | null;
  externalId?: string | null;
  email?: string | null;
  rosterIds?: number[];
}

/** Every field of the form; the server's 400 field names are the same. */
export const athleteFieldNames = [
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'birthDate',
  'graduationYear',
  'sportId',
  'positionId',
  'heightCm',
  'weightKg',
  'externalId',
  'email',
  'rosterIds',
] as const satisfies ReadonlyArray<keyof AthleteFormValues>;

/** The form's starting values: an athlete's, or empty for a new one. */
export function formValuesOf(athlete: Athlete | null, rosterId?: number): AthleteFormValues {
  if (!athlete)
    return { firstName: '', lastName: '', rosterIds: rosterId !== undefined ? [rosterId] : [] };
  const { rosters, id: _id, createdAt: _createdAt, ...fields } = athlete;
  return { ...fields, rosterIds: rosters.map(({ id }) => id) };
}

const text = (value: string | null | undefined) => value?.trim() ?? '';
const optionalText = (value: string | null | undefined) => text(value) || null;

/**
 * What the form sends. PUT replaces every field, so every field is sent: empty text as
 * null (the middle name as ''), unset choices as null.
 */
export function athleteInputOf(values: AthleteFormValues): AthleteWrite {
  return {
    firstName: text(values.firstName),
    middleName: text(values.middleName),
    lastName: text(values.lastName),
    gender: values.gender ?? null,
    birthDate: values.birthDate ?? null,
    graduationYear: values.graduationYear ?? null,
    sportId: values.sportId ?? null,
    positionId: values.positionId ?? null,
    heightCm: values.heightCm ?? null,
    weightKg: values.weightKg ?? null,
    externalId: optionalText(values.externalId),
    email: optionalText(values.email),
    rosterIds: values.rosterIds ?? [],
  };
}
