import type { AthleteInput, Gender } from '../../contract/athlete';
import type { ReferenceData } from '../reference';

/**
 * The rules an athlete obeys whichever way it arrives (`POST`/`PUT /api/athlete` or a
 * CSV row), beyond what the request schema checks: names not blank once trimmed, a real
 * birth date not in the future, a known sport and a position of that sport, an e-mail
 * shaped like one. Blank optional text becomes null; a position without a sport takes
 * its sport. Messages are by field; the caller names the fields (the CSV columns are
 * `sport`/`position` where the JSON fields are `sportId`/`positionId`).
 */
export interface AthleteValues {
  firstName: string;
  middleName: string;
  lastName: string;
  gender: Gender | null;
  birthDate: string | null;
  graduationYear: number | null;
  sportId: number | null;
  positionId: number | null;
  heightCm: number | null;
  weightKg: number | null;
  externalId: string | null;
  email: string | null;
}

export type FieldErrors = Record<string, string[]>;

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Birth dates from this day on; anything earlier is a typo. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * Today's date where it is latest on Earth (UTC+14): a birth date up to it is not in the
 * future for somebody, whatever the coach's time zone.
 */
export function latestToday(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` naming a day of the calendar (no 30 February). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmailShaped(value: string): boolean {
  return EMAIL_SHAPE.test(value);
}

/** Numbers are stored with one decimal (`numeric(5, 1)`). */
function oneDecimal(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Math.round(value * 10) / 10;
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

export interface FieldNames {
  sportId: string;
  positionId: string;
}
const JSON_FIELDS: FieldNames = { sportId: 'sportId', positionId: 'positionId' };

/**
 * Normalises an athlete as the API takes it and checks the rules above. The request
 * schema has checked types, lengths and ranges already; a CSV row is converted to this
 * shape (with those checks) first.
 */
export function checkAthlete(
  input: AthleteInput,
  reference: ReferenceData,
  options: { fields?: FieldNames; today?: string } = {},
): { values: AthleteValues; errors: FieldErrors } {
  const fields = options.fields ?? JSON_FIELDS;
  const errors: FieldErrors = {};
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName) addError(errors, 'firstName', 'must not be empty');
  if (!lastName) addError(errors, 'lastName', 'must not be empty');

  const birthDate = blankToNull(input.birthDate);
  if (birthDate !== null) {
    if (!isRealDate(birthDate)) {
      addError(errors, 'birthDate', 'must be a date as YYYY-MM-DD, e.g. 2008-04-15');
    } else if (birthDate > (options.today ?? latestToday())) {
      addError(errors, 'birthDate', 'must not be in the future');
    } else if (birthDate < EARLIEST_BIRTH_DATE) {
      addError(errors, 'birthDate', `must be ${EARLIEST_BIRTH_DATE} or later`);
    }
  }

  let sportId = input.sportId ?? null;
  const positionId = input.positionId ?? null;
  const sport = sportId === null ? undefined : reference.sportById.get(sportId);
  if (sportId !== null && !sport)
    addError(errors, fields.sportId, `No sport has the id ${sportId}.`);
  if (positionId !== null) {
    const position = reference.positionById.get(positionId);
    if (!position) {
      addError(errors, fields.positionId, `No position has the id ${positionId}.`);
    } else if (sportId === null) {
      sportId = position.sportId;
    } else if (sport && position.sportId !== sportId) {
      const ofSport = reference.sportById.get(position.sportId)?.name ?? 'another sport';
      addError(
        errors,
        fields.positionId,
        `${position.name} (${position.abbreviation}) is a position of ${ofSport}, not of ${sport.name}.`,
      );
    }
  }

  const heightCm = oneDecimal(input.heightCm);
  const weightKg = oneDecimal(input.weightKg);
  if (heightCm !== null && heightCm <= 0) addError(errors, 'heightCm', 'must be at least 0.1');
  if (weightKg !== null && weightKg <= 0) addError(errors, 'weightKg', 'must be at least 0.1');

  const email = blankToNull(input.email);
  if (email !== null && !isEmailShaped(email)) {
    addError(errors, 'email', 'must be an e-mail address like name@example.org');
  }

  return {
    values: {
      firstName,
      middleName: input.middleName?.trim() ?? '',
      lastName,
      gender: input.gender ?? null,
      birthDate,
      graduationYear: input.graduationYear ?? null,
      sportId,
      positionId,
      heightCm,
      weightKg,
      externalId: blankToNull(input.externalId),
      email,
    },
    errors,
  };
}
