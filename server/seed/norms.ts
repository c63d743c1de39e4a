import type { Test as IndexTest } from '../../contract/index-constants';
import { referenceVersion1 } from '../db/migrations/index-references';

/**
 * What coaches measure, as numbers the demo data is drawn from. The tests of the
 * performance index take the mean and SD of version 1 of its reference tables (the
 * high-school population, server/db/migrations/index-references.ts), so that the demo's
 * high-school athletes score as the population the index compares them with. The other
 * tests (L-drill, 60-yd shuttle) and the jump's height (the index scores its power) take
 * PRODUCT.md's ranges ("Numbers a coach knows": each range there is about mean ± 1.5 sd).
 * Position, age, the college level and the time of the season move an athlete from the
 * population (ability.ts).
 */
export type Level = 'hs' | 'college';
export type Sex = 'male' | 'female';
export type Population = `${Level}-${Sex}`;

/** The reference row (mean, SD) of an index test for a sex, from version 1. */
export function referenceOf(test: IndexTest, sex: Sex): [mean: number, sd: number] {
  const row = referenceVersion1.rows.find((r) => r.test === test && r.sex === sex)!;
  return [row.mean, row.sd];
}

/**
 * High-school norms of what the index does not score, mean and sd: L-drill and 60-yd
 * shuttle (ms), and the vertical jump's height (mm): 23 ± 3.3 in for boys, 17.5 ± 2.8 in
 * for girls, the heights version 1's power rows were computed from
 * (docs/performance-index.md, "Sources").
 */
export const otherNorms: Record<
  Sex,
  Record<'lDrillMs' | 'shuttle60Ms' | 'verticalMm', [mean: number, sd: number]>
> = {
  male: { lDrillMs: [7700, 280], shuttle60Ms: [12500, 450], verticalMm: [584, 84] },
  female: { lDrillMs: [8450, 300], shuttle60Ms: [13800, 500], verticalMm: [445, 71] },
};

/** Cumulative share of the 40-yd time at 10 and 20 yd (1.8 / 5.1 s; flying 10 ~ 0.228). */
export const sprintSplitShare = { at10: 0.355, at20: 0.583 } as const;

const yd = (yards: number): number => Math.round(yards * 914.4);

/**
 * A 40-yd sprint of `totalMs` as a result's distance, time and cumulative splits at 10, 20
 * and 40 yd (`sprintSplitShare`): what the warm-up, the benches and the test fixtures post.
 */
export function fortyYardSprint(totalMs: number) {
  return {
    distanceMm: yd(40),
    timeMs: totalMs,
    splits: [
      { distanceMm: yd(10), timeMs: Math.round(totalMs * sprintSplitShare.at10) },
      { distanceMm: yd(20), timeMs: Math.round(totalMs * sprintSplitShare.at20) },
      { distanceMm: yd(40), timeMs: totalMs },
    ],
  };
}

export interface PositionProfile {
  /** Sd units slower (+) or faster (-) than the population on speed and agility tests. */
  speed: number;
  /** Sd units lower (-) or higher (+) than the population on jumps. */
  power: number;
  /** Height (cm) and weight (kg) of a college man at this position; others scale down. */
  heightCm: number;
  weightKg: number;
}

const p = (speed: number, power: number, heightCm: number, weightKg: number): PositionProfile => ({
  speed,
  power,
  heightCm,
  weightKg,
});

/** By sport name, then position abbreviation (reference-data.ts); '' = no position. */
export const positionProfiles: Record<string, Record<string, PositionProfile>> = {
  Football: {
    QB: p(0.2, -0.1, 189, 98),
    RB: p(-0.5, 0.5, 179, 96),
    WR: p(-0.8, 0.6, 185, 88),
    TE: p(0.5, 0, 194, 112),
    OL: p(2.0, -1.5, 193, 138),
    DL: p(1.4, -0.9, 191, 127),
    LB: p(0, 0.3, 187, 107),
    DB: p(-0.8, 0.7, 181, 87),
    K: p(0.6, -0.5, 183, 88),
    P: p(0.7, -0.6, 186, 93),
  },
  Basketball: {
    PG: p(-0.4, 0.3, 185, 82),
    SG: p(-0.3, 0.4, 193, 88),
    SF: p(0, 0.5, 200, 98),
    PF: p(0.3, 0.3, 205, 106),
    C: p(0.7, -0.1, 211, 115),
  },
  Baseball: {
    P: p(0.3, -0.2, 190, 95),
    C: p(0.8, -0.4, 182, 95),
    IF: p(-0.1, 0, 182, 86),
    OF: p(-0.4, 0.2, 184, 88),
  },
  Softball: {
    P: p(0.3, -0.2, 178, 82),
    C: p(0.8, -0.4, 172, 84),
    IF: p(-0.1, 0, 172, 76),
    OF: p(-0.4, 0.2, 174, 76),
  },
  Soccer: {
    GK: p(0.5, 0.2, 188, 84),
    DF: p(0, 0, 182, 77),
    MF: p(-0.2, -0.1, 177, 72),
    FW: p(-0.4, 0.2, 179, 75),
  },
  Volleyball: {
    S: p(0, 0.2, 190, 82),
    OH: p(-0.1, 0.6, 197, 88),
    MB: p(0.3, 0.7, 203, 95),
    OPP: p(0, 0.6, 199, 92),
    L: p(-0.3, -0.2, 184, 78),
  },
  Track: {
    SPR: p(-1.3, 1.0, 181, 77),
    HUR: p(-0.9, 0.8, 185, 77),
    JMP: p(-0.7, 1.4, 186, 76),
    THR: p(1.1, 0.1, 188, 115),
    DST: p(0.6, -0.4, 177, 64),
  },
  Lacrosse: {
    A: p(-0.3, 0.1, 180, 82),
    M: p(-0.3, 0.2, 182, 84),
    D: p(0.1, 0, 186, 91),
    G: p(0.6, -0.3, 182, 86),
  },
  Hockey: { F: p(0, 0.1, 183, 86), D: p(0.3, 0, 187, 92), G: p(0.8, -0.4, 187, 88) },
  Other: { '': p(0, 0, 180, 80) },
};

/** Share of athletes per sport (a football-heavy program) and its share of women. */
export const sportMix: readonly (readonly [sport: string, weight: number, femaleShare: number])[] =
  [
    ['Football', 50, 0],
    ['Basketball', 10, 0.45],
    ['Soccer', 9, 0.5],
    ['Baseball', 6, 0],
    ['Softball', 5, 1],
    ['Volleyball', 6, 0.85],
    ['Track', 8, 0.5],
    ['Lacrosse', 3, 0.3],
    ['Hockey', 1.5, 0.1],
    ['Other', 1.5, 0.5],
  ];

/** Football roster shape: how many of each position a team carries. */
export const footballPositionWeights: Record<string, number> = {
  QB: 4,
  RB: 6,
  WR: 10,
  TE: 4,
  OL: 14,
  DL: 10,
  LB: 9,
  DB: 11,
  K: 1,
  P: 1,
};

export const INCH_MM = 25.4;
export const FOOT_MM = 304.8;
