import { TIME_ZONES } from './time-zones';

/**
 * Days of a time zone for the read side's date filters (docs/api-results.md, "Days"):
 * `startDate`/`endDate` are whole days, inclusive, in the IANA time zone `tz` of the
 * query (the app sends the browser's), UTC when absent. A day is the half-open range of
 * instants [its local midnight, the next day's local midnight).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formats.size > 500) formats.clear();
    formats.set(timeZone, format);
  }
  return format;
}

/** The zones both database engines and Node know, by lower case (both read names in any case). */
const knownZones = new Set(TIME_ZONES.map((zone) => zone.toLowerCase()));

/**
 * Whether `timeZone` is an IANA zone (or UTC) that this server and its database know:
 * Node's Intl alone knows zones PostgreSQL refuses (time-zones.ts).
 */
export function isTimeZone(timeZone: string): boolean {
  return knownZones.has(timeZone.toLowerCase());
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Milliseconds of a UTC wall clock (no 2-digit-year surprises of Date.UTC). */
function utcMillis(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return (
    utcMillis(w.year, w.month, w.day, w.hour, w.minute, w.second) -
    Math.floor(instant / 1000) * 1000
  );
}

/**
 * The instant a day starts in a zone: its local midnight (or, where a DST change skips
 * midnight, the first instant of that day).
 * @example startOfDay('2025-03-01', 'America/Chicago') // 2025-03-01T06:00:00.000Z
 */
export function startOfDay(day: string, timeZone = 'UTC'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = utcMillis(year, month, date);
  let instant = midnight - offsetAt(midnight, timeZone);
  instant = midnight - offsetAt(instant, timeZone);
  // A gap at midnight (the clock jumps 00:00 -> 01:00): the instant above is still the
  // previous day there; its day starts an hour later.
  const w = wallClock(instant, timeZone);
  if (utcMillis(w.year, w.month, w.day) < midnight) instant += 3_600_000;
  return new Date(instant);
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(utcMillis(year, month, date + 1)).toISOString().slice(0, 10);
}

/** Today's date (YYYY-MM-DD) in a zone. */
export function today(timeZone = 'UTC', now = Date.now()): string {
  const w = wallClock(now, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}
