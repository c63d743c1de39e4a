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
 * The board's two formats, made on first use (making a DateTimeFormat loads its locale's
 * data: tens of ms on a phone's first one). The platform's Intl rather than moment, the
 * app's date library: the leaderboard is the dashboard's first page, and formatting two
 * kinds of date does not warrant moment's 18 KiB on its first load (docs/first-load.md).
 * en-US, as moment's default locale: "Mar 1, 2026" (moment's `ll`), "3:04 PM" (`LT`).
 */
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
const boardFormats = () =>
  (formats ??= {
    date: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }),
    time: new Intl.DateTimeFormat('en-US', { timeStyle: 'short' }),
  });

/** "3:04 PM", in the viewer's time zone (ICU's narrow space before PM made a plain one). */
export function formatTimeOfDay(at: Date): string {
  return boardFormats()
    .time.format(at)
    .replace(/\u202f/g, ' ');
}

/**
 * When an entry was run, as its board shows it: the date ("Mar 1, 2026"); on the TV,
 * where it is usually testing day, the time alone for a run of today ("3:04 PM") and the
 * date for an older one, so that an all-time record never reads as a run of this
 * afternoon. Days and times are the viewer's.
 */
export function formatEntryWhen(recordedAt: string, large: boolean, now = new Date()): string {
  const at = new Date(recordedAt);
  return large && at.toDateString() === now.toDateString()
    ? formatTimeOfDay(at)
    : boardFormats().date.format(at);
}
