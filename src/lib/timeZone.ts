/**
 * The browser's IANA time zone ("America/Chicago"), sent as `tz` so that the server
 * counts dates as the coach's days; undefined when the browser does not say (the server
 * then takes UTC). Read once per page load: every list query asks.
 */
export function browserTimeZone(): string | undefined {
  zone ??= { name: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined };
  return zone.name;
}

let zone: { name: string | undefined } | undefined;
