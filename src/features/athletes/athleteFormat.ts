import moment from 'moment';
import type { Athlete } from './athleteApi';

/** "Ada J. Okafor": the name as a coach reads it. */
export function fullName({ firstName, middleName, lastName }: Athlete): string {
  return [firstName, middleName, lastName].filter(Boolean).join(' ');
}

/**
 * Whole years from a `YYYY-MM-DD` birth date to `today`, or null without a valid date.
 *
 * @example
 * ageOn('2009-06-01', moment('2026-05-31')); // 16
 */
export function ageOn(birthDate: string | null, today = moment()): number | null {
  if (!birthDate) return null;
  const born = moment(birthDate, 'YYYY-MM-DD', true);
  return born.isValid() ? today.diff(born, 'years') : null;
}

export const genderLabels = { female: 'Female', male: 'Male', other: 'Other' } as const;
