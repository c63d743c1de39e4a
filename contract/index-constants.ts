/**
 * The plain values of the performance index (no TypeBox), shared by the server's scoring,
 * the API schemas (profile.ts) and the app's filter slices and reports.
 * docs/performance-index.md explains them to a coach.
 */

/** The two indexes: EAPI (power, speed, agility) and EASI (the sprint's phases). */
export const INDEX_NAMES = ['eapi', 'easi'] as const;
export type IndexName = (typeof INDEX_NAMES)[number];

/**
 * The measurements a profile holds, each in the unit its name says (ms, mm, W); a profile
 * field and a reference-table row share the name. Vertical jump is measured as a height
 * and scored as peak power (W) with the profile's bodyweight (Sayers' equation).
 */
export const MEASUREMENTS = [
  'verticalJumpMm',
  'sprint10Ms',
  'proAgilityMs',
  'sprint40Ms',
  'broadJumpMm',
  'accelerationMs',
  'transitionMs',
  'topSpeedMs',
  'flying10Ms',
] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

/**
 * The scored tests: each is one row per sex (and level) of a reference table. A test's
 * points come from one measurement, except `verticalJumpPowerW` (jump height and
 * bodyweight).
 */
export const TESTS = [
  'verticalJumpPowerW',
  'sprint10Ms',
  'proAgilityMs',
  'sprint40Ms',
  'broadJumpMm',
  'accelerationMs',
  'transitionMs',
  'topSpeedMs',
  'flying10Ms',
] as const;
export type Test = (typeof TESTS)[number];

/**
 * Which results feed a profile (server/profile/builder.ts): the day's results of program
 * `eapi` of these event types (ids of the stock types, server/db/migrations/reference-data.ts)
 * and, where it says, of this distance. A jump's best is its highest mark, a run's its
 * fastest time. The 10-yd sprint is also the 10-yd split of a longer linear sprint, and the
 * EASI phases come from one 40-yd sprint with splits at 10 and 20 yd.
 */
export const PROFILE_SOURCES = {
  verticalJumpMm: { eventTypeId: 5 },
  broadJumpMm: { eventTypeId: 6 },
  proAgilityMs: { eventTypeId: 2 },
  flying10Ms: { eventTypeId: 3, distanceMm: 9144 },
  sprint10Ms: { eventTypeId: 1, distanceMm: 9144 },
  sprint40Ms: { eventTypeId: 1, distanceMm: 36576 },
} as const satisfies Partial<Record<Measurement, { eventTypeId: number; distanceMm?: number }>>;

/** Which tests make each index: the core tests sum to the index, optional ones are shown beside. */
export const INDEX_TESTS = {
  eapi: {
    core: ['verticalJumpPowerW', 'sprint10Ms', 'proAgilityMs'],
    optional: ['sprint40Ms', 'broadJumpMm'],
  },
  /** Top speed is the 20-40 yd segment, or the flying 10 when the sprint has no 40 yd split. */
  easi: { core: ['accelerationMs', 'transitionMs', 'topSpeedMs'], optional: ['flying10Ms'] },
} as const satisfies Record<IndexName, { core: readonly Test[]; optional: readonly Test[] }>;

/** Coach-facing names of the tests. */
export const TEST_LABELS: Record<Test, string> = {
  verticalJumpPowerW: 'Vertical jump (power)',
  sprint10Ms: '10-yd sprint',
  proAgilityMs: 'Pro agility',
  sprint40Ms: '40-yd sprint',
  broadJumpMm: 'Broad jump',
  accelerationMs: 'Acceleration (0-10 yd)',
  transitionMs: 'Transition (10-20 yd)',
  topSpeedMs: 'Top speed (20-40 yd)',
  flying10Ms: 'Top speed (flying 10)',
};

/** Points of one test: 500 = the reference mean, 100 per standard deviation, 0..1000. */
export const POINTS_MEAN = 500;
export const POINTS_PER_SD = 100;
export const MAX_POINTS = 1000;

/**
 * The tiers of one test's points, lowest first: a test is in the last tier whose `from`
 * it reaches. An index's tiers are the same bands times its number of core tests (3).
 */
export const TIERS = [
  { name: 'Developing', from: 0 },
  { name: 'Average', from: 400 },
  { name: 'Strong', from: 550 },
  { name: 'Elite', from: 700 },
  { name: 'World-class', from: 850 },
] as const;
export type TierName = (typeof TIERS)[number]['name'];

/** How many core tests make an index: its tiers are the test tiers times this (3). */
export function coreTestCount(index: IndexName): number {
  return INDEX_TESTS[index].core.length;
}

/**
 * The tier of a number of points and the points still needed for the next one; `scale`
 * is 1 for a test, the index's number of core tests (`coreTestCount`) for an index.
 *
 * @example
 * tierStanding(530); // { tier: 'Average', pointsToNextTier: 20 }
 * tierStanding(1520, 3); // { tier: 'Average', pointsToNextTier: 130 }
 */
export function tierStanding(
  value: number,
  scale = 1,
): { tier: TierName; pointsToNextTier: number | null } {
  let current = 0;
  for (let index = 0; index < TIERS.length; index++) {
    if (value >= TIERS[index]!.from * scale) current = index;
  }
  const next = TIERS[current + 1];
  return {
    tier: TIERS[current]!.name,
    pointsToNextTier: next ? next.from * scale - value : null,
  };
}

/**
 * The tier of a test's points (`scale` 1) or of an index (`scale` = its number of core
 * tests): the last tier whose band it reaches; null for no value.
 *
 * @example
 * tierOf(1660, 3); // 'Strong' (1650 ≤ 1660 < 2100)
 */
export function tierOf(value: number | null | undefined, scale = 1): TierName | null {
  return value == null ? null : tierStanding(value, scale).tier;
}

/** Sexes of a reference row: `any` is the pooled row, used for athletes of another or no gender. */
export const REFERENCE_SEXES = ['male', 'female', 'any'] as const;
export type ReferenceSex = (typeof REFERENCE_SEXES)[number];

/** How a profile came to be: built from the day's EAPI results, or typed by hand. */
export const PROFILE_ORIGINS = ['results', 'manual'] as const;
export type ProfileOrigin = (typeof PROFILE_ORIGINS)[number];

/** The spec's athlete-profile and report tables' sort values; `DateCreatedDesc` by default. */
export const PROFILE_SORTS = [
  'DateCreated',
  'DateCreatedDesc',
  'FirstName',
  'FirstNameDesc',
  'MiddleName',
  'MiddleNameDesc',
  'LastName',
  'LastNameDesc',
  'OverallIndex',
  'OverallIndexDesc',
  'None',
] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];
export const DEFAULT_PROFILE_SORT: ProfileSort = 'DateCreatedDesc';

/** The spec's team-report table sort values; `DateDesc` by default. */
export const TEAM_REPORT_SORTS = [
  'Date',
  'DateDesc',
  'RosterName',
  'RosterNameDesc',
  'AverageOverallIndex',
  'AverageOverallIndexDesc',
  'None',
] as const;
export type TeamReportSort = (typeof TEAM_REPORT_SORTS)[number];
export const DEFAULT_TEAM_REPORT_SORT: TeamReportSort = 'DateDesc';

/**
 * The possible range of each measurement (and of bodyweight): a value outside is an
 * impossible measurement, a 400 naming the field. Times cannot beat 12.5 m/s over the
 * segment (PRODUCT.md); heights and lengths stay inside what a human can jump.
 */
export const MEASUREMENT_LIMITS: Record<Measurement, { minimum: number; maximum: number }> = {
  verticalJumpMm: { minimum: 50, maximum: 1600 },
  sprint10Ms: { minimum: 1000, maximum: 4000 },
  proAgilityMs: { minimum: 3000, maximum: 9000 },
  sprint40Ms: { minimum: 3500, maximum: 12000 },
  broadJumpMm: { minimum: 500, maximum: 4500 },
  accelerationMs: { minimum: 1000, maximum: 4000 },
  transitionMs: { minimum: 732, maximum: 3000 },
  topSpeedMs: { minimum: 1463, maximum: 6000 },
  flying10Ms: { minimum: 732, maximum: 3000 },
};
export const BODYWEIGHT_LIMITS_KG = { minimum: 20, maximum: 250 } as const;
