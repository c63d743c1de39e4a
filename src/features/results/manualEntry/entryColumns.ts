import type { EventTypeBody } from '../../../../contract/event';
import { formatDistance, toMillimetres } from '../../../lib/units';

/** One input column of the grid: a cumulative split, the total time, or a jump's mark. */
export interface EntryColumn {
  /** `split:<mm>`, `total` or `mark`: the key of the cell's text in a row. */
  key: string;
  kind: 'split' | 'total' | 'mark';
  label: string;
  /** Where the time is taken: the split's distance, or the run's (0 when it has none). */
  distanceMm: number;
}

export const TOTAL = 'total';
export const MARK = 'mark';
export const splitKey = (distanceMm: number) => `split:${distanceMm}`;

/**
 * The run's distance in millimetres: fixed by the type, none (0), or the one typed in
 * yards or metres. `null` when a variable distance is missing or not a positive number.
 *
 * @example
 * runDistanceOf(sprint, '40', false); // 36576
 */
export function runDistanceOf(
  eventType: EventTypeBody,
  typed: string,
  isMetric: boolean,
): number | null {
  if (eventType.unit !== 'time' || eventType.distanceMode === 'none') return 0;
  if (eventType.distanceMode === 'fixed') return eventType.defaultDistanceMm ?? 0;
  const number = Number(typed.trim().replace(',', '.'));
  if (!typed.trim() || !Number.isFinite(number) || number <= 0) return null;
  const mm = toMillimetres(number, isMetric);
  return mm > 0 && mm <= 1_000_000 ? mm : null;
}

/**
 * The grid's columns for a session: a jump has one mark column; a timed run has a column
 * per standard split shorter than the run, then the total (a split at the run's own
 * distance is its total, docs/leaderboard.md).
 *
 * @example
 * entryColumns(sprint, 36576, false).map((column) => column.label); // ['10 yd', '20 yd', 'Total 40 yd']
 */
export function entryColumns(
  eventType: EventTypeBody,
  runDistanceMm: number,
  isMetric: boolean,
): EntryColumn[] {
  if (eventType.unit !== 'time') {
    const label = eventType.unit === 'height' ? 'Height' : 'Length';
    return [{ key: MARK, kind: 'mark', label, distanceMm: 0 }];
  }
  const splits = eventType.splitDistancesMm
    .filter((mm) => mm > 0 && mm < runDistanceMm)
    .sort((a, b) => a - b)
    .map((mm): EntryColumn => ({
      key: splitKey(mm),
      kind: 'split',
      label: formatDistance(mm, isMetric),
      distanceMm: mm,
    }));
  const total = runDistanceMm > 0 ? `Total ${formatDistance(runDistanceMm, isMetric)}` : 'Time';
  return [...splits, { key: TOTAL, kind: 'total', label: total, distanceMm: runDistanceMm }];
}
