import moment, { type Moment } from 'moment';
import { WEBHOOK_KEEP_DAYS } from './webhookFormat';

/*
 * The recovery picker's limits, with moment (the picker's date library), apart from
 * webhookFormat.ts, which the shell's banner loads: moment stays in the page's chunk.
 */

/**
 * The instants a recovery may start from: whole minutes from WEBHOOK_KEEP_DAYS ago (the
 * first whole minute after it, so that a moment's wait does not take it out of the kept
 * window) up to `now`.
 */
export function recoveryWindow(now: Moment = moment()): { oldest: Moment; newest: Moment } {
  const oldest = now.clone().subtract(WEBHOOK_KEEP_DAYS, 'days').add(1, 'minute').startOf('minute');
  return { oldest, newest: now.clone() };
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * The picker's `disabledTime` for a window: on its first and last days, the hours and
 * minutes outside it (the days outside it are the picker's `minDate` and `maxDate`).
 *
 * @example
 * const { disabledHours } = timesOutside(recoveryWindow())(moment());
 * disabledHours(); // the hours after this one
 */
export function timesOutside({ oldest, newest }: { oldest: Moment; newest: Moment }) {
  return (date: Moment | null) => {
    const first = date?.isSame(oldest, 'day') ?? false;
    const last = date?.isSame(newest, 'day') ?? false;
    return {
      disabledHours: () => [
        ...(first ? range(0, oldest.hour()) : []),
        ...(last ? range(newest.hour() + 1, 24) : []),
      ],
      disabledMinutes: (hour: number) => [
        ...(first && hour === oldest.hour() ? range(0, oldest.minute()) : []),
        ...(last && hour === newest.hour() ? range(newest.minute() + 1, 60) : []),
      ],
    };
  };
}
