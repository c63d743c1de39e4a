import type { HistoricalSeriesBody } from '../../../contract/event-query';
import { formatMark, formatSeconds, INCH_MM } from '../../lib/units';

/** What an event type measures (contract/event.ts `EVENT_UNITS`). */
export type Measure = 'time' | 'height' | 'distance';

/** One line of the chart: its key in the rows and the legend's label. */
export interface ChartLine {
  key: string;
  label: string;
}

/**
 * One day of the chart: `day` is the date at midnight UTC in epoch ms (the x axis is a
 * time scale, so gaps between testing days show), and one value per line that has a
 * point that day, in the axis' unit (seconds, inches, centimetres, feet or metres).
 */
export interface ChartRow {
  date: string;
  day: number;
  [lineKey: string]: number | string;
}

export interface HistoryChartData {
  lines: ChartLine[];
  rows: ChartRow[];
  /** Lower values are better (times): the axis is drawn reversed so progress goes up. */
  lowerIsBetter: boolean;
  /** The axis' title, with its unit: "Time (s)", "Height (in)", "Distance (m)". */
  axisLabel: string;
  /** A plotted value as a coach reads it: "4.62 s", "26.5 in", "8 ft 4.5 in". */
  format: (value: number) => string;
}

/** Millimetres per plotted unit of a jump's mark, and the unit's name. */
function markUnit(measure: 'height' | 'distance', isMetric: boolean) {
  if (measure === 'height') return isMetric ? { mm: 10, name: 'cm' } : { mm: INCH_MM, name: 'in' };
  return isMetric ? { mm: 1000, name: 'm' } : { mm: INCH_MM * 12, name: 'ft' };
}

/** A line's legend label: its distance ("10 yd"), else what it plots. */
function lineLabel(series: HistoricalSeriesBody, measure: Measure): string {
  if (series.distanceLabel) return series.distanceLabel;
  if (series.kind === 'mark') return measure === 'height' ? 'Height' : 'Distance';
  return 'Time';
}

/** `2025-03-14` as epoch ms at midnight UTC (the day itself, not an instant). */
export function dayValue(date: string): number {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day);
}

/**
 * The chart of `GET /event/historical`'s series: one line per series (per split
 * distance, per run distance, or the marks of a jump), one row per day on which any
 * line has a point, by date. Values are plotted in seconds for times and in the
 * coach's unit (inches or centimetres, feet or metres) for jumps; `format` turns a
 * plotted value back into the label the rest of the app shows.
 *
 * @example
 * buildChartData([{ kind: 'split', distanceMm: 9144, distanceLabel: '10 yd', points: [
 *   { date: '2025-03-01', timeMs: 1720, markMm: null, resultId: 1 }], ... }], 'time', false);
 * // lines [{ key: 's0', label: '10 yd' }], rows [{ date: '2025-03-01', day: ..., s0: 1.72 }]
 */
export function buildChartData(
  series: readonly HistoricalSeriesBody[],
  measure: Measure,
  isMetric: boolean,
): HistoryChartData {
  const jump = measure === 'time' ? null : markUnit(measure, isMetric);
  const rowsByDate = new Map<string, ChartRow>();
  const lines = series.map((one, index) => {
    const key = `s${index}`;
    for (const point of one.points) {
      const value = jump ? (point.markMm ?? NaN) / jump.mm : (point.timeMs ?? NaN) / 1000;
      if (!Number.isFinite(value)) continue;
      const row = rowsByDate.get(point.date) ?? { date: point.date, day: dayValue(point.date) };
      row[key] = value;
      rowsByDate.set(point.date, row);
    }
    return { key, label: lineLabel(one, measure) };
  });
  const rows = [...rowsByDate.values()].sort((a, b) => a.day - b.day);
  if (!jump) {
    return {
      lines,
      rows,
      lowerIsBetter: series.every((one) => one.lowerIsBetter),
      axisLabel: 'Time (s)',
      format: (seconds) => formatSeconds(seconds * 1000),
    };
  }
  const unit = measure as 'height' | 'distance';
  return {
    lines,
    rows,
    lowerIsBetter: series.length > 0 && series.every((one) => one.lowerIsBetter),
    axisLabel: `${unit === 'height' ? 'Height' : 'Distance'} (${jump.name})`,
    format: (value) => formatMark(Math.round(value * jump.mm), unit, isMetric),
  };
}

/**
 * About `count` evenly spaced round ticks (steps of 1, 2 or 5 × 10ⁿ) from below the
 * lowest value to above the highest, so the axis reads 4.90, 4.95, 5.00 rather than
 * 4.9, 4.935, 4.97 (recharts' own ticks follow the data's extent).
 *
 * @example
 * axisTicks([4.9, 5.02]); // [4.9, 4.95, 5, 5.05]
 */
export function axisTicks(values: readonly number[], count = 5): number[] {
  if (values.length === 0) return [];
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    const pad = Math.abs(min) * 0.05 || 1;
    min -= pad;
    max += pad;
  }
  const rough = (max - min) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const first = Math.floor(min / step + 1e-9);
  const last = Math.ceil(max / step - 1e-9);
  return Array.from({ length: last - first + 1 }, (_, index) =>
    Number(((first + index) * step).toFixed(decimals)),
  );
}
