import { referenceVersion1 } from '../../../server/db/migrations/index-references';
import { score, type Measurements, type Reference } from '../../../server/profile/scoring';
import { nameKey } from '../../../server/athlete/name-key';
import { generateAthletes, type SeedAthlete } from '../../../server/seed/athletes';
import { eventTypes } from '../../../server/db/migrations/reference-data';
import { isImplausible } from '../../../server/event/plausibility';
import { Random } from '../../../server/seed/random';
import { generateResults, type ResultPlan, type SeedResult } from '../../../server/seed/results';
import { planRosters } from '../../../server/seed/rosters';

const until = Date.UTC(2025, 5, 30);

function generate(
  seed: number,
  athleteCount = 600,
  count = 40_000,
  plan: Partial<ResultPlan> = {},
) {
  const random = new Random(seed);
  const athletes = generateAthletes(random.fork(), athleteCount, {
    untilYear: 2025,
    numberFrom: 1,
  });
  const results = [
    ...generateResults(random.fork(), athletes, { count, until, chunkSize: 7_000, ...plan }),
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
      const { result, splits, timingMethod } = r;
      expect(r.implausible).toBe(isImplausible({ ...attempt, result, splits, timingMethod }));
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

describe('EAPI testing days', () => {
  const DAY = 86_400_000;
  const eapi = results.filter((r) => r.program === 'eapi');

  /** What a profile would take from an athlete's day (docs/performance-index.md, "The tests"). */
  interface AthleteDay extends Measurements {
    athlete: number;
    day: number;
    /** The fastest electronic 40 with splits at 10 and 20 yd. */
    easiSprint?: number;
  }
  const athleteDays = new Map<string, AthleteDay>();
  for (const r of eapi.filter((result) => !result.implausible)) {
    const day = Math.floor(r.recordedAt / DAY);
    const key = `${r.athlete}/${day}`;
    const entry = athleteDays.get(key) ?? { athlete: r.athlete, day };
    athleteDays.set(key, entry);
    const best = (field: keyof Measurements, value: number, lower: boolean) => {
      const current = entry[field];
      if (current == null || (lower ? value < current : value > current)) entry[field] = value;
    };
    const split = (mm: number) => r.splits.find(([at]) => at === mm)?.[1];
    if (r.eventTypeId === 5) best('verticalJumpMm', r.result, false);
    if (r.eventTypeId === 6) best('broadJumpMm', r.result, false);
    if (r.eventTypeId === 2) best('proAgilityMs', r.result, true);
    if (r.eventTypeId === 1 && r.distanceMm === 9144) best('sprint10Ms', r.result, true);
    if (r.eventTypeId === 1 && r.distanceMm === 36576) {
      best('sprint40Ms', r.result, true);
      const [at10, at20] = [split(9144), split(18288)];
      if (at10 !== undefined) best('sprint10Ms', at10, true);
      if (
        at10 !== undefined &&
        at20 !== undefined &&
        !(r.result >= (entry.easiSprint ?? Infinity))
      ) {
        Object.assign(entry, {
          easiSprint: r.result,
          accelerationMs: at10,
          transitionMs: at20 - at10,
          topSpeedMs: r.result - at20,
        });
      }
    }
  }
  const days = [...athleteDays.values()];
  const complete = (d: AthleteDay) =>
    d.verticalJumpMm != null &&
    d.sprint10Ms != null &&
    d.proAgilityMs != null &&
    d.easiSprint !== undefined;

  it('run every six to eight weeks of the last two years, each within one calendar day near the account zone', () => {
    const testingDays = [...new Set(days.map((d) => d.day))].sort((a, b) => a - b);
    // A testing date's groups may spill over the next weekdays; a new date starts weeks later.
    const dates = testingDays.filter((day, i) => i === 0 || day - testingDays[i - 1]! > 7);
    expect(dates.length).toBeGreaterThanOrEqual(12);
    for (let i = 1; i < dates.length; i++) {
      expect(dates[i]! - dates[i - 1]!).toBeGreaterThanOrEqual(40);
      expect(dates[i]! - dates[i - 1]!).toBeLessThanOrEqual(58);
    }
    expect(until / DAY - dates.at(-1)!).toBeLessThanOrEqual(28);
    expect(until / DAY - dates[0]!).toBeLessThanOrEqual(2 * 365 + 7);
    // Stamped in the account's zone (UTC here): the same day in zones up to 7 hours away.
    const zones = ['America/Denver', 'America/Chicago', 'America/New_York', 'Europe/Berlin'];
    const formats = zones.map((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone }));
    const otherDay = eapi.filter((r) => {
      const utcDay = new Date(r.recordedAt).toISOString().slice(0, 10);
      return formats.some((format) => format.format(r.recordedAt) !== utcDay);
    });
    expect(otherDay).toEqual([]);
    // Most results go to the other programs.
    expect(eapi.length / results.length).toBeGreaterThan(0.25);
    expect(eapi.length / results.length).toBeLessThanOrEqual(0.4);
  });

  it('give each athlete on the program complete EAPI and EASI inputs on several dates', () => {
    const onProgram = [...new Set(days.map((d) => d.athlete))];
    expect(onProgram.length / athletes.length).toBeGreaterThan(0.15);
    expect(days.filter(complete).length / days.length).toBeGreaterThan(0.93);
    const completeDates = (athlete: number) =>
      days.filter((d) => d.athlete === athlete && complete(d)).length;
    const several = onProgram.filter((athlete) => completeDates(athlete) >= 3);
    expect(several.length / onProgram.length).toBeGreaterThan(0.8);
    // Every athlete has a bodyweight (the jump's power) and nearly all a gender (their rows).
    for (const athlete of onProgram) expect(athletes[athlete]!.weightKg).toBeGreaterThan(0);
    const broad = days.filter((d) => d.broadJumpMm != null).length / days.length;
    expect(broad).toBeGreaterThan(0.3);
    expect(broad).toBeLessThan(0.7);
    // EASI: the three phases of one sprint add up to its time.
    for (const d of days.filter(complete))
      expect(d.accelerationMs! + d.transitionMs! + d.topSpeedMs!).toBe(d.easiSprint);
  });

  it('score as the populations they are drawn from (version 1, high-school references)', () => {
    const v1: Reference[] = referenceVersion1.rows.map((row) => ({ ...row, level: 'all' }));
    const scored = days.filter(complete).map((d) => {
      const athlete = athletes[d.athlete]!;
      return { athlete, ...score(d, athlete.weightKg, athlete.gender, v1) };
    });
    const medianOf = (who: (a: SeedAthlete) => boolean, pick: (s: (typeof scored)[0]) => number) =>
      median(scored.filter((s) => who(s.athlete)).map(pick));
    const hsBoysIndex = medianOf(hsBoys, (s) => s.eapi!);
    expect(hsBoysIndex).toBeGreaterThan(1300);
    expect(hsBoysIndex).toBeLessThan(1750);
    expect(
      medianOf(
        (a) => a.population === 'hs-female',
        (s) => s.eapi!,
      ),
    ).toBeGreaterThan(1200);
    expect(
      medianOf(
        (a) => a.population === 'hs-female',
        (s) => s.eapi!,
      ),
    ).toBeLessThan(1700);
    expect(medianOf(hsBoys, (s) => s.easi!)).toBeGreaterThan(1250);
    expect(medianOf(hsBoys, (s) => s.easi!)).toBeLessThan(1750);
    // Heavy linemen jump lower but move more mass: their jump scores above the backs'.
    const position = (abbr: string) => (a: SeedAthlete) => hsBoys(a) && a.position === abbr;
    expect(medianOf(position('OL'), (s) => s.points.verticalJumpPowerW!)).toBeGreaterThan(
      medianOf(position('DB'), (s) => s.points.verticalJumpPowerW!),
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

describe("human limits and the account's daytime", () => {
  // Several seeds and rosters, college ones included, no deliberately mistimed runs.
  const runs = [11, 12, 13].map((seed) =>
    generate(seed, 500, 30_000, { mistimedShare: 0, timeZone: 'Pacific/Auckland' }),
  );

  it('flags no run as implausible (server/event/plausibility.ts) when none is mistimed', () => {
    let checked = 0;
    for (const { results: list } of runs) {
      for (const r of list) {
        const type = eventTypes.find((t) => t.id === r.eventTypeId)!;
        const attempt = {
          eventTypeCode: type.code,
          unit: type.unit,
          distanceMm: r.distanceMm,
          result: r.result,
          splits: r.splits,
          timingMethod: r.timingMethod,
        };
        if (isImplausible(attempt)) throw new Error(`flagged: ${JSON.stringify(r)}`);
        expect(r.implausible).toBe(false);
        checked++;
      }
    }
    expect(checked).toBe(90_000);
  });

  /** Wall-clock hour, minute and weekday of an instant in a zone. */
  function localTime(instant: number, timeZone: string) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    }).formatToParts(instant);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return {
      minutes: Number(part('hour')) * 60 + Number(part('minute')),
      weekday: part('weekday'),
    };
  }

  it.each([
    ['Pacific/Auckland', runs[0]!.results],
    ['UTC', results],
    ['America/Chicago', generate(5, 300, 12_000, { timeZone: 'America/Chicago' }).results],
  ])('stamps every run in the daytime of the account zone (%s), on weekdays', (zone, list) => {
    const outside = list.filter((r) => {
      const { minutes, weekday } = localTime(r.recordedAt, zone);
      return minutes < 8 * 60 || minutes > 19 * 60 || weekday === 'Sat' || weekday === 'Sun';
    });
    expect(outside).toEqual([]);
    // Evening testing exists (after school), so the window is used, not only the morning.
    expect(list.some((r) => localTime(r.recordedAt, zone).minutes > 16 * 60)).toBe(true);
  });

  it('stamps the same plan at other instants in another zone (the wall clock is kept)', () => {
    const [utc, auckland] = [
      results,
      generate(7, 600, 40_000, { timeZone: 'Pacific/Auckland' }).results,
    ];
    // Auckland is 12 or 13 hours ahead: the same wall-clock time is that much earlier.
    const shift = (utc[0]!.recordedAt - auckland[0]!.recordedAt) / 3_600_000;
    expect([12, 13]).toContain(shift);
  });
});
