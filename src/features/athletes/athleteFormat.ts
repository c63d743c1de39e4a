import moment from 'moment';

export { fullName } from '../../lib/names';

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
