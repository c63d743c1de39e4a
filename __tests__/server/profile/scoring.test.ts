import { tierStanding } from '../../../contract/index-constants';
import { referenceVersion1 } from '../../../server/db/migrations/index-references';
import {
  jumpPowerW,
  points,
  referenceFor,
  score,
  type Reference,
} from '../../../server/profile/scoring';

/** Version 1 as the repository reads it (level `all`). */
const v1: Reference[] = referenceVersion1.rows.map((row) => ({ ...row, level: 'all' }));

describe('points', () => {
  const sprint = { mean: 1800, sd: 100, lowerIsBetter: true };
  const jump = { mean: 2440, sd: 220, lowerIsBetter: false };

  it('gives 500 at the mean and 100 per standard deviation', () => {
    expect(points(1800, sprint)).toBe(500);
    expect(points(2440 + 220, jump)).toBe(600);
    expect(points(2440 - 110, jump)).toBe(450);
  });

  it('scores a lower-is-better test higher when the time is lower', () => {
    expect(points(1700, sprint)).toBe(600); // 1 SD faster
    expect(points(1950, sprint)).toBe(350); // 1.5 SD slower
  });

  it('rounds to the nearest point', () => {
    // (1745 - 1800) / 100 = -0.55 SD -> 555
    expect(points(1745, sprint)).toBe(555);
    // (2500 - 2440) / 220 = 0.2727 SD -> 527.27 -> 527
    expect(points(2500, jump)).toBe(527);
  });

  it('clamps to 0..1000', () => {
    expect(points(1200, sprint)).toBe(1000); // 6 SD faster would be 1100
    expect(points(2500, sprint)).toBe(0); // 7 SD slower would be -200
    expect(points(1300, sprint)).toBe(1000); // exactly 5 SD
  });
});

describe('jumpPowerW', () => {
  it('is Sayers: 60.7 x cm + 45.3 x kg - 2055', () => {
    // 60.7 * 61 + 45.3 * 75 - 2055 = 3702.7 + 3397.5 - 2055 = 5045.2
    expect(jumpPowerW(610, 75)).toBe(5045);
  });

  it('gives a heavier athlete more power for the same height', () => {
    expect(jumpPowerW(610, 85) - jumpPowerW(610, 75)).toBe(453);
  });
});

describe('referenceFor', () => {
  it('takes the athlete sex, the pooled row for another or no gender', () => {
    expect(referenceFor(v1, 'sprint10Ms', 'female')?.mean).toBe(2000);
    expect(referenceFor(v1, 'sprint10Ms', 'male')?.mean).toBe(1800);
    expect(referenceFor(v1, 'sprint10Ms', 'other')?.sex).toBe('any');
    expect(referenceFor(v1, 'sprint10Ms', null)?.sex).toBe('any');
  });

  it('prefers the level when the table has it, else level all', () => {
    const withLevel: Reference[] = [
      ...v1,
      {
        ...v1.find((row) => row.test === 'sprint10Ms' && row.sex === 'male')!,
        level: 'college',
        mean: 1600,
      },
    ];
    expect(referenceFor(withLevel, 'sprint10Ms', 'male', 'college')?.mean).toBe(1600);
    expect(referenceFor(withLevel, 'proAgilityMs', 'male', 'college')?.mean).toBe(4700);
  });
});

describe('score', () => {
  // The worked example of docs/performance-index.md: a 75 kg boy.
  const example = {
    verticalJumpMm: 610, // 5045 W: (5045 - 4800) / 800 = +0.306 SD -> 531
    sprint10Ms: 1745, // -0.55 SD -> 555
    proAgilityMs: 4590, // (4700 - 4590) / 220 = +0.5 SD -> 550
    sprint40Ms: 5050, // (5200 - 5050) / 300 = +0.5 SD -> 550
    broadJumpMm: null,
    accelerationMs: 1745, // 555
    transitionMs: 1135, // (1170 - 1135) / 70 = +0.5 -> 550
    topSpeedMs: 2170, // (2250 - 2170) / 140 = +0.571 -> 557
    flying10Ms: null,
  };

  it('sums the EAPI core tests and leaves optional ones out of the sum', () => {
    const scored = score(example, 75, 'male', v1);
    expect(scored.points).toEqual({
      verticalJumpPowerW: 531,
      sprint10Ms: 555,
      proAgilityMs: 550,
      sprint40Ms: 550,
      accelerationMs: 555,
      transitionMs: 550,
      topSpeedMs: 557,
    });
    expect(scored.eapi).toBe(531 + 555 + 550);
    expect(scored.easi).toBe(555 + 550 + 557);
  });

  it('leaves a missing optional test out without changing the index', () => {
    const withBroad = score({ ...example, broadJumpMm: 2660 }, 75, 'male', v1);
    expect(withBroad.points.broadJumpMm).toBe(600);
    expect(withBroad.eapi).toBe(1636);
  });

  it('has no EAPI while a core test is missing, and no jump points without bodyweight', () => {
    const noWeight = score(example, null, 'male', v1);
    expect(noWeight.points.verticalJumpPowerW).toBeUndefined();
    expect(noWeight.eapi).toBeNull();
    expect(noWeight.easi).toBe(1662);
    expect(score({ ...example, proAgilityMs: null }, 75, 'male', v1).eapi).toBeNull();
  });

  it('takes the flying 10 as top speed when the sprint has no 20-40 segment', () => {
    // (1120 - 1085) / 70 = +0.5 -> 550
    const scored = score({ ...example, topSpeedMs: null, flying10Ms: 1085 }, 75, 'male', v1);
    expect(scored.points.flying10Ms).toBe(550);
    expect(scored.easi).toBe(555 + 550 + 550);
  });

  it('scores the same measurements again with a new version', () => {
    const v2 = v1.map((row) =>
      row.test === 'sprint10Ms' && row.sex === 'male' ? { ...row, mean: 1745 } : row,
    );
    expect(score(example, 75, 'male', v2).points.sprint10Ms).toBe(500);
    expect(score(example, 75, 'male', v2).eapi).toBe(531 + 500 + 550);
  });

  it('scores a girl against the female rows', () => {
    // (2000 - 1890) / 110 = +1 SD -> 600
    expect(score({ sprint10Ms: 1890 }, null, 'female', v1).points.sprint10Ms).toBe(600);
  });
});

describe('tierStanding (contract/index-constants.ts)', () => {
  it('names the tier and the points to the next one', () => {
    expect(tierStanding(0)).toEqual({ tier: 'Developing', pointsToNextTier: 400 });
    expect(tierStanding(530)).toEqual({ tier: 'Average', pointsToNextTier: 20 });
    expect(tierStanding(550)).toEqual({ tier: 'Strong', pointsToNextTier: 150 });
    expect(tierStanding(1000)).toEqual({ tier: 'World-class', pointsToNextTier: null });
  });

  it('scales the bands for an index of three tests', () => {
    expect(tierStanding(1636, 3)).toEqual({ tier: 'Average', pointsToNextTier: 14 });
    expect(tierStanding(2100, 3)).toEqual({ tier: 'Elite', pointsToNextTier: 450 });
  });
});
