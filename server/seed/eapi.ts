import type { SeedAthlete } from './athletes';
import type { Drill } from './measure';
import type { Random } from './random';
import type { Session } from './sessions';

/**
 * The EAPI program's testing days (docs/performance-index.md): every six to eight weeks
 * over the last two years, the athletes on the program run the index's tests, so that
 * each of them has complete profiles on several dates. Planned up front (who, which
 * test, how many attempts), so that the generator knows how many results they take
 * before it spends the rest on the other programs.
 */

/** The tests of an EAPI day, in the order a station rotation runs them. */
export const EAPI_DRILLS = ['vertical', 'sprint10', 'proAgility', 'sprint40', 'broad'] as const;
type EapiDrill = (typeof EAPI_DRILLS)[number];

/** One athlete's part of a session: attempts per test (0 = not done). */
export interface EapiEntry {
  athlete: number;
  attempts: Record<EapiDrill, number>;
}

export interface EapiSession extends Session {
  program: 'eapi';
  entries: EapiEntry[];
  /** Results the session records (the sum of its attempts). */
  results: number;
}

export interface EapiPlan {
  sessions: EapiSession[];
  results: number;
  /** Indexes of the athletes on the EAPI program. */
  cohort: number[];
}

const DAY_MS = 86_400_000;
/** Share of all results the EAPI days may take (the rest goes to the other programs). */
export const EAPI_SHARE = 0.4;
/** How long the program has run before `until`. */
const PROGRAM_YEARS = 2;
/** A group tests together; groups are roughly teams (athletes sorted by sport and sex). */
const GROUP_SIZE = 24;
/**
 * Group start times on the wall clock of the account's time zone: 08:30, 10:10, 11:50,
 * 13:30. A group takes about two hours, so a testing day stays one calendar day in the
 * account's zone (the day its profiles group results by) and in any zone within seven
 * hours of it.
 */
const SLOT_MINUTES = [8 * 60 + 30, 10 * 60 + 10, 11 * 60 + 50, 13 * 60 + 30];
/**
 * Groups per day: two run side by side in each slot (two station rotations), so a
 * program of up to 192 athletes tests in one day; a bigger one takes up to five weekdays,
 * then more groups run side by side.
 */
const GROUPS_PER_DAY = 2 * SLOT_MINUTES.length;
const MAX_DAYS = 5;
const ATTENDANCE = 0.9;
/** Share of athlete-days with one test left out (an injury, a late arrival). */
const MISSED_TEST = 0.03;
const BROAD_JUMPERS = 0.5;
/** Attempts per test: mostly two. */
const attemptWeights = [
  [1, 1],
  [2, 3],
  [3, 1],
] as const;
const meanAttempts = 2;

/**
 * Plans the EAPI days of `athletes` before `until` (ms, UTC) within `budget` results.
 * `joined[i]` is when athlete i joined the program (they test from then on). The cohort
 * (a random share of the high-school athletes, the same on every date, so that each has a
 * history) is
 * sized so that its expected results fill the budget, at most every athlete. The newest
 * dates are planned first, so that when chance overshoots the budget the oldest lose.
 */
export function planEapi(
  random: Random,
  athletes: readonly SeedAthlete[],
  joined: readonly number[],
  options: { until: number; budget: number },
): EapiPlan {
  const dates = testingDates(random, options.until);
  // The program is the high school's: version 1 of the index's references is the
  // high-school population (docs/performance-index.md), so its profiles average ~1,500.
  const eligible = athletes.flatMap((athlete, i) => (athlete.college ? [] : [i]));
  const n = eligible.length;
  const perAthleteDay = meanAttempts * (EAPI_DRILLS.length - 1 + BROAD_JUMPERS);
  const joinedAtDates = dates.reduce(
    (sum, date) => sum + eligible.filter((i) => joined[i]! <= date).length,
    0,
  );
  const everyone = joinedAtDates * ATTENDANCE * perAthleteDay;
  if (n === 0 || everyone === 0 || options.budget < perAthleteDay * 4)
    return { sessions: [], results: 0, cohort: [] };
  const cohortSize = Math.min(n, Math.round((n * options.budget) / everyone));
  const cohort = random.sample(eligible, cohortSize).sort((a, b) => a - b);
  const broad = new Set(cohort.filter(() => random.chance(BROAD_JUMPERS)));
  const team = (i: number) => `${athletes[i]!.sport}/${athletes[i]!.population}`;
  const sessions: EapiSession[] = [];
  let results = 0;
  for (const date of [...dates].reverse()) {
    const present = cohort
      .filter((i) => joined[i]! <= date && random.chance(ATTENDANCE))
      .sort((a, b) => team(a).localeCompare(team(b)) || a - b);
    const entries: EapiEntry[] = [];
    for (const athlete of present) {
      const entry = planEntry(random, athlete, broad.has(athlete));
      const count = attemptsOf(entry);
      if (results + count > options.budget) break;
      entries.push(entry);
      results += count;
    }
    sessions.push(...groupSessions(random, date, entries));
  }
  sessions.sort((a, b) => a.startsAt - b.startsAt);
  return { sessions, results, cohort };
}

/** First day of each testing week: every 42-56 days back from 10-24 days before `until`. */
function testingDates(random: Random, until: number): number[] {
  const untilDay = Math.floor(until / DAY_MS);
  const firstDay = untilDay - Math.round(PROGRAM_YEARS * 365);
  const dates: number[] = [];
  for (let day = untilDay - random.int(10, 24); day >= firstDay; day -= random.int(42, 56)) {
    dates.push(weekday(day) * DAY_MS);
  }
  return dates.reverse();
}

/** The day itself on a weekday, else the Monday after. */
function weekday(day: number): number {
  const dow = new Date(day * DAY_MS).getUTCDay();
  return dow === 6 ? day + 2 : dow === 0 ? day + 1 : day;
}

function planEntry(random: Random, athlete: number, broadJumper: boolean): EapiEntry {
  const attempts = Object.fromEntries(
    EAPI_DRILLS.map((drill) => [
      drill,
      drill !== 'broad' || broadJumper ? random.weighted(attemptWeights) : 0,
    ]),
  ) as Record<EapiDrill, number>;
  if (random.chance(MISSED_TEST)) attempts[random.pick(EAPI_DRILLS)] = 0;
  return { athlete, attempts };
}

function attemptsOf(entry: EapiEntry): number {
  return EAPI_DRILLS.reduce((sum, drill) => sum + entry.attempts[drill], 0);
}

/** Splits a date's athletes into groups, one session each, over the testing week's slots. */
function groupSessions(random: Random, date: number, entries: EapiEntry[]): EapiSession[] {
  const groups: EapiEntry[][] = [];
  for (let from = 0; from < entries.length; from += GROUP_SIZE)
    groups.push(entries.slice(from, from + GROUP_SIZE));
  const perDay = Math.max(GROUPS_PER_DAY, Math.ceil(groups.length / MAX_DAYS));
  const firstDay = Math.floor(date / DAY_MS);
  return groups.map((group, index) => {
    const day = addWeekdays(firstDay, Math.floor(index / perDay));
    const slot = SLOT_MINUTES[(index % perDay) % SLOT_MINUTES.length]!;
    return {
      startsAt: day * DAY_MS + (slot + random.int(0, 3) * 5) * 60_000,
      program: 'eapi',
      source: 'device',
      hand: false,
      lanes: random.int(2, 4),
      drills: [...EAPI_DRILLS] as Drill[],
      entries: group,
      results: group.reduce((sum, entry) => sum + attemptsOf(entry), 0),
    };
  });
}

function addWeekdays(day: number, count: number): number {
  let result = day;
  for (let added = 0; added < count;) {
    result++;
    const dow = new Date(result * DAY_MS).getUTCDay();
    if (dow !== 0 && dow !== 6) added++;
  }
  return result;
}
