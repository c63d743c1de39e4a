/**
 * What coaches measure, as numbers the demo data is drawn from: population means and
 * standard deviations per test (PRODUCT.md, "Numbers a coach knows": each range there
 * is about mean ± 1.5 sd), body sizes by sport and position, and how far a position
 * sits from its population (linemen slower, defensive backs and receivers faster).
 */
export type Level = 'hs' | 'college';
export type Sex = 'male' | 'female';
export type Population = `${Level}-${Sex}`;
export type Test = 'sprint40' | 'proAgility' | 'lDrill' | 'vertical' | 'broad' | 'shuttle60';

/** Mean and sd; times in seconds, vertical jump in inches, broad jump in feet. */
export const testNorms: Record<Population, Record<Test, [mean: number, sd: number]>> = {
  'hs-male': {
    sprint40: [5.2, 0.22],
    proAgility: [4.7, 0.17],
    lDrill: [7.7, 0.28],
    vertical: [23, 3.3],
    broad: [8, 0.55],
    shuttle60: [12.5, 0.45],
  },
  'hs-female': {
    sprint40: [5.95, 0.25],
    proAgility: [5.15, 0.2],
    lDrill: [8.45, 0.3],
    vertical: [17.5, 2.8],
    broad: [6.5, 0.6],
    shuttle60: [13.8, 0.5],
  },
  'college-male': {
    sprint40: [4.6, 0.15],
    proAgility: [4.15, 0.14],
    lDrill: [6.95, 0.18],
    vertical: [33, 3],
    broad: [9.8, 0.5],
    shuttle60: [11.4, 0.35],
  },
  'college-female': {
    sprint40: [5.4, 0.2],
    proAgility: [4.7, 0.16],
    lDrill: [7.6, 0.2],
    vertical: [22, 2.8],
    broad: [7.8, 0.45],
    shuttle60: [12.9, 0.4],
  },
};

/**
 * The best a result of the level may show, whatever the draw: the fastest time (s) of each
 * drill, the highest jump (vertical in inches, broad in feet). Taken from PRODUCT.md's
 * ranges ("Numbers a coach knows": the fast end of a level's range less about one sd),
 * never past the world-class marks (40 yd ~4.2 s, 10 yd ~1.45 s, vertical ~46 in, broad
 * ~12 ft 3 in), so that an ordinary roster never shows a record. A draw beyond a limit is
 * eased towards it (`measure.ts`), hand timing's fast reading included: a coach writes
 * down a hand-timed 4.3, not a 4.04.
 */
export const levelLimits: Record<Population, Record<Test | 'sprint10' | 'flying10', number>> = {
  'hs-male': {
    sprint40: 4.45,
    sprint10: 1.58,
    flying10: 0.98,
    proAgility: 4.2,
    lDrill: 6.85,
    shuttle60: 11.4,
    vertical: 34,
    broad: 10,
  },
  'hs-female': {
    sprint40: 5.1,
    sprint10: 1.76,
    flying10: 1.12,
    proAgility: 4.55,
    lDrill: 7.5,
    shuttle60: 12.6,
    vertical: 26,
    broad: 8.3,
  },
  'college-male': {
    sprint40: 4.28,
    sprint10: 1.48,
    flying10: 0.86,
    proAgility: 3.85,
    lDrill: 6.45,
    shuttle60: 10.6,
    vertical: 43,
    broad: 11.5,
  },
  'college-female': {
    sprint40: 4.85,
    sprint10: 1.66,
    flying10: 1.0,
    proAgility: 4.3,
    lDrill: 7.05,
    shuttle60: 11.9,
    vertical: 30,
    broad: 9,
  },
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

/** Yearly improvement of a young athlete (share of the mean); college athletes gain about half. */
export const yearlyGain = { time: 0.015, jump: 0.045 } as const;

export const INCH_MM = 25.4;
export const FOOT_MM = 304.8;
