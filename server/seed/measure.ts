import type { SeedAthlete } from './athletes';
import {
  FOOT_MM,
  INCH_MM,
  levelLimits,
  sprintSplitShare,
  testNorms,
  yearlyGain,
  type Test,
} from './norms';
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

/** Per-athlete, per-test offsets (sd units) so that tests correlate but do not coincide. */
export type TestOffsets = Record<Test, number>;

export function drawTestOffsets(random: Random): TestOffsets {
  const o = () => random.normal(0, 0.45);
  return { sprint40: o(), proAgility: o(), lDrill: o(), vertical: o(), broad: o(), shuttle60: o() };
}

/**
 * One attempt. `yearsAgo` makes earlier results weaker (athletes improve each season);
 * hand timing reads ~0.2 s fast over 40 yd; `mistimed` corrupts a split the way an early
 * gate trigger does.
 */
export function measure(
  random: Random,
  athlete: SeedAthlete,
  offsets: TestOffsets,
  drill: Drill,
  options: { yearsAgo: number; hand: boolean; mistimed: boolean },
): Measurement {
  const norms = testNorms[athlete.population];
  const gain = athlete.gainFactor * options.yearsAgo;
  const speed = (test: Test): number => {
    const [mean, sd] = norms[test];
    return (
      (mean + sd * (athlete.speedZ * (test === 'sprint40' ? 1 : 0.8) + offsets[test])) *
      (1 + yearlyGain.time * gain)
    );
  };
  const limits = levelLimits[athlete.population];
  const jump = (test: 'vertical' | 'broad', unitMm: number): Measurement => {
    const [mean, sd] = norms[test];
    const value = (mean + sd * (athlete.powerZ + offsets[test])) * (1 - yearlyGain.jump * gain);
    const drawn = Math.max(mean * 0.35, value * (1 + random.normal(0, 0.03)));
    return { result: Math.round(-easedFloor(-drawn, -limits[test], sd) * unitMm), splits: [] };
  };
  if (drill === 'vertical') return jump('vertical', INCH_MM);
  if (drill === 'broad') return jump('broad', FOOT_MM);
  const test: Test = drill === 'sprint10' || drill === 'flying10' ? 'sprint40' : drill;
  let seconds = speed(test);
  if (drill === 'sprint10') seconds *= sprintSplitShare.at10;
  if (drill === 'flying10') seconds *= (sprintSplitShare.at20 - sprintSplitShare.at10) * 0.98;
  seconds *= 1 + random.normal(0, 0.012);
  if (options.hand)
    seconds +=
      random.normal(-0.2, 0.06) * (drill === 'sprint40' ? 1 : 0.7) + random.normal(0, 0.04);
  const sd = norms[test][1] * (seconds / norms[test][0]);
  seconds = easedFloor(seconds, limits[drill], sd);
  return timed(random, drill, Math.round(seconds * 1000), options);
}

/**
 * `value`, but never below `floor`: far above it unchanged, near and below it eased onto
 * it (softplus over a third of an sd), so that the best athletes of a level crowd close
 * to its limit without a pile of equal marks at the limit itself.
 */
export function easedFloor(value: number, floor: number, sd: number): number {
  const scale = sd / 3;
  const above = (value - floor) / scale;
  // log1p(exp(x)) overflows for large x, where it equals x.
  return floor + scale * (above > 30 ? above : Math.log1p(Math.exp(above)));
}

function timed(
  random: Random,
  drill: Drill,
  totalMs: number,
  options: { hand: boolean; mistimed: boolean },
): Measurement {
  const { distanceMm, splitsMm, shares } = drills[drill];
  if (distanceMm === 0) return { result: totalMs, splits: [] };
  // Hand timing gives only the total, which is also the split at the full distance.
  if (options.hand) return { result: totalMs, splits: [[distanceMm, totalMs]] };
  let splits = splitsMm.map((mm, i): [number, number] => {
    // At most two sd: the 10-yd split of a level's fastest 40 stays a credible 10 yd.
    const jitter =
      i === splitsMm.length - 1 ? 0 : Math.max(-0.012, Math.min(0.012, random.normal(0, 0.006)));
    return [mm, Math.round(totalMs * ((shares[i] ?? 1) + jitter))];
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
  const tooShortMs = Math.round((segmentMm / 1000 / random.normal(15, 1.2)) * 1000);
  const shift = splits[i]![1] - (previous[1]! + tooShortMs);
  return splits.map(([mm, ms], j): [number, number] => [mm, j >= i ? ms - shift : ms]);
}
