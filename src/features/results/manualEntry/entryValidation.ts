import type { EventTypeBody } from '../../../../contract/event';
import { formatSeconds } from '../../../lib/units';
import type { EntryColumn } from './entryColumns';
import { parseMark, parseSeconds } from './entryParse';

/** A row's typed text by column key. */
export type CellTexts = Record<string, string>;

export interface RowCheck {
  /** Nothing typed in any of the session's columns: the row is skipped. */
  empty: boolean;
  /** A message per column key that has a problem. */
  errors: Record<string, string>;
  /** The values read, by column key (only cells that read). */
  values: Record<string, number>;
}

export interface CheckContext {
  eventType: Pick<EventTypeBody, 'unit'>;
  columns: readonly EntryColumn[];
  isMetric: boolean;
}

/** No human runs faster (about 28 mph) over a stretch of at least 5 yd (docs/ingest.md). */
const FASTEST_MPS = 12.5;
/** Slower than a slow walk from the start: a typo (462 for 4.62), not a run. */
const SLOWEST_MPS = 0.5;
/** Shorter stretches are judged together with the next one (a gate a hair early). */
const SHORTEST_STRETCH_MM = 4572;
/** Marks beyond these are not jumps (docs/ingest.md; the low ends are typos). */
const MARK_LIMITS = { height: [50, 1300], distance: [300, 4000] } as const;

const mps = (mm: number, ms: number) => mm / ms;

/** Messages for times that no run can have: too fast over a stretch, or slower than a walk. */
function checkPace(points: { column: EntryColumn; ms: number }[], errors: Record<string, string>) {
  let anchor = { mm: 0, ms: 0 };
  for (const { column, ms } of points) {
    const mm = column.distanceMm;
    if (mm <= 0 || errors[column.key]) continue;
    if (mps(mm, ms) < SLOWEST_MPS) {
      errors[column.key] = 'Slower than a walk: type seconds, e.g. 4.62';
      continue;
    }
    if (mm - anchor.mm < SHORTEST_STRETCH_MM) continue;
    const speed = mps(mm - anchor.mm, ms - anchor.ms);
    if (ms > anchor.ms && speed > FASTEST_MPS)
      errors[column.key] = `Faster than humanly possible (${speed.toFixed(1)} m/s): check the time`;
    anchor = { mm, ms };
  }
}

/** Splits must grow, stay below the total, and come with a total. */
function checkTimes(
  columns: readonly EntryColumn[],
  values: Record<string, number>,
  errors: Record<string, string>,
) {
  const total = columns.find((column) => column.kind === 'total');
  const totalMs = total ? values[total.key] : undefined;
  let previous: { column: EntryColumn; ms: number } | null = null;
  const points: { column: EntryColumn; ms: number }[] = [];
  for (const column of columns) {
    const ms = values[column.key];
    if (ms === undefined) continue;
    if (previous && ms <= previous.ms) {
      errors[column.key] ??=
        `Must be more than the ${previous.column.label} split (${formatSeconds(previous.ms)})`;
      continue;
    }
    if (column.kind === 'split' && totalMs !== undefined && ms >= totalMs && !errors[total!.key]) {
      errors[column.key] ??= `Must be less than the total (${formatSeconds(totalMs)})`;
      continue;
    }
    previous = { column, ms };
    points.push({ column, ms });
  }
  if (total && totalMs === undefined && !errors[total.key] && points.length > 0)
    errors[total.key] = 'Type the total time too';
  checkPace(points, errors);
}

/**
 * Reads and checks one row as the coach types: parse errors, splits that must grow and stay
 * below the total, a total when there are splits, and plausibility (pace, jump limits).
 *
 * @example
 * checkRow({ 'split:9144': '1.70', total: '1.60' }, context).errors;
 * // { 'split:9144': 'Must be less than the total (1.60 s)' }
 */
export function checkRow(
  texts: CellTexts,
  { eventType, columns, isMetric }: CheckContext,
): RowCheck {
  const errors: Record<string, string> = {};
  const values: Record<string, number> = {};
  let empty = true;
  for (const column of columns) {
    const text = texts[column.key] ?? '';
    if (text.trim() === '') continue;
    empty = false;
    const parsed =
      column.kind === 'mark'
        ? parseMark(text, eventType.unit === 'height' ? 'height' : 'distance', isMetric)
        : parseSeconds(text);
    if (parsed === null) continue;
    if ('error' in parsed) errors[column.key] = parsed.error;
    else values[column.key] = parsed.value;
  }
  if (eventType.unit === 'time') checkTimes(columns, values, errors);
  else {
    const [low, high] = MARK_LIMITS[eventType.unit];
    for (const column of columns) {
      const mm = values[column.key];
      if (mm === undefined) continue;
      if (mm < low) errors[column.key] = 'Too short for a jump: check the value and unit';
      else if (mm > high) errors[column.key] = 'Beyond any human jump: check the value and unit';
    }
  }
  return { empty, errors, values };
}
