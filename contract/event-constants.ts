/**
 * The plain values of the results API (no TypeBox), so that the app's filter slices,
 * which load with every page, can import them without the schema library (62 KiB of the
 * entry bundle). event.ts and event-query.ts re-export them.
 */

/** How a result arrived: device (timing gates or an app), import (a file), manual (typed in). */
export const SOURCES = ['device', 'import', 'manual'] as const;
export type Source = (typeof SOURCES)[number];
export const TIMING_METHODS = ['electronic', 'hand'] as const;
export type TimingMethod = (typeof TIMING_METHODS)[number];
/** What an event type measures: a time, or a jump's distance or height. */
export const EVENT_UNITS = ['time', 'distance', 'height'] as const;
export type EventUnit = (typeof EVENT_UNITS)[number];
/** fixed: every run is the type's distance; variable: chosen per run; none: no distance (0). */
export const DISTANCE_MODES = ['fixed', 'variable', 'none'] as const;
export type DistanceMode = (typeof DISTANCE_MODES)[number];

/** The programs a result can belong to. */
export const PROGRAMS = ['none', 'gamespeed', 'eapi', 'manualentry'] as const;
export type Program = (typeof PROGRAMS)[number];

/** The spec's results-table sort values; `DateDesc` by default. */
export const RESULT_SORTS = [
  'DateAsc',
  'DateDesc',
  'FirstName',
  'MiddleName',
  'LastName',
  'EventAsc',
  'EventDesc',
  'ResultAsc',
  'ResultDesc',
  'None',
] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];
export const DEFAULT_RESULT_SORT: ResultSort = 'DateDesc';

/**
 * The results-table variants and the filters only some of them have (spec: "distance
 * (some variants only)", "eventAliasId (one variant only)"). `individual` lists every
 * program's results; the others list their program's only.
 */
export const RESULT_VARIANTS = {
  individual: { program: null, distance: true, eventAliasId: false },
  gamespeed: { program: 'gamespeed', distance: false, eventAliasId: true },
  eapi: { program: 'eapi', distance: false, eventAliasId: false },
  manualentry: { program: 'manualentry', distance: true, eventAliasId: false },
} as const satisfies Record<
  string,
  { program: Program | null; distance: boolean; eventAliasId: boolean }
>;
export type ResultVariant = keyof typeof RESULT_VARIANTS;

/** Leaderboard defaults (spec, section 9). */
export const DEFAULT_ATHLETES_PER_LEADERBOARD = 5;
export const DEFAULT_LEADERBOARD_EVENT_TYPE = 1;
export const MAX_ATHLETES_PER_LEADERBOARD = 100;
