/**
 * The browser's IANA time zone ("America/Chicago"), sent as `tz` so that the server
 * counts dates as the coach's days; undefined when the browser does not say (the server
 * then takes UTC).
 */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
