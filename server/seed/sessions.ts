import type { Program, ResultSource } from '../db/schema';
import type { Drill } from './measure';
import type { Random } from './random';

/** A testing day: when it starts, what the coach ran and how it was timed. */
export interface Session {
  startsAt: number;
  program: Program;
  source: ResultSource;
  hand: boolean;
  lanes: number;
  drills: Drill[];
}

const DAY_MS = 86_400_000;
/** Testing is heavier in the off-season (Jan-Mar) and before the season (Jun-Aug). */
const monthWeights = [3, 3, 3, 2, 1.5, 2.5, 3, 2.5, 1, 1, 1, 1.5];

/** The EAPI program's days are planned apart (eapi.ts): their athletes do every test. */
type RegularProgram = Exclude<Program, 'eapi'>;

const batteries: Record<RegularProgram, readonly (readonly [Drill[], number])[]> = {
  none: [
    [['sprint40'], 4],
    [['sprint40', 'proAgility'], 2],
    [['sprint40', 'flying10'], 1],
    [['sprint40', 'lDrill'], 1],
    [['sprint40', 'vertical', 'broad'], 1],
    [['sprint10', 'shuttle60'], 1],
  ],
  gamespeed: [[['sprint10', 'flying10', 'proAgility'], 1]],
  manualentry: [
    [['sprint40', 'vertical', 'broad'], 2],
    [['sprint40', 'lDrill'], 1],
  ],
};

/**
 * When testing happens, in minutes after local midnight of the account's time zone: no
 * session starts before 08:00 and none runs past 19:00 (results.ts moves a session that
 * would end later to end at 19:00).
 */
export const TESTING_HOURS = { from: 8 * 60, to: 19 * 60 } as const;

/**
 * `count` testing sessions of the programs other than EAPI (its days: eapi.ts) over the
 * three years before `until`, oldest first, on weekdays. Times are on the wall clock of the
 * account's time zone (ms as if it were UTC; results.ts turns them into instants). A busy
 * program runs several a day (teams in turn, an hour apart from 08:00), after school most
 * often.
 */
export function planSessions(random: Random, count: number, until: number): Session[] {
  const firstDay = Math.floor(until / DAY_MS) - 3 * 365;
  const days: [number, number][] = [];
  for (let day = firstDay; day < firstDay + 3 * 365; day++) {
    const date = new Date(day * DAY_MS);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push([day, monthWeights[date.getUTCMonth()] ?? 1]);
  }
  const perDay = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const day = random.weighted(days);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const sessions: Session[] = [];
  for (const [day, sessionsThatDay] of [...perDay.entries()].sort((a, b) => a[0] - b[0])) {
    const firstSlot = random.weighted(slotWeights.map((weight, slot) => [slot, weight] as const));
    for (let i = 0; i < sessionsThatDay; i++) {
      const slot = (firstSlot + i) % slotWeights.length;
      sessions.push(session(random, day * DAY_MS + (TESTING_HOURS.from + slot * 60) * 60_000));
    }
  }
  return sessions.sort((a, b) => a.startsAt - b.startsAt);
}

/** Start slots from 08:00 local, every hour to 15:00; after school (14:00, 15:00) is the busiest. */
const slotWeights = [3, 1, 0.5, 0.5, 1, 1, 5, 4];

function session(random: Random, startsAt: number): Session {
  const program = random.weighted<RegularProgram>([
    ['none', 45],
    ['gamespeed', 25],
    ['manualentry', 15],
  ]);
  const manual = program === 'manualentry' || (program === 'none' && random.chance(0.1));
  const imported = !manual && random.chance(0.05);
  return {
    startsAt: startsAt + random.int(0, 3) * 5 * 60_000,
    program,
    source: manual ? 'manual' : imported ? 'import' : 'device',
    hand: manual,
    lanes: manual ? 0 : random.int(1, 4),
    drills: random.weighted(batteries[program]),
  };
}
