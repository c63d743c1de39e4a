import { MARK, TOTAL } from './entryColumns';
import type { SentRow } from './entryBatch';

/** A 400's messages put back on the grid: at cells, at rows, or for the whole session. */
export interface GridErrors {
  cells: Record<string, Record<string, string>>;
  rows: Record<string, string[]>;
  session: string[];
}

/** Fields the whole session shares, with the name the setup shows. */
const sessionFields: Record<string, string> = {
  eventTypeId: 'Event type',
  eventAliasId: 'Alias',
  distanceMm: 'Distance',
  recordedAt: 'Date',
  laneId: 'Lane',
  timingMethod: 'Timing',
  program: 'Program',
  source: 'Source',
};

export const noGridErrors: GridErrors = { cells: {}, rows: {}, session: [] };

/** The cell a field of one item belongs to, or null when it is about the row. */
function cellOf(field: string, sent: SentRow): string | null {
  if (field === 'timeMs') return TOTAL;
  if (field === 'markMm') return MARK;
  const split = /^splits\.(\d+)(?:\.|$)/.exec(field);
  return split ? (sent.splitKeys[Number(split[1])] ?? null) : null;
}

/**
 * Maps a 400's fields (`items.3.splits.1.timeMs`) back to the grid: the row sent as item 3,
 * the column of the second split sent for it. Fields every row shares (the date, the
 * event type) become session messages, once each; anything else stays on the row, or
 * on the session when it names no row.
 *
 * @example
 * gridErrorsOf({ 'items.0.timeMs': ['too long'] }, [{ key: '7#1', splitKeys: [] }]).cells;
 * // { '7#1': { total: 'too long' } }
 */
export function gridErrorsOf(
  fields: Record<string, string[]>,
  sent: readonly SentRow[],
): GridErrors {
  const errors: GridErrors = { cells: {}, rows: {}, session: [] };
  const addSession = (message: string) => {
    if (!errors.session.includes(message)) errors.session.push(message);
  };
  for (const [name, messages] of Object.entries(fields)) {
    const text = messages.join(' ');
    const item = /^items\.(\d+)\.(.+)$/.exec(name);
    const row = item ? sent[Number(item[1])] : undefined;
    if (!item || !row) {
      addSession(text);
      continue;
    }
    const field = item[2]!;
    const sessionLabel = sessionFields[field];
    const cell = cellOf(field, row);
    if (sessionLabel) addSession(`${sessionLabel}: ${text}`);
    else if (cell) errors.cells[row.key] = { ...errors.cells[row.key], [cell]: text };
    else errors.rows[row.key] = [...(errors.rows[row.key] ?? []), `${field}: ${text}`];
  }
  return errors;
}
