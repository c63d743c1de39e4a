import { boardDistanceLabel } from '../../../contract/units';
import { formatMark, formatSeconds } from '../../lib/units';
import type { Leaderboard } from './leaderboardApi';

/** "4.62 s" for times; "26.5 in", "8 ft 4.5 in" for jumps. */
export function formatBoardValue(value: number, unit: Leaderboard['eventType']['unit']): string {
  return unit === 'time' ? formatSeconds(value) : formatMark(value, unit, false);
}

/** "Ada J. Okafor". */
export function athleteName(athlete: { firstName: string; middleName: string; lastName: string }) {
  return [athlete.firstName, athlete.middleName, athlete.lastName].filter(Boolean).join(' ');
}

/** The distances a coach can pick for an event type: its standard splits and default, shortest first. */
export function boardDistances(eventType: {
  splitDistancesMm: number[];
  defaultDistanceMm: number | null;
}): Array<{ value: number; label: string }> {
  const all = new Set(eventType.splitDistancesMm);
  if (eventType.defaultDistanceMm) all.add(eventType.defaultDistanceMm);
  return [...all]
    .filter((mm) => mm > 0)
    .sort((a, b) => a - b)
    .map((mm) => ({ value: mm, label: boardDistanceLabel(mm) }));
}

/** Medal colours for ranks 1-3 (gold, silver, bronze); none below. */
export const medalColours: Record<number, string> = { 1: '#D4A017', 2: '#A7AFB7', 3: '#B87333' };
