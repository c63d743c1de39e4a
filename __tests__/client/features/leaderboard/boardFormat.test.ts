import moment from 'moment';
import { formatEntryWhen, formatTimeOfDay } from '../../../../src/features/leaderboard/boardFormat';

describe('formatEntryWhen', () => {
  // Local times: the board shows the viewer's clock.
  const now = new Date(2026, 10, 25, 16, 30);

  it('shows the date on the page, whenever the run was', () => {
    expect(formatEntryWhen(moment('2026-11-25T15:04:00').toISOString(), false, now)).toBe(
      'Nov 25, 2026',
    );
    expect(formatEntryWhen(moment('2024-04-17T20:17:00').toISOString(), false, now)).toBe(
      'Apr 17, 2024',
    );
  });

  it('shows the time alone on the TV for a run of today', () => {
    expect(formatEntryWhen(moment('2026-11-25T15:04:00').toISOString(), true, now)).toBe('3:04 PM');
  });

  it('shows the date on the TV for an older run, even one of the same time of day', () => {
    expect(formatEntryWhen(moment('2026-11-24T16:30:00').toISOString(), true, now)).toBe(
      'Nov 24, 2026',
    );
    expect(formatEntryWhen(moment('2024-04-17T20:17:00').toISOString(), true, now)).toBe(
      'Apr 17, 2024',
    );
  });

  it('shows a time of day as moment did (a plain space before PM)', () => {
    expect(formatTimeOfDay(new Date(2026, 10, 25, 9, 5))).toBe('9:05 AM');
    expect(formatTimeOfDay(new Date(2026, 10, 25, 0, 0))).toBe('12:00 AM');
  });
});
