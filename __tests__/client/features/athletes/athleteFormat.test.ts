import moment from 'moment';
import { ageOn, fullName } from '../../../../src/features/athletes/athleteFormat';
import { testAthlete } from './athleteFixtures';

describe('ageOn', () => {
  const today = moment('2026-05-31');

  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn('2009-06-01', today)).toBe(16);
    expect(ageOn('2009-05-31', today)).toBe(17);
  });

  it('is null without a valid date', () => {
    expect(ageOn(null, today)).toBeNull();
    expect(ageOn('31/05/2009', today)).toBeNull();
  });
});

it('fullName leaves out a missing middle name', () => {
  expect(fullName(testAthlete({ middleName: '' }))).toBe('Ada Okafor');
  expect(fullName(testAthlete({ middleName: 'Jo' }))).toBe('Ada Jo Okafor');
});
