import { eventTypes } from '../db/migrations/reference-data';
import type { Program, ResultSource, TimingMethod } from '../db/schema';
import { isImplausible } from '../event';
import type { SeedAthlete } from './athletes';
import { drawTestOffsets, drills, measure, type Drill, type TestOffsets } from './measure';
import type { Random } from './random';
import { EAPI_DRILLS, EAPI_SHARE, planEapi, type EapiSession } from './eapi';
import { planSessions, TESTING_HOURS, type Session } from './sessions';
import { wallClockIn } from './zone';

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

const DAY_MS = 86_400_000;
const MISTIMED_SHARE = 0.003;
/** Results of a typical testing session (a team of ~25, 2-4 drills, 1-3 attempts each). */
const SESSION_SIZE = 150;

export interface ResultPlan {
  count: number;
  /** End of the three years of testing (ms, UTC midnight of its day). */
  until: number;
  chunkSize: number;
  /**
   * The account's IANA time zone (users.time_zone): sessions happen in its daytime
   * (`TESTING_HOURS`). Default UTC.
   */
  timeZone?: string;
  /**
   * Share of electronically timed runs with an early gate trigger (stored flagged
   * `implausible`, as the API would flag them); default 0.3 %. 0 in the test that checks
   * that every real run is plausible.
   */
  mistimedShare?: number;
}

/**
 * Exactly `plan.count` results, oldest first, in chunks: testing days spread over three
 * years, each with the athletes on the program at the time doing 1-3 attempts per drill,
 * spread over the day's lanes; and, every six to eight weeks of the last two years, the
 * EAPI program's days (eapi.ts), where the athletes on that program do every test of the
 * performance index (up to `EAPI_SHARE` of the results).
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
  const eapi = planEapi(random.fork(), athletes, joined, {
    until: plan.until,
    budget: Math.floor(plan.count * EAPI_SHARE),
  });
  const regularCount = plan.count - eapi.results;
  const regular = planSessions(
    random,
    Math.max(1, Math.round(regularCount / SESSION_SIZE)),
    plan.until,
  );
  const toInstant = wallClockIn(plan.timeZone ?? 'UTC');
  let chunk: SeedResult[] = [];
  let remaining = regularCount;
  let [regularIndex, eapiIndex, onProgram] = [0, 0, 0];
  while (regularIndex < regular.length || eapiIndex < eapi.sessions.length) {
    const nextEapi = eapi.sessions[eapiIndex];
    const nextRegular = regular[regularIndex];
    const context: Context = {
      random,
      mistimedShare: plan.mistimedShare ?? MISTIMED_SHARE,
      athletes,
      offsets,
    };
    let session: Generator<SeedResult>;
    if (nextEapi && (!nextRegular || nextEapi.startsAt <= nextRegular.startsAt)) {
      session = runEapiSession(context, nextEapi);
      eapiIndex++;
    } else {
      const quota = Math.ceil(remaining / (regular.length - regularIndex));
      while (
        onProgram < byJoining.length &&
        joined[byJoining[onProgram]!]! <= nextRegular!.startsAt
      )
        onProgram++;
      const candidates = { athletes: byJoining, count: Math.max(1, onProgram) };
      session = runSession(context, nextRegular!, candidates, quota);
      remaining -= quota;
      regularIndex++;
    }
    for (const result of inDaytime([...session])) {
      result.recordedAt = toInstant(result.recordedAt);
      chunk.push(result);
      if (chunk.length === plan.chunkSize) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * A session's results (wall-clock times), moved earlier as a whole when its last run would
 * be after `TESTING_HOURS.to`: a long session on one lane ends at 19:00 instead.
 */
function inDaytime(results: SeedResult[]): SeedResult[] {
  const last = results.reduce((latest, r) => Math.max(latest, r.recordedAt), -Infinity);
  const day = Math.floor(last / DAY_MS);
  const over = last - (day * DAY_MS + TESTING_HOURS.to * 60_000);
  if (over > 0) for (const result of results) result.recordedAt -= over;
  return results;
}

interface Context {
  random: Random;
  mistimedShare: number;
  athletes: readonly SeedAthlete[];
  offsets: readonly TestOffsets[];
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

/** An EAPI group: test after test, each athlete's planned attempts, over the lanes. */
function* runEapiSession(context: Context, session: EapiSession): Generator<SeedResult> {
  const { random } = context;
  let clock = session.startsAt;
  for (const drill of EAPI_DRILLS) {
    const laneClocks = Array.from({ length: session.lanes }, () => clock);
    let run = 0;
    for (const entry of session.entries) {
      for (let attempt = entry.attempts[drill]; attempt > 0; attempt--, run++) {
        const lane = run % laneClocks.length;
        laneClocks[lane]! += random.int(25, 50) * 1000;
        yield recordAttempt(context, session, drill, entry.athlete, laneClocks[lane]!, lane + 1);
      }
    }
    clock = Math.max(...laneClocks) + 10 * 60_000;
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
  // Gates only for a 10-yd sprint or a flying 10: too short for a stopwatch, whose reading
  // would be a fifth of the time early (a coach typing those in copies them from gates).
  const hand = session.hand && timed && drill !== 'sprint10' && drill !== 'flying10';
  const mistimed = !hand && splitsMm.length > 0 && context.random.chance(context.mistimedShare);
  const seedAthlete = context.athletes[athlete]!;
  const { result, splits } = measure(
    context.random,
    seedAthlete,
    context.offsets[athlete]!,
    drill,
    { at, hand, mistimed },
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
      timingMethod: hand ? 'hand' : 'electronic',
    }),
    splits,
  };
}
