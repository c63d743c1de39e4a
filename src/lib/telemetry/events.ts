/**
 * The feature-use events the app sends (docs/telemetry.md keeps the same list). Short on
 * purpose: each answers a product question, and none carries a name, an e-mail, a free
 * text or a time that a coach typed.
 */
export const TELEMETRY_EVENTS = {
  /** Manual entry saved results; `{ count }`. */
  resultsEntered: 'results entered manually',
  /** An athlete was added through the form. */
  athleteCreated: 'athlete created',
  /** A CSV import finished; `{ created, updated }` (counts only). */
  athletesImported: 'athletes imported',
  /** The leaderboard's TV mode was opened. */
  tvModeOpened: 'leaderboard tv mode opened',
  /** A report was printed or downloaded; `{ report, format: 'print' | 'pdf' }`. */
  reportExported: 'report exported',
  /** A Store order was placed; `{ spots }` (the package, not the price). */
  storeOrderPlaced: 'store order placed',
  /** A webhook was added; `{ events }` (how many event types, never the URL). */
  webhookCreated: 'webhook created',
} as const;

export type TelemetryEvent = (typeof TELEMETRY_EVENTS)[keyof typeof TELEMETRY_EVENTS];

/** What an event may carry: counts, flags and fixed words, never a person's data. */
export type TelemetryProperties = Record<string, string | number | boolean>;
