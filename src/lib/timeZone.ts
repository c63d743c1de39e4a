/** The part of Temporal (Chrome 144+, Firefox 139+) this module uses. */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The browser's IANA time zone ("America/Chicago"), sent as `tz` so that the server
 * counts dates as the coach's days; undefined when the browser does not say (the server
 * then takes UTC).
 */
export function browserTimeZone(): string | undefined {
  zone ??= { name: readTimeZone() || undefined };
  return zone.name;
}

/**
 * Temporal's answer where the browser has it: it reads the zone alone. Intl's is a
 * DateTimeFormat, whose first one loads the locale's date data: a long task on a phone,
 * inside the leaderboard's first query (docs/performance.md, "First load"). Asked once
 * per page load, as every list query asks.
 */
function readTimeZone(): string | undefined {
  const temporal = (globalThis as { Temporal?: Partial<TemporalNow> }).Temporal;
  try {
    if (typeof temporal?.Now?.timeZoneId === 'function') return temporal.Now.timeZoneId();
  } catch {
    // an implementation that cannot say: Intl may
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

let zone: { name: string | undefined } | undefined;
