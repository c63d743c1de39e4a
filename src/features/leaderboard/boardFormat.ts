import moment, { type Moment } from 'moment';
import { boardDistanceLabel } from '../../../contract/units';
import { formatMark, formatSeconds, standardDistances } from '../../lib/units';
import type { Leaderboard } from './leaderboardApi';

/** "4.62 s" for times; "26.5 in", "8 ft 4.5 in" for jumps. */
export function formatBoardValue(value: number, unit: Leaderboard['eventType']['unit']): string {
  return unit === 'time' ? formatSeconds(value) : formatMark(value, unit, false);
}

/** The distances a coach can pick for an event type, labelled as the boards are. */
export function boardDistances(eventType: Parameters<typeof standardDistances>[0]) {
  return standardDistances(eventType).map((mm) => ({ value: mm, label: boardDistanceLabel(mm) }));
}

/** Medal colours for ranks 1-3 (gold, silver, bronze); none below. */
export const medalColours: Record<number, string> = { 1: '#D4A017', 2: '#A7AFB7', 3: '#B87333' };

/**
 * When an entry was run, as its board shows it: the date ("Mar 1, 2026"); on the TV,
 * where it is usually testing day, the time alone for a run of today ("3:04 PM") and the
 * date for an older one, so that an all-time record never reads as a run of this
 * afternoon.
 */
export function formatEntryWhen(
  recordedAt: string,
  large: boolean,
  now: Moment = moment(),
): string {
  const at = moment(recordedAt);
  return large && at.isSame(now, 'day') ? at.format('LT') : at.format('ll');
}
