/**
 * How results read to a coach (PRODUCT.md, "Look and feel"). The API keeps distances
 * and marks in whole millimetres and times in milliseconds; these helpers only make
 * labels. `isMetric` picks metres (and km/h) over yards (and mph).
 */
import { distanceLabel, INCH_MM, markLabel, YARD_MM } from '../../contract/units';

export { INCH_MM, YARD_MM };

const MPH_PER_MPS = 3600 / 1609.344;
const KMH_PER_MPS = 3.6;

/** "4.62 s": seconds with two decimals, as every timing system shows them. */
export function formatSeconds(timeMs: number): string {
  return `${(Math.round(timeMs / 10) / 100).toFixed(2)} s`;
}

/** "10 yd" / "9.14 m"; "" for no distance (0). At most two decimals, zeros dropped. */
export const formatDistance = distanceLabel;

/** A distance typed by a coach, in yards or metres, as whole millimetres (40 yd = 36576). */
export function toMillimetres(value: number, isMetric: boolean): number {
  return Math.round(value * (isMetric ? 1000 : YARD_MM));
}

/** A jump's mark: "26.5 in" / "67.3 cm" (heights), "8 ft 4.5 in" / "2.55 m" (lengths). */
export const formatMark = markLabel;

/** "19.8 mph" / "31.9 km/h" from metres per second. */
export function formatSpeed(metresPerSecond: number, isMetric: boolean): string {
  return isMetric
    ? `${(metresPerSecond * KMH_PER_MPS).toFixed(1)} km/h`
    : `${(metresPerSecond * MPH_PER_MPS).toFixed(1)} mph`;
}

export interface Split {
  distanceMm: number;
  timeMs: number;
}

/** One stretch between two splits (or the start and the first split). */
export interface Segment extends Split {
  fromMm: number;
  /** The segment's own time, ms. */
  segmentMs: number;
  /** Average speed over the segment, m/s (null when its time is not positive). */
  metresPerSecond: number | null;
}

/**
 * Cumulative splits as segments: 10 yd in 1.70 s then 20 yd in 2.95 s gives the
 * 0–10 yd segment (1.70 s) and the 10–20 yd segment (1.25 s), each with its speed.
 *
 * @example
 * segments([{ distanceMm: 9144, timeMs: 1700 }, { distanceMm: 18288, timeMs: 2950 }])[1]
 *   .segmentMs; // 1250
 */
export function segments(splits: readonly Split[]): Segment[] {
  const ordered = [...splits].sort((a, b) => a.distanceMm - b.distanceMm);
  const start: Split = { distanceMm: 0, timeMs: 0 };
  return ordered.map((split, index) => {
    const previous = ordered[index - 1] ?? start;
    const segmentMs = split.timeMs - previous.timeMs;
    const lengthMm = split.distanceMm - previous.distanceMm;
    return {
      ...split,
      fromMm: previous.distanceMm,
      segmentMs,
      metresPerSecond: segmentMs > 0 ? lengthMm / segmentMs : null,
    };
  });
}

/**
 * The distances to offer for an event type: its standard splits and default distance,
 * shortest first, without duplicates (sprint: 10, 20, 40 yd).
 */
export function standardDistances(eventType: {
  splitDistancesMm: readonly number[];
  defaultDistanceMm: number | null;
}): number[] {
  const all = [...eventType.splitDistancesMm, eventType.defaultDistanceMm ?? 0];
  return [...new Set(all.filter((mm) => mm > 0))].sort((a, b) => a - b);
}
