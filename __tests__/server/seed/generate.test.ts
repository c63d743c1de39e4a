import { generateAthletes, nameKey, type SeedAthlete } from '../../../server/seed/athletes';
import { eventTypes } from '../../../server/db/migrations/reference-data';
import { isImplausible } from '../../../server/event/plausibility';
import { Random } from '../../../server/seed/random';
import { generateResults, type SeedResult } from '../../../server/seed/results';
import { planRosters } from '../../../server/seed/rosters';

const until = Date.UTC(2025, 5, 30);

function generate(seed: number, athleteCount = 600, count = 40_000) {
  const random = new Random(seed);
  const athletes = generateAthletes(random.fork(), athleteCount, {
    untilYear: 2025,
    numberFrom: 1,
  });
  const results = [
    ...generateResults(random.fork(), athletes, { count, until, chunkSize: 7_000 }),
  ].flat();
  return { athletes, results };
}

const { athletes, results } = generate(7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Median result of electronic attempts from the last year, for athletes matching `who`. */
function recentMedian(
  eventTypeId: number,
  distanceMm: number,
  who: (a: SeedAthlete) => boolean,
): number {
  const picked = results.filter(
    (r) =>
      r.eventTypeId === eventTypeId &&
      r.distanceMm === distanceMm &&
      r.timingMethod === 'electronic' &&
      !r.implausible &&
      r.recordedAt > until - 365 * 86_400_000 &&
      who(athletes[r.athlete]!),
  );
  return median(picked.map((r) => r.result));
}

const hsBoys = (a: SeedAthlete) => a.population === 'hs-male';

describe('demo data generation', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const again = generate(7);
    expect(again.athletes).toEqual(athletes);
    expect(again.results).toEqual(results);
    expect(generate(8).results.slice(0, 50)).not.toEqual(results.slice(0, 50));
  });

  it('produces exactly the results asked for, session after session, over about three years', () => {
    expect(results).toHaveLength(40_000);
    // Sessions of one day overlap (lanes, teams in turn), but days follow each other.
    const day = 86_400_000;
    expect(
      results.every((r, i) => i === 0 || r.recordedAt > results[i - 1]!.recordedAt - day),
    ).toBe(true);
    const years = (results.at(-1)!.recordedAt - results[0]!.recordedAt) / (365 * 86_400_000);
    expect(years).toBeGreaterThan(2.5);
    expect(years).toBeLessThanOrEqual(3);
  });

  it('gives high-school boys the times and jumps a coach expects', () => {
    expect(recentMedian(1, 36576, hsBoys)).toBeGreaterThan(4800);
    expect(recentMedian(1, 36576, hsBoys)).toBeLessThan(5600);
    expect(recentMedian(1, 9144, hsBoys)).toBeGreaterThan(1650);
    expect(recentMedian(1, 9144, hsBoys)).toBeLessThan(1950);
    expect(recentMedian(2, 18288, hsBoys)).toBeGreaterThan(4400);
    expect(recentMedian(2, 18288, hsBoys)).toBeLessThan(5000);
    expect(recentMedian(5, 0, hsBoys) / 25.4).toBeGreaterThan(18);
    expect(recentMedian(5, 0, hsBoys) / 25.4).toBeLessThan(28);
  });

  it('makes girls slower than boys, linemen slower and defensive backs faster', () => {
    expect(recentMedian(1, 36576, (a) => a.population === 'hs-female')).toBeGreaterThan(
      recentMedian(1, 36576, hsBoys) + 300,
    );
    const position = (abbr: string) => (a: SeedAthlete) => hsBoys(a) && a.position === abbr;
    expect(recentMedian(1, 36576, position('OL'))).toBeGreaterThan(
      recentMedian(1, 36576, position('DB')) + 300,
    );
    expect(recentMedian(1, 36576, position('WR'))).toBeLessThan(
      recentMedian(1, 36576, position('LB')),
    );
  });

  it('has athletes improve from season to season', () => {
    const sprints = results.filter(
      (r) =>
        r.distanceMm === 36576 && r.timingMethod === 'electronic' && hsBoys(athletes[r.athlete]!),
    );
    const byYear = [0, 1, 2].map((yearsAgo) => {
      const from = until - (yearsAgo + 1) * 365 * 86_400_000;
      return median(
        sprints
          .filter((r) => r.recordedAt >= from && r.recordedAt < from + 365 * 86_400_000)
          .map((r) => r.result),
      );
    });
    expect(byYear[0]).toBeLessThan(byYear[1]!);
    expect(byYear[1]).toBeLessThan(byYear[2]!);
  });

  it('writes increasing splits ending at the total, and flags only impossible ones', () => {
    const withSplits = results.filter((r) => r.splits.length > 0);
    for (const r of withSplits) {
      expect(r.splits.at(-1)).toEqual([r.distanceMm, r.result]);
      const type = eventTypes.find((t) => t.id === r.eventTypeId)!;
      const attempt = { eventTypeCode: type.code, unit: type.unit, distanceMm: r.distanceMm };
      expect(r.implausible).toBe(isImplausible({ ...attempt, result: r.result, splits: r.splits }));
    }
    const plausible = withSplits.filter((r) => !r.implausible);
    expect(
      plausible.every((r) =>
        r.splits.every(
          ([mm, ms], i) => i === 0 || (mm > r.splits[i - 1]![0] && ms > r.splits[i - 1]![1]),
        ),
      ),
    ).toBe(true);
    const flagged = results.filter((r) => r.implausible).length;
    expect(flagged).toBeGreaterThan(0);
    expect(flagged / withSplits.length).toBeLessThan(0.01);
  });

  it('times by hand about 0.2 s faster over 40 yd, with the total as the only split', () => {
    const sprint = (method: SeedResult['timingMethod']) =>
      results.filter(
        (r) => r.distanceMm === 36576 && r.timingMethod === method && hsBoys(athletes[r.athlete]!),
      );
    const gap =
      median(sprint('electronic').map((r) => r.result)) -
      median(sprint('hand').map((r) => r.result));
    expect(gap).toBeGreaterThan(100);
    expect(gap).toBeLessThan(350);
    expect(
      sprint('hand').every(
        (r) => r.splits.length === 1 && r.laneId === null && r.source === 'manual',
      ),
    ).toBe(true);
  });

  it('uses lanes 1-4 and every program', () => {
    expect(new Set(results.map((r) => r.laneId))).toEqual(new Set([null, 1, 2, 3, 4]));
    expect(new Set(results.map((r) => r.program))).toEqual(
      new Set(['none', 'gamespeed', 'eapi', 'manualentry']),
    );
  });
});

describe('athletes and rosters', () => {
  it('are football-heavy with plausible bodies and some accented names', () => {
    expect(athletes.filter((a) => a.sport === 'Football').length / athletes.length).toBeGreaterThan(
      0.4,
    );
    for (const a of athletes) {
      expect(a.heightCm).toBeGreaterThan(140);
      expect(a.heightCm).toBeLessThan(225);
      expect(a.weightKg).toBeGreaterThanOrEqual(40);
      expect(a.weightKg).toBeLessThan(185);
    }
    const linemen = athletes.filter((a) => a.position === 'OL' && a.population === 'college-male');
    expect(median(linemen.map((a) => a.weightKg))).toBeGreaterThan(120);
    expect(athletes.some((a) => /\P{ASCII}/u.test(a.firstName + a.lastName))).toBe(true);
    expect(nameKey('Zoë')).toBe('zoe');
    expect(nameKey('Núñez')).toBe('nunez');
  });

  it('puts every athlete on one to three rosters', () => {
    for (const max of [6, 30]) {
      const rosters = planRosters(athletes, max);
      expect(rosters.length).toBeLessThanOrEqual(max);
      const counts = athletes.map((_, i) => rosters.filter((r) => r.members.includes(i)).length);
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    }
  });
});
