/**
 * How the performance index reads to a coach: measurements in coach units (seconds with
 * two decimals, inches or centimetres), points, tiers. The API keeps ms and mm; these
 * helpers convert for forms and make labels (contract/index-constants.ts has the names).
 */
import {
  TEST_LABELS,
  TIERS,
  type Measurement,
  type Test,
  type TierName,
} from '../../../../contract/index-constants';
import { INCH_MM, formatMark, formatSeconds } from '../../../lib/units';

/** What a measurement is: a time (ms), a jump's height (mm) or a jump's length (mm). */
export type MeasurementKind = 'time' | 'height' | 'length';

export function measurementKind(name: Measurement | Test): MeasurementKind | 'power' {
  if (name === 'verticalJumpPowerW') return 'power';
  if (name === 'verticalJumpMm') return 'height';
  if (name === 'broadJumpMm') return 'length';
  return 'time';
}

/** The coach-facing name of a measurement (the jump's height is not its power). */
export function measurementLabel(name: Measurement): string {
  return name === 'verticalJumpMm' ? 'Vertical jump' : TEST_LABELS[name];
}

/** The unit a measurement is typed in: s for times, in or cm for jumps. */
export function coachUnit(kind: MeasurementKind, isMetric: boolean): string {
  if (kind === 'time') return 's';
  return isMetric ? 'cm' : 'in';
}

/** Decimals a coach types: hundredths of a second, tenths of an inch or centimetre. */
export function coachDecimals(kind: MeasurementKind): number {
  return kind === 'time' ? 2 : 1;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** ms or mm → the coach's unit, rounded as shown (1623 ms → 1.62; 660 mm → 26 in). */
export function toCoachUnits(value: number, kind: MeasurementKind, isMetric: boolean): number {
  const divisor = kind === 'time' ? 1000 : isMetric ? 10 : INCH_MM;
  return round(value / divisor, coachDecimals(kind));
}

/**
 * The coach's value back in ms or mm. When it still reads as `original` (the form was
 * opened with it and left alone), `original` is kept, so that saving never shifts a
 * measurement by its rounding.
 *
 * @example
 * fromCoachUnits(1.62, 'time', false, 1623); // 1623
 * fromCoachUnits(1.6, 'time', false, 1623); // 1600
 */
export function fromCoachUnits(
  value: number,
  kind: MeasurementKind,
  isMetric: boolean,
  original?: number | null,
): number {
  if (original != null && toCoachUnits(original, kind, isMetric) === value) return original;
  const factor = kind === 'time' ? 1000 : isMetric ? 10 : INCH_MM;
  return Math.round(value * factor);
}

/** "1.62 s", "26 in" / "66 cm", "100 in" / "254 cm"; "—" when not measured. */
export function formatMeasurement(
  name: Measurement | Test,
  value: number | null | undefined,
  isMetric: boolean,
): string {
  if (value == null) return '—';
  const kind = measurementKind(name);
  if (kind === 'power') return `${Math.round(value).toLocaleString()} W`;
  if (kind === 'time') return formatSeconds(value);
  if (kind === 'height') return formatMark(value, 'height', isMetric);
  return isMetric
    ? `${toCoachUnits(value, kind, true)} cm`
    : `${formatMark(value, 'distance', false)}`;
}

/** antd tag colours of the tiers, lowest first (calm, readable on white and in print). */
export const TIER_COLOURS: Record<TierName, string> = {
  Developing: 'default',
  Average: 'blue',
  Strong: 'cyan',
  Elite: 'green',
  'World-class': 'gold',
};

/** Solid colours of the tiers for charts, lowest first. */
export const TIER_FILLS: Record<TierName, string> = {
  Developing: '#adb5bd',
  Average: '#4c6ef5',
  Strong: '#1098ad',
  Elite: '#2b8a3e',
  'World-class': '#e8590c',
};

export function isTierName(name: string | null | undefined): name is TierName {
  return TIERS.some((tier) => tier.name === name);
}

/** "1,512" for an index or points; "—" when there is none (a core test missing). */
export function formatPoints(value: number | null | undefined): string {
  return value == null ? '—' : Math.round(value).toLocaleString();
}

/** "1,512.5" for an average (one decimal); "—" for none. */
export function formatAverage(value: number | null | undefined): string {
  return value == null
    ? '—'
    : value.toLocaleString(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** "+36" / "−12" / "0" for a change; "—" for none. */
export function formatChange(value: number | null | undefined, decimals = 0): string {
  if (value == null) return '—';
  const text = Math.abs(value).toLocaleString(undefined, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/** A day (`YYYY-MM-DD`) in the browser's locale: "Mar 2, 2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', dateStyle: 'medium' }).format(
    Date.UTC(year, month - 1, date),
  );
}
