import { eventTypes } from '../db/migrations/reference-data';
import type { Program, ResultSource, TimingMethod } from '../db/schema';
import { isImplausible } from '../event';
import type { SeedAthlete } from './athletes';
import { drawTestOffsets, drills, measure, type Drill, type TestOffsets } from './measure';
import type { Random } from './random';
import { planSessions, type Session } from './sessions';

export interface SeedResult {
  /** Index into the athletes array. */
  athlete: number;
  eventTypeId: number;
  laneId: number | null;
  recordedAt: number;
  distanceMm: number;
  result: number;
  program: Program;
  source: ResultSource;
  timingMethod: TimingMethod;
  implausible: boolean;
  splits: [distanceMm: number, ms: number][];
}

const YEAR_MS = 365.25 * 86_400_000;
const MISTIMED_SHARE = 0.003;
/** Results of a typical testing session (a team of ~25, 2-4 drills, 1-3 attempts each). */
const SESSION_SIZE = 150;

export interface ResultPlan {
  count: number;
  /** End of the three years of testing (ms, UTC). */
  until: number;
  chunkSize: number;
}

/**
 * Exactly `plan.count` results, oldest first, in chunks: testing days spread over three
 * years, each with the athletes on the program at the time doing 1-3 attempts per drill,
 * spread over the day's lanes.
 */
export function* generateResults(
  random: Random,
  athletes: readonly SeedAthlete[],
  plan: ResultPlan,
): Generator<SeedResult[]> {
  if (plan.count <= 0 || athletes.length === 0) return;
  const offsets = athletes.map(() => drawTestOffsets(random));
  // Athletes join the program four years before they graduate: by joining date, so that
  // those on the program at a date are a prefix of this list.
  const joined = athletes.map((a) => Date.UTC(a.graduationYear - 4, 7, 1));
  const byJoining = athletes.map((_, i) => i).sort((a, b) => joined[a]! - joined[b]! || a - b);
  const sessions = planSessions(
    random,
    Math.max(1, Math.round(plan.count / SESSION_SIZE)),
    plan.until,
  );
  let chunk: SeedResult[] = [];
  let remaining = plan.count;
  let onProgram = 0;
  for (const [index, session] of sessions.entries()) {
    const quota = Math.ceil(remaining / (sessions.length - index));
    while (onProgram < byJoining.length && joined[byJoining[onProgram]!]! <= session.startsAt)
      onProgram++;
    const candidates = { athletes: byJoining, count: Math.max(1, onProgram) };
    const context = {
      random,
      athletes,
      offsets,
      yearsAgo: (plan.until - session.startsAt) / YEAR_MS,
    };
    for (const result of runSession(context, session, candidates, quota)) {
      chunk.push(result);
      if (chunk.length === plan.chunkSize) {
        yield chunk;
        chunk = [];
      }
    }
    remaining -= quota;
  }
  if (chunk.length > 0) yield chunk;
}

interface Context {
  random: Random;
  athletes: readonly SeedAthlete[];
  offsets: readonly TestOffsets[];
  yearsAgo: number;
}

function* runSession(
  context: Context,
  session: Session,
  candidates: { athletes: number[]; count: number },
  quota: number,
): Generator<SeedResult> {
  const { random } = context;
  const present = random.sample(
    candidates.athletes,
    Math.ceil(quota / (session.drills.length * 2)),
    candidates.count,
  );
  let produced = 0;
  let clock = session.startsAt;
  while (produced < quota) {
    for (const drill of session.drills) {
      const laneClocks = Array.from({ length: Math.max(1, session.lanes) }, () => clock);
      let run = 0;
      for (const athlete of present) {
        for (
          let attempt = random.int(1, 3);
          attempt > 0 && produced < quota;
          attempt--, produced++, run++
        ) {
          const lane = run % laneClocks.length;
          laneClocks[lane]! += random.int(25, 50) * 1000;
          yield recordAttempt(
            context,
            session,
            drill,
            athlete,
            laneClocks[lane]!,
            session.lanes === 0 ? null : lane + 1,
          );
        }
      }
      clock = Math.max(...laneClocks) + 10 * 60_000;
    }
  }
}

function recordAttempt(
  context: Context,
  session: Session,
  drill: Drill,
  athlete: number,
  at: number,
  laneId: number | null,
): SeedResult {
  const { eventTypeId, distanceMm, splitsMm } = drills[drill];
  const timed = distanceMm > 0 || drill === 'lDrill';
  const hand = session.hand && timed;
  const mistimed = !hand && splitsMm.length > 0 && context.random.chance(MISTIMED_SHARE);
  const seedAthlete = context.athletes[athlete]!;
  const { result, splits } = measure(
    context.random,
    seedAthlete,
    context.offsets[athlete]!,
    drill,
    { yearsAgo: context.yearsAgo, hand, mistimed },
  );
  const eventType = eventTypes.find((type) => type.id === eventTypeId)!;
  const total = Math.max(1, result);
  return {
    athlete,
    eventTypeId,
    laneId,
    recordedAt: at,
    distanceMm,
    result: total,
    program: session.program,
    source: session.source,
    timingMethod: hand ? 'hand' : 'electronic',
    // The API's rule (server/event/plausibility.ts), so seeded flags match ingested ones.
    implausible: isImplausible({
      eventTypeCode: eventType.code,
      unit: eventType.unit,
      distanceMm,
      result: total,
      splits,
    }),
    splits,
  };
}
