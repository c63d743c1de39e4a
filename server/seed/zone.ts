/**
 * The seed plans its testing days on the wall clock of the account's time zone (a day
 * number and minutes since local midnight, written as if it were UTC) and stamps results
 * with the real instant: `toInstant` turns such a wall-clock time into UTC milliseconds.
 * Offsets are cached per wall-clock hour (a large seed converts millions of stamps).
 */
export type WallClockToInstant = (wallClockMs: number) => number;

const HOUR_MS = 3_600_000;

export function wallClockIn(timeZone: string): WallClockToInstant {
  if (timeZone.toUpperCase() === 'UTC') return (ms) => ms;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  /** Minutes the zone is ahead of UTC at an instant ("GMT-05:00" → -300). */
  const offsetAt = (instant: number): number => {
    const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    if (!match) return 0; // "GMT": the zone is on UTC at that instant
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return (match[1] === '-' ? -minutes : minutes) * 60_000;
  };
  const cache = new Map<number, number>();
  return (wallClockMs) => {
    const hour = Math.floor(wallClockMs / HOUR_MS);
    let offset = cache.get(hour);
    if (offset === undefined) {
      // The offset at the guessed instant, checked once more: right except inside the
      // hour a DST change skips or repeats (at night, when the seed plans no testing).
      const guess = hour * HOUR_MS - offsetAt(hour * HOUR_MS);
      offset = offsetAt(guess);
      if (cache.size > 100_000) cache.clear();
      cache.set(hour, offset);
    }
    return wallClockMs - offset;
  };
}
