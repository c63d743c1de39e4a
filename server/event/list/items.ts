import type { ResultListItemBody } from '../../../contract/event-query';
import type { EventTypeInfo } from './filters';
import { encodeCursor, type Cursor, type SortPlan } from './sort';
import type { ResultRow } from './read';

/** A page's rows as the API's items, and the cursor after a row. */

export function toItem(row: ResultRow, types: Map<number, EventTypeInfo>): ResultListItemBody {
  const type = types.get(row.event_type_id)!;
  const time = type.unit === 'time';
  return {
    id: Number(row.id),
    athlete: {
      id: Number(row.athlete_id),
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
    },
    eventType: { id: type.id, name: type.name, unit: type.unit, lowerIsBetter: type.lowerIsBetter },
    eventAlias:
      row.event_alias_id === null
        ? null
        : { id: Number(row.event_alias_id), name: row.alias_name ?? '' },
    laneId: row.lane_id,
    recordedAt: row.recorded_at.toISOString(),
    distanceMm: row.distance_mm,
    timeMs: time ? row.result : null,
    markMm: time ? null : row.result,
    splits: row.splits.map(([distanceMm, timeMs]) => ({ distanceMm, timeMs })),
    program: row.program,
    source: row.source,
    timingMethod: row.timing_method,
    implausible: row.implausible,
  };
}

/** The cursor after a row. */
export function cursorAfter(
  plan: SortPlan,
  row: ResultRow,
  types: Map<number, EventTypeInfo>,
): string {
  return encodeCursor(plan, cursorOf(plan, row, types));
}

export function cursorOf(
  plan: SortPlan,
  row: ResultRow,
  types: Map<number, EventTypeInfo>,
): Cursor {
  const cursor: Cursor = { id: row.id };
  if (plan.family !== 'id') cursor.at = row.at_key;
  if (plan.family === 'result') cursor.result = row.result;
  if (plan.family === 'name') {
    cursor.name = row.k_name ?? '';
    cursor.athleteId = row.athlete_id;
  }
  if (plan.family === 'event') {
    cursor.typeId = row.event_type_id;
    cursor.typeKey = types.get(row.event_type_id)?.sortKey ?? '';
  }
  return cursor;
}
