/**
 * What a coach types in a grid cell, read as the API's integers (docs/ui-manual-entry.md,
 * "Typing values"). Empty text is `null` (the cell is skipped); anything else is a value
 * or a message for the cell.
 */
import { MAX_MARK_MM, MAX_TIME_MS } from '../../../../contract/event';
import { INCH_MM } from '../../../lib/units';

export type Parsed = { value: number } | { error: string } | null;

const FOOT_MM = 12 * INCH_MM;
const NUMBER = /^(\d+(?:\.\d*)?|\.\d+)$/;

/** "4,62" → "4.62"; spaces at the ends and a unit the coach typed along are dropped. */
function normalise(text: string, units: RegExp): string {
  return text.trim().replace(units, '').trim().replace(',', '.');
}

/**
 * A time in seconds as integer milliseconds: "4.62", "4,62", "4.62 s", "1:05.3" (minutes).
 * A whole number is whole seconds ("5" is 5.00 s); "462" is therefore 462 s, which the
 * plausibility check flags at once (entryValidation.ts).
 *
 * @example
 * parseSeconds('4,62'); // { value: 4620 }
 * parseSeconds('4.6x'); // { error: 'Type seconds, e.g. 4.62' }
 */
export function parseSeconds(text: string): Parsed {
  const typed = normalise(text, /\s*(s|sec)$/i);
  if (typed === '') return null;
  const match = /^(?:(\d+):)?(\d+(?:\.\d*)?|\.\d+)$/.exec(typed);
  if (!match) return { error: 'Type seconds, e.g. 4.62' };
  const [, minutes, seconds = ''] = match;
  if (minutes !== undefined && Number(seconds) >= 60)
    return { error: 'Seconds after “:” must be below 60' };
  if ((seconds.split('.')[1] ?? '').length > 3) return { error: 'At most three decimals' };
  const value = Math.round((Number(minutes ?? 0) * 60 + Number(seconds)) * 1000);
  if (value <= 0) return { error: 'Must be more than 0' };
  if (value > MAX_TIME_MS) return { error: 'At most one hour' };
  return { value };
}

/**
 * A jump's mark as integer millimetres. Heights: inches (or centimetres when metric).
 * Lengths: feet and inches as 8'4.5", 8' 4", 8-4 or 8 4, or plain inches (100 = 8 ft 4 in);
 * metres when metric ("2.55").
 *
 * @example
 * parseMark('26.5', 'height', false); // { value: 673 }
 * parseMark(`8'4`, 'distance', false); // { value: 2540 }
 */
export function parseMark(text: string, unit: 'height' | 'distance', isMetric: boolean): Parsed {
  const typed = normalise(text, /\s*(in|"|cm|m)$/i);
  if (typed === '') return null;
  let mm: number | null = null;
  if (NUMBER.test(typed)) {
    const number = Number(typed);
    if (isMetric) mm = unit === 'height' ? number * 10 : number * 1000;
    else mm = number * INCH_MM;
  } else if (!isMetric && unit === 'distance') {
    const feetInches = /^(\d+)\s*(?:'|ft|-|\s)\s*(\d+(?:\.\d*)?)?$/i.exec(typed);
    if (feetInches) mm = Number(feetInches[1]) * FOOT_MM + Number(feetInches[2] ?? 0) * INCH_MM;
  }
  if (mm === null) return { error: markHint(unit, isMetric) };
  const value = Math.round(mm);
  if (value <= 0) return { error: 'Must be more than 0' };
  if (value > MAX_MARK_MM) return { error: 'Too long for a jump' };
  return { value };
}

/** How to type a mark of this unit, for the cell's message and its placeholder. */
export function markHint(unit: 'height' | 'distance', isMetric: boolean): string {
  if (unit === 'height') return isMetric ? 'Type centimetres, e.g. 67.5' : 'Type inches, e.g. 26.5';
  return isMetric ? 'Type metres, e.g. 2.55' : `Type feet and inches, e.g. 8'4 (or inches)`;
}
