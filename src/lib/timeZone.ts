/**
 * The browser's IANA time zone ("America/Chicago"), sent as `tz` so that the server
 * counts dates as the coach's days; undefined when the browser does not say (the server
 * then takes UTC).
 */
export function browserTimeZone(): string | undefined {
  // Asked once per page load: a DateTimeFormat is dear to make (the first one loads the
  // locale's data: ~35 ms on a phone), and every list query asks.
  zone ??= { name: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined };
  return zone.name;
}

let zone: { name: string | undefined } | undefined;
