import { sports } from '../db/migrations/reference-data';
import { footballPositionWeights, positionProfiles, sportMix, type Sex } from './norms';

/**
 * How good a demo athlete is on a day, in SDs of the high-school reference population
 * (norms.ts), better is +. Five parts add up:
 *
 * - **position**: the sport and position's offset (norms.ts `positionProfiles`), centred
 *   so that the program's mix of positions averages the population;
 * - **the athlete**: a normal draw, whose SD makes position + age + athlete + test spread
 *   as wide as the reference (1 SD);
 * - **age**: boys gain about 1.1 SD from 14 to 18 and little after 19, girls about 0.25 SD
 *   and little after 16 (growth), centred on the high-school years;
 * - **the season**: from August 1 an athlete gains through the school year's training,
 *   then loses a little in June and July (the off-season): a quarter of the year's gain
 *   by age and the 0.1 SD of the season's training;
 * - **the level**: college athletes are a selection, 0.7 SD (speed) and 1.4 SD (jumps)
 *   above high-school athletes of their age.
 *
 * The sum is eased at the good end (`soften`): beyond 1.5 SD each further SD counts less,
 * so the best of a roster are rare, spread out and never a world record; there is no
 * floor or cap that piles equal marks up.
 */

const YEAR_MS = 365.25 * 86_400_000;
/** Training gain of a season (SD), lost again over the summer. */
const SEASON_GAIN = 0.1;
/** The share of a year's gain by age that the summer takes back before the next season. */
const SUMMER_LOSS = 0.25;
/** How far (SD) one attempt is drawn below the reference mean, which is a day's best. */
const BEST_OF_DAY = 0.2;
/** Share of the school year (from August 1) that is the season; the rest is the summer. */
const SEASON_PART = 10 / 12;
/**
 * College athletes' advantage over high-school athletes of their age (a selection): more
 * in the jumps, where PRODUCT.md's college ranges sit further from high school's.
 */
export const COLLEGE_SELECTION = { speed: 0.7, power: 1.4 } as const;
/** The SD of an athlete's offset per test (tests correlate but do not coincide). */
export const TEST_SD = 0.35;
/** Where the good end starts easing, and how far beyond it an athlete can get (SD). */
const KNEE = 1.5;
const REACH = { speed: 0.8, power: 1.6 } as const;

/** Ability gained with age (SD of the population): fast in the teens, flat after. */
export function growth(sex: Sex, age: number): number {
  return sex === 'male'
    ? 2.6 * (1 - Math.exp(-(age - 12.5) / 2.5))
    : 1.2 * (1 - Math.exp(-(age - 11.5) / 1.6));
}

/** Mean and variance of `f` over the high-school years (ages 14.2-18.2, evenly). */
function overHighSchool(f: (age: number) => number): { mean: number; variance: number } {
  const steps = 400;
  const values = Array.from({ length: steps }, (_, i) => f(14.2 + (4 * (i + 0.5)) / steps));
  const mean = values.reduce((sum, v) => sum + v, 0) / steps;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / steps;
  return { mean, variance };
}

const ageSpread: Record<Sex, { mean: number; variance: number }> = {
  male: overHighSchool((age) => growth('male', age)),
  female: overHighSchool((age) => growth('female', age)),
};

/** The program's mix of sports and positions for a sex, as [profile, weight] pairs. */
function positionMix(sex: Sex) {
  return sportMix.flatMap(([sport, weight, femaleShare]) => {
    const share = sex === 'female' ? femaleShare : 1 - femaleShare;
    const positions = sports.find((s) => s.name === sport)?.positions.map(([abbr]) => abbr) ?? [''];
    const positionWeight = (abbr: string) =>
      sport === 'Football' ? (footballPositionWeights[abbr] ?? 1) : 1;
    const total = positions.reduce((sum, abbr) => sum + positionWeight(abbr), 0);
    return positions.map(
      (abbr) =>
        [
          positionProfiles[sport]?.[abbr] ??
            positionProfiles.Other![''] ?? { speed: 0, power: 0, heightCm: 180, weightKg: 80 },
          (weight * share * positionWeight(abbr)) / total,
        ] as const,
    );
  });
}

/** Mean and variance of the position offsets over the program's mix (speed: + is slower). */
function positionSpread(sex: Sex) {
  const mix = positionMix(sex);
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  const stats = (pick: (p: { speed: number; power: number }) => number) => {
    const mean = mix.reduce((sum, [p, w]) => sum + pick(p) * w, 0) / total;
    const variance = mix.reduce((sum, [p, w]) => sum + (pick(p) - mean) ** 2 * w, 0) / total;
    return { mean, variance };
  };
  return { speed: stats((p) => p.speed), power: stats((p) => p.power) };
}

const positions: Record<Sex, ReturnType<typeof positionSpread>> = {
  male: positionSpread('male'),
  female: positionSpread('female'),
};

/** The position's offsets, centred on the program's mix (speed: + is slower). */
export function centredPosition(sex: Sex, speed: number, power: number) {
  return {
    speed: speed - positions[sex].speed.mean,
    power: power - positions[sex].power.mean,
  };
}

/**
 * SD of the athlete's own draw for speed and power: what is left of the population's 1 SD
 * after position, age and the per-test offsets.
 */
export function athleteSd(sex: Sex, kind: 'speed' | 'power'): number {
  const rest = 1 - positions[sex][kind].variance - ageSpread[sex].variance - TEST_SD ** 2;
  return Math.sqrt(Math.max(0.2, rest));
}

/** What an athlete brings to `development`. */
export interface Growing {
  sex: Sex;
  bornAt: number;
  college: boolean;
  /** Multiplies the gain with age (some develop faster). */
  gainFactor: number;
}

/**
 * Age, season and level at instant `at`, in SD of the high-school population (better is
 * +): 0 for a high-school athlete of the average age at the start of a season.
 */
export function development(athlete: Growing, at: number, kind: 'speed' | 'power'): number {
  const date = new Date(at);
  const year = date.getUTCFullYear() - (date.getUTCMonth() < 7 ? 1 : 0);
  const seasonStart = Date.UTC(year, 7, 1);
  const s = (at - seasonStart) / YEAR_MS;
  const age = (seasonStart - athlete.bornAt) / YEAR_MS;
  const [from, to] = [growth(athlete.sex, age), growth(athlete.sex, age + 1)];
  // The year's gain by age arrives over the season, a quarter more than is kept; the
  // summer takes that quarter back, with the season's training gain.
  const inSeason = s < SEASON_PART;
  const ageShare = inSeason
    ? (s / SEASON_PART) * (1 + SUMMER_LOSS)
    : 1 + SUMMER_LOSS * ((1 - s) / (1 - SEASON_PART));
  const season = inSeason
    ? (SEASON_GAIN * s) / SEASON_PART
    : (SEASON_GAIN * (1 - s)) / (1 - SEASON_PART);
  const grown = from + (to - from) * ageShare - ageSpread[athlete.sex].mean;
  // A profile keeps the best attempt of a day, which the reference mean stands for: one
  // attempt is drawn a little below it.
  return (
    athlete.gainFactor * grown +
    season -
    BEST_OF_DAY +
    (athlete.college ? COLLEGE_SELECTION[kind] : 0)
  );
}

/**
 * Eases the good end: unchanged up to 1.5 SD, then each SD counts less (logarithmically:
 * 3.5 SD of talent is a boy's 4.45 s 40, 4.5 SD a 4.37 s), with no bound that could pile
 * marks up; the bad end from -3 SD, towards -4.5.
 */
export function soften(z: number, kind: 'speed' | 'power'): number {
  if (z > KNEE) return KNEE + REACH[kind] * Math.log1p((z - KNEE) / REACH[kind]);
  if (z < -3) return -3 - 1.5 * Math.tanh((-3 - z) / 1.5);
  return z;
}

/** A high-school athlete's weight as a share of the position's college weight, at 14 and 19. */
export const HIGH_SCHOOL_WEIGHT = { at14: 0.72, at19: 0.84 } as const;

/**
 * The mean bodyweight (kg) of the program's high-school athletes of a sex: the position
 * mix's college weights, scaled to the average high-school age (16.2) and sex.
 */
export function meanHighSchoolWeight(sex: Sex): number {
  const mix = positionMix(sex);
  const total = mix.reduce((sum, [, w]) => sum + w, 0);
  const college = mix.reduce((sum, [p, w]) => sum + p.weightKg * w, 0) / total;
  const grown = (16.2 - 14) / 5;
  const share =
    HIGH_SCHOOL_WEIGHT.at14 + (HIGH_SCHOOL_WEIGHT.at19 - HIGH_SCHOOL_WEIGHT.at14) * grown;
  return college * share * (sex === 'female' ? 0.8 : 1);
}
