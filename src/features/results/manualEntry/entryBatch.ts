import type { EventBatchInput, EventInput, EventTypeBody } from '../../../../contract/event';
import type { EntryColumn } from './entryColumns';
import type { SessionSetup } from './entrySession';
import type { RowCheck } from './entryValidation';

/** A row to send: its key in the grid, athlete, client id and what was read from it. */
export interface ReadyRow {
  key: string;
  athleteId: number;
  clientId: string;
  check: RowCheck;
}

/** What was sent for one item, to put the server's answer back on the grid. */
export interface SentRow {
  key: string;
  /** The column key of each split sent, in the order sent. */
  splitKeys: string[];
}

export interface Batch {
  body: EventBatchInput;
  sent: SentRow[];
}

interface BatchArgs {
  setup: SessionSetup;
  eventType: EventTypeBody;
  runDistanceMm: number;
  columns: readonly EntryColumn[];
  rows: readonly ReadyRow[];
}

/**
 * The session as one `POST /api/event` batch: one item per typed row (empty rows and rows
 * with problems are left out), each under its row's client id, the session's program
 * (`manualentry` unless the coach chose EAPI or Game Speed), source `manual`. `null` when nothing is ready.
 *
 * @example
 * buildBatch({ setup, eventType: sprint, runDistanceMm: 36576, columns, rows })?.body.items[0];
 * // { clientId, athleteId, eventTypeId: 1, distanceMm: 36576, timeMs: 4620, splits: [...], ... }
 */
export function buildBatch({
  setup,
  eventType,
  runDistanceMm,
  columns,
  rows,
}: BatchArgs): Batch | null {
  const ready = rows.filter(({ check }) => !check.empty && Object.keys(check.errors).length === 0);
  if (ready.length === 0) return null;
  const splitColumns = columns.filter((column) => column.kind === 'split');
  const sent: SentRow[] = [];
  const items = ready.map(({ key, athleteId, clientId, check: { values } }): EventInput => {
    const splitsTyped = splitColumns.filter((column) => values[column.key] !== undefined);
    sent.push({ key, splitKeys: splitsTyped.map((column) => column.key) });
    const item: EventInput = {
      clientId,
      athleteId,
      eventTypeId: eventType.id,
      recordedAt: setup.recordedAt,
      program: setup.program,
      source: 'manual',
      timingMethod: setup.timingMethod,
    };
    if (setup.eventAliasId !== null) item.eventAliasId = setup.eventAliasId;
    if (setup.laneId !== null) item.laneId = setup.laneId;
    if (eventType.unit !== 'time') return { ...item, markMm: values.mark };
    if (runDistanceMm > 0) item.distanceMm = runDistanceMm;
    item.timeMs = values.total;
    if (splitsTyped.length > 0)
      item.splits = splitsTyped.map((column) => ({
        distanceMm: column.distanceMm,
        timeMs: values[column.key]!,
      }));
    return item;
  });
  return { body: { items }, sent };
}
