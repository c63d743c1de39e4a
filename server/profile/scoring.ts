import {
  INDEX_TESTS,
  MAX_POINTS,
  POINTS_MEAN,
  POINTS_PER_SD,
  TESTS,
  type IndexName,
  type Measurement,
  type ReferenceSex,
  type Test,
} from '../../contract/profile';
import type { Gender } from '../../contract/athlete';

/**
 * The performance index's arithmetic (docs/performance-index.md), pure: no database, no
 * clock. The profile repository feeds it a profile's measurements and a reference
 * version's rows; the reports call it again to explain each number.
 */

/** One reference row as scoring needs it. */
export interface Reference {
  test: Test;
  sex: ReferenceSex;
  level: string;
  mean: number;
  sd: number;
  lowerIsBetter: boolean;
  source: string;
}

/** What a profile measured (units in the names), and the bodyweight the jump needs. */
export type Measurements = Partial<Record<Measurement, number | null>>;

/** The result of scoring one profile. */
export interface Scored {
  /** Points per scored test; a test without its measurement (or bodyweight) is absent. */
  points: Partial<Record<Test, number>>;
  /** Sum of the EAPI core tests, `null` while one is missing. */
  eapi: number | null;
  /** Sum of the EASI tests, `null` while one is missing. */
  easi: number | null;
}

/**
 * Peak power of a vertical jump in watts (Sayers et al. 1999):
 * W = 60.7 × jump height (cm) + 45.3 × body mass (kg) − 2055. The same height is more
 * power from a heavier body, so a heavier athlete jumping as high scores more: at 60 cm,
 * each extra 10 kg is +453 W, about half a standard deviation of the male reference.
 */
export function jumpPowerW(heightMm: number, bodyweightKg: number): number {
  return Math.round(60.7 * (heightMm / 10) + 45.3 * bodyweightKg - 2055);
}

/**
 * Points of one value against its reference row: 500 at the mean, 100 per standard
 * deviation better (a faster time or a higher jump), clamped to 0..1000 and rounded to
 * the nearest point.
 *
 * @example
 * points(1700, { mean: 1800, sd: 100, lowerIsBetter: true }); // 600: 1 SD faster
 */
export function points(
  value: number,
  reference: Pick<Reference, 'mean' | 'sd' | 'lowerIsBetter'>,
): number {
  const deviations = (value - reference.mean) / reference.sd;
  const better = reference.lowerIsBetter ? -deviations : deviations;
  const raw = POINTS_MEAN + POINTS_PER_SD * better;
  return Math.round(Math.min(MAX_POINTS, Math.max(0, raw)));
}

/** The sexes whose rows score an athlete, most specific first. */
function sexesFor(gender: Gender | null): ReferenceSex[] {
  return gender === 'male' || gender === 'female' ? [gender, 'any'] : ['any'];
}

/**
 * The row a test is scored against: the athlete's sex (the pooled `any` row for another
 * or no gender, or when the version has no row for the sex) at the athlete's level, else
 * at level `all`.
 */
export function referenceFor(
  references: readonly Reference[],
  test: Test,
  gender: Gender | null,
  level = 'all',
): Reference | null {
  for (const sex of sexesFor(gender)) {
    for (const wanted of level === 'all' ? ['all'] : [level, 'all']) {
      const row = references.find(
        (reference) =>
          reference.test === test && reference.sex === sex && reference.level === wanted,
      );
      if (row) return row;
    }
  }
  return null;
}

/**
 * The value a test is scored on, from the measurements: watts for the jump (needs
 * bodyweight), the measurement itself otherwise. EASI's top speed falls back to the
 * flying 10 when the sprint has no 20-40 yd segment (its own reference row).
 */
export function testValue(
  test: Test,
  measurements: Measurements,
  bodyweightKg: number | null,
): number | null {
  if (test === 'verticalJumpPowerW') {
    const height = measurements.verticalJumpMm;
    return height != null && bodyweightKg != null ? jumpPowerW(height, bodyweightKg) : null;
  }
  return measurements[test] ?? null;
}

/** Sum of the tests' points, or `null` when any of them is missing. */
function sum(scored: Partial<Record<Test, number>>, tests: readonly Test[]): number | null {
  let total = 0;
  for (const test of tests) {
    const value = scored[test];
    if (value == null) return null;
    total += value;
  }
  return total;
}

/**
 * Scores a profile against a reference version.
 *
 * - EAPI = vertical jump power + 10-yd sprint + pro agility; the 40-yd sprint and broad
 *   jump are scored and shown but not summed.
 * - EASI = acceleration + transition + top speed, where top speed is the 20-40 yd segment
 *   or, without it, the flying 10 (scored against the flying-10 row and counted as top
 *   speed).
 */
export function score(
  measurements: Measurements,
  bodyweightKg: number | null,
  gender: Gender | null,
  references: readonly Reference[],
  level = 'all',
): Scored {
  const scored: Partial<Record<Test, number>> = {};
  for (const test of TESTS) {
    const value = testValue(test, measurements, bodyweightKg);
    const reference = value == null ? null : referenceFor(references, test, gender, level);
    if (value != null && reference) scored[test] = points(value, reference);
  }
  const easiTests = INDEX_TESTS.easi.core.map((test) =>
    test === 'topSpeedMs' && scored.topSpeedMs == null ? 'flying10Ms' : test,
  );
  return { points: scored, eapi: sum(scored, INDEX_TESTS.eapi.core), easi: sum(scored, easiTests) };
}

/** The tests of an index in the order reports show them: its core tests, then the optional ones. */
export function indexTests(index: IndexName): readonly Test[] {
  return [...INDEX_TESTS[index].core, ...INDEX_TESTS[index].optional];
}
