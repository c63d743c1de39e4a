import type { TimingMethod } from '../../contract/event-constants';
import type { EventUnit } from '../db/schema';

/**
 * Which results are physically implausible: stored, but flagged `implausible` and kept
 * off the boards (docs/data-model.md, "Implausible results"). A flag, never a refusal:
 * the gates did record something, and a coach may correct it (PUT /api/event/{id}).
 *
 * 1. Speed: over any stretch of at least 5 yd between two timing points of a run (the
 *    start, each split, the finish), the average speed may not exceed 12.5 m/s (28 mph,
 *    about the fastest a human has run). Shorter stretches are not judged alone: a gate
 *    that fires a few hundredths early would make a real 2-yd segment look impossible.
 *    A stretch of 0 ms or less is implausible too (splits are checked to increase
 *    before, so this only guards the rule itself).
 * 2. Standing-start sprints (the linear sprint), at the marks coaches know (world class
 *    is ~1.45 s at 10 yd, the 40-yd record ~4.2 s; ../shared/PRODUCT.md): electronic
 *    timing faster than 1.40 s at 10 yd or 4.15 s at 40 yd (a few hundredths under the
 *    records, for a gate's error); hand timing, which reads ~0.2 s fast, faster than
 *    1.30 s or 4.00 s (a hand-timed 3.9 is not credible either).
 * 3. Jumps: a vertical jump above 1300 mm (51 in) or a broad jump above 4000 mm (13 ft);
 *    the records are about 46 in and 12 ft 3 in.
 */
export const MAX_HUMAN_SPEED_M_S = 12.5;
/** 5 yd: the shortest stretch the speed rule judges. */
export const MIN_JUDGED_STRETCH_MM = 4572;
type Floors = Readonly<Record<string, Readonly<Record<number, number>>>>;
/** Fastest credible times from a standing start, by event type code, then distance (mm). */
export const STANDING_START_FLOORS_MS: Readonly<Record<TimingMethod, Floors>> = {
  electronic: { sprint: { 9144: 1400, 36576: 4150 } },
  hand: { sprint: { 9144: 1300, 36576: 4000 } },
};
/** Highest credible marks of the built-in jumps, by event type code. */
export const MARK_CEILINGS_MM: Readonly<Record<string, number>> = {
  'vertical-jump': 1300,
  'broad-jump': 4000,
};

export interface Attempt {
  /** The event type's code (built-in ones: sprint, pro-agility, ...). */
  eventTypeCode: string;
  unit: EventUnit;
  /** The run's distance; 0 for events without one. */
  distanceMm: number;
  /** The total time (ms) of a time event, the mark (mm) of a jump. */
  result: number;
  /** Cumulative [distance mm, time ms], increasing. */
  splits: readonly (readonly [distanceMm: number, timeMs: number])[];
  /** How the run was timed; electronic when not said (the API's default). */
  timingMethod?: TimingMethod;
}

export function isImplausible(attempt: Attempt): boolean {
  const { splits } = attempt;
  if (attempt.unit !== 'time') {
    const ceiling = MARK_CEILINGS_MM[attempt.eventTypeCode];
    return ceiling !== undefined && attempt.result > ceiling;
  }
  // Timing points: the start (index -1), each split, and the finish when after the last split.
  const lastMm = splits.length > 0 ? splits[splits.length - 1]![0] : 0;
  const finish = attempt.distanceMm > lastMm;
  const count = splits.length + (finish ? 1 : 0);
  const mmAt = (i: number) => (i < 0 ? 0 : i < splits.length ? splits[i]![0] : attempt.distanceMm);
  const msAt = (i: number) => (i < 0 ? 0 : i < splits.length ? splits[i]![1] : attempt.result);
  for (let i = -1; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const mm = mmAt(j) - mmAt(i);
      if (mm < MIN_JUDGED_STRETCH_MM) continue;
      const ms = msAt(j) - msAt(i);
      // mm per ms is m/s.
      if (ms <= 0 || mm / ms > MAX_HUMAN_SPEED_M_S) return true;
    }
  }
  const floors =
    STANDING_START_FLOORS_MS[attempt.timingMethod ?? 'electronic'][attempt.eventTypeCode];
  if (floors) {
    for (let j = 0; j < count; j++) {
      const floor = floors[mmAt(j)];
      if (floor !== undefined && msAt(j) < floor) return true;
    }
  }
  return false;
}
