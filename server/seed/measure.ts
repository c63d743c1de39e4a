import { development, meanHighSchoolWeight, soften, TEST_SD } from './ability';
import { STANDING_START_FLOORS_MS } from '../event';
import type { SeedAthlete } from './athletes';
import { otherNorms, referenceOf, sprintSplitShare } from './norms';
import type { Random } from './random';

/** What a testing day measures; each maps to an event type and a distance. */
export type Drill =
  | 'sprint40'
  | 'sprint10'
  | 'flying10'
  | 'proAgility'
  | 'lDrill'
  | 'vertical'
  | 'broad'
  | 'shuttle60';

const yd = (yards: number): number => Math.round(yards * 914.4);

/** Event type id (reference-data.ts), distance and split distances (mm) of each drill. */
export const drills: Record<
  Drill,
  { eventTypeId: number; distanceMm: number; splitsMm: number[]; shares: number[] }
> = {
  sprint40: {
    eventTypeId: 1,
    distanceMm: yd(40),
    splitsMm: [yd(10), yd(20), yd(40)],
    shares: [sprintSplitShare.at10, sprintSplitShare.at20, 1],
  },
  sprint10: { eventTypeId: 1, distanceMm: yd(10), splitsMm: [yd(10)], shares: [1] },
  flying10: { eventTypeId: 3, distanceMm: yd(10), splitsMm: [yd(10)], shares: [1] },
  proAgility: {
    eventTypeId: 2,
    distanceMm: yd(20),
    splitsMm: [yd(5), yd(15), yd(20)],
    shares: [0.27, 0.77, 1],
  },
  lDrill: { eventTypeId: 4, distanceMm: 0, splitsMm: [], shares: [] },
  vertical: { eventTypeId: 5, distanceMm: 0, splitsMm: [], shares: [] },
  broad: { eventTypeId: 6, distanceMm: 0, splitsMm: [], shares: [] },
  shuttle60: {
    eventTypeId: 7,
    distanceMm: yd(60),
    splitsMm: [yd(10), yd(30), yd(60)],
    shares: [0.17, 0.5, 1],
  },
};

export interface Measurement {
  result: number;
  splits: [distanceMm: number, ms: number][];
}

/**
 * An athlete's offsets (SD) per part of a test, so that tests correlate but do not
 * coincide: the three phases of a sprint, agility, and the two jumps.
 */
export type TestOffsets = Record<
  'acceleration' | 'transition' | 'topSpeed' | 'agility' | 'vertical' | 'broad',
  number
>;

export function drawTestOffsets(random: Random): TestOffsets {
  // The sprint's phases share most of their offset: a fast starter is mostly a fast runner.
  const sprint = random.normal(0, TEST_SD * 0.8);
  const phase = () => sprint + random.normal(0, TEST_SD * 0.6);
  return {
    acceleration: phase(),
    transition: phase(),
    topSpeed: phase(),
    agility: random.normal(0, TEST_SD),
    vertical: random.normal(0, TEST_SD * 0.8),
    broad: random.normal(0, TEST_SD * 0.8),
  };
}

/**
 * How much faster a stopwatch reads than the gates (s) from a standing start: the timer
 * starts a little late (reacting to the first movement) and stops early (anticipating
 * the line). Mann et al. 2015 (J Strength Cond Res 29(6):1509-1514) measured 0.22 ± 0.07 s
 * over 40 yd for experienced timers (0.26 for novices); Mayhew et al. 2010 found 0.31 ±
 * 0.07 s; track's conversion is 0.24 s (docs/demo-data.md, "Hand timing"). Mostly at the
 * ends of the run, so about the same at any distance.
 */
export const HAND_START_DELAY = { mean: 0.22, sd: 0.05 } as const;

/** The app's floors for hand-timed sprints (server/event/plausibility.ts). */
const HAND_FLOOR_MS = {
  at10: STANDING_START_FLOORS_MS.hand.sprint![9144]!,
  at40: STANDING_START_FLOORS_MS.hand.sprint![36576]!,
};

/**
 * Variation (coefficient of variation) of one attempt, by part, and of an athlete's form
 * from day to day (the same for every attempt of the day): most of a test's noise is the
 * day's, so that the best of a day's attempts is not much better than a typical one.
 */
const ATTEMPT_CV = { acceleration: 0.009, phase: 0.006, agility: 0.008, jump: 0.02 } as const;
const DAY_CV = { time: 0.012, jump: 0.03 } as const;

/** The athlete's form on the wall-clock day of `at`: a normal deviate, the same all day. */
export function dayForm(formSeed: number, at: number): number {
  let h = Math.imul(formSeed ^ Math.floor(at / 86_400_000), 0x9e3779b1) >>> 0;
  const uniform = () => {
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
    return (h + 0.5) / 4294967296;
  };
  return Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

/**
 * The mean jump height (mm) of a sex's high-school athletes: the height whose Sayers power
 * at the program's mean bodyweight is the reference row's mean (scoring.ts), so that the
 * demo's jumps score as the population: a heavier program jumps a little lower.
 */
function meanJumpMm(sex: 'male' | 'female'): number {
  const [power] = referenceOf('verticalJumpPowerW', sex);
  return ((power + 2055 - 45.3 * meanHighSchoolWeight(sex)) / 60.7) * 10;
}
const jumpMeans = { male: meanJumpMm('male'), female: meanJumpMm('female') };

/**
 * One attempt of `athlete` at instant `at` (ability.ts: position, age, season, level).
 * Electronic sprints are the sum of their phases, each drawn against its reference row,
 * so that the 10- and 20-yd splits are the athlete's own; hand timing reads the total
 * about 0.22 s early and to the hundredth; `mistimed` corrupts a split the way
 * an early gate trigger does.
 */
export function measure(
  random: Random,
  athlete: SeedAthlete,
  offsets: TestOffsets,
  drill: Drill,
  options: { at: number; hand: boolean; mistimed: boolean },
): Measurement {
  const form = dayForm(athlete.formSeed, options.at);
  const fast = development(athlete, options.at, 'speed');
  const strong = development(athlete, options.at, 'power');
  const speed = (offset: number) => soften(-athlete.speedZ + offset + fast, 'speed');
  const power = (offset: number) => soften(athlete.powerZ + offset + strong, 'power');
  const { sex } = athlete;
  const time = ([mean, sd]: [number, number], z: number, cv: number) =>
    (mean - z * sd) * (1 - form * DAY_CV.time + random.normal(0, cv));
  const jumpForm = 1 + form * DAY_CV.jump;
  if (drill === 'vertical') {
    const sd = otherNorms[sex].verticalMm[1];
    const height =
      (jumpMeans[sex] + power(offsets.vertical) * sd) *
      (jumpForm + random.normal(0, ATTEMPT_CV.jump));
    return { result: Math.round(height), splits: [] };
  }
  if (drill === 'broad') {
    const [mean, sd] = referenceOf('broadJumpMm', sex);
    const length =
      (mean + power(offsets.broad) * sd) * (jumpForm + random.normal(0, ATTEMPT_CV.jump / 2));
    return { result: Math.round(length), splits: [] };
  }
  const acceleration = () =>
    time(referenceOf('accelerationMs', sex), speed(offsets.acceleration), ATTEMPT_CV.acceleration);
  let parts: number[];
  if (drill === 'sprint40') {
    parts = [
      acceleration(),
      time(referenceOf('transitionMs', sex), speed(offsets.transition), ATTEMPT_CV.phase),
      time(referenceOf('topSpeedMs', sex), speed(offsets.topSpeed), ATTEMPT_CV.phase),
    ];
  } else if (drill === 'sprint10') {
    parts = [acceleration()];
  } else if (drill === 'flying10') {
    parts = [time(referenceOf('flying10Ms', sex), speed(offsets.topSpeed), ATTEMPT_CV.phase)];
  } else {
    const agility = speed(0.6 * offsets.agility + 0.4 * offsets.acceleration);
    const norm =
      drill === 'proAgility'
        ? referenceOf('proAgilityMs', sex)
        : drill === 'lDrill'
          ? otherNorms[sex].lDrillMs
          : otherNorms[sex].shuttle60Ms;
    const total = time(
      norm,
      drill === 'shuttle60' ? speed(offsets.transition) : agility,
      ATTEMPT_CV.agility,
    );
    parts = shareOut(random, total, drills[drill].shares);
  }
  if (options.hand) {
    const electronicMs = parts.reduce((sum, part) => sum + part, 0);
    // A coach does not write down a reading past what the app calls credible (a hand-timed
    // 10 yd under 1.30 s): the athlete runs again, and the next reading counts.
    const floor =
      drill === 'sprint10' ? HAND_FLOOR_MS.at10 : drill === 'sprint40' ? HAND_FLOOR_MS.at40 : 0;
    let reading = electronicMs;
    for (let tries = 0; tries < 20; tries++) {
      const delay = random.normal(HAND_START_DELAY.mean, HAND_START_DELAY.sd);
      const attempt = electronicMs - delay * 1000;
      if (attempt >= floor + 10) {
        reading = attempt;
        break;
      }
    }
    // A stopwatch reads hundredths.
    return timed(random, drill, [Math.round(reading / 10) * 10], options);
  }
  return timed(
    random,
    drill,
    parts.map((part) => Math.round(part)),
    options,
  );
}

/** A total cut into parts by cumulative shares, each part jittered a little. */
function shareOut(random: Random, total: number, shares: number[]): number[] {
  if (shares.length === 0) return [total];
  return shares.map(
    (share, i) => total * (share - (i === 0 ? 0 : shares[i - 1]!)) * (1 + random.normal(0, 0.01)),
  );
}

function timed(
  random: Random,
  drill: Drill,
  parts: number[],
  options: { hand: boolean; mistimed: boolean },
): Measurement {
  const { distanceMm, splitsMm } = drills[drill];
  const totalMs = parts.reduce((sum, part) => sum + part, 0);
  if (distanceMm === 0) return { result: totalMs, splits: [] };
  // Hand timing gives only the total, which is also the split at the full distance.
  if (options.hand) return { result: totalMs, splits: [[distanceMm, totalMs]] };
  let elapsed = 0;
  let splits = splitsMm.map((mm, i): [number, number] => {
    elapsed += parts[i] ?? 0;
    return [mm, i === splitsMm.length - 1 ? totalMs : Math.round(elapsed)];
  });
  if (options.mistimed) splits = mistime(random, splits);
  const result = splits[splits.length - 1]![1];
  return { result, splits };
}
/** An early trigger on one gate: the segment into it reads impossibly short. */
function mistime(random: Random, splits: [number, number][]): [number, number][] {
  const i = random.int(0, splits.length - 1);
  const previous = i === 0 ? [0, 0] : splits[i - 1]!;
  const segmentMm = splits[i]![0] - previous[0]!;
  // 13-17 m/s: past the 12.5 m/s the API flags (server/event/plausibility.ts).
  const tooShortMs = Math.round((segmentMm / 1000 / (13 + 4 * random.next())) * 1000);
  const shift = splits[i]![1] - (previous[1]! + tooShortMs);
  return splits.map(([mm, ms], j): [number, number] => [mm, j >= i ? ms - shift : ms]);
}
