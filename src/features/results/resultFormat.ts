import { fullName } from '../../lib/names';
import { formatMark, formatSeconds } from '../../lib/units';
import type { Result } from './resultApi';

/** "4.62 s" for a time, "26.5 in" / "8 ft 4.5 in" (or metric) for a jump's mark. */
export function formatResult(
  result: Pick<Result, 'timeMs' | 'markMm' | 'eventType'>,
  isMetric: boolean,
) {
  if (result.timeMs !== null) return formatSeconds(result.timeMs);
  if (result.markMm !== null && result.eventType.unit !== 'time')
    return formatMark(result.markMm, result.eventType.unit, isMetric);
  return '—';
}

/** "Ada J. Okafor": a result's athlete. */
export const resultAthleteName = ({ athlete }: Pick<Result, 'athlete'>) => fullName(athlete);

/** "Linear sprint" or "Linear sprint · 60-yd shuttle" with the coach's alias. */
export function eventLabel({ eventType, eventAlias }: Pick<Result, 'eventType' | 'eventAlias'>) {
  return eventAlias ? `${eventType.name} · ${eventAlias.name}` : eventType.name;
}
