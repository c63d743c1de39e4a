import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_RESULT_SORT, type ResultListQuery } from '../../contract/event-query';
import type { Database } from '../db/schema';
import { startDownload } from '../download';
import { today } from './days';
import { resolveFilters, type EventTypeInfo, type ResultFilters } from './list/filters';
import {
  cursorOf,
  pageSource,
  readPage,
  rowSource,
  SMALL_TABLE,
  tableShape,
  type ResultRow,
} from './list/queries';
import { sortPlan, type Cursor, type SortPlan } from './list/sort';

/**
 * `GET /api/event/export` (docs/api-results.md, "Export"): every row of a results table
 * (its filters and sort, no pages) as CSV, streamed in keyset batches: each batch is the
 * table's page query after the last row of the one before, so memory stays flat and the
 * database is never asked for more than a batch at a time (on PGlite other requests run
 * between batches).
 *
 * Columns: the result, its athlete and event, then one column per standard split
 * distance of the event types in the table (`split_9144mm_ms`: the cumulative time at
 * 10 yd) and `otherSplits` for splits elsewhere (`distanceMm:timeMs`, space-separated).
 * UTF-8 with a byte-order mark (Excel); text that a spreadsheet would run as a formula
 * gets a leading apostrophe.
 */
type Db = Kysely<Database>;

const BATCH = 5000;
/** Ranked bests are ranked again for every batch: fewer, larger batches. */
const RANKED_BATCH = 20_000;

const FIXED_COLUMNS = [
  'id',
  'recordedAt',
  'athleteId',
  'firstName',
  'middleName',
  'lastName',
  'eventTypeId',
  'eventType',
  'eventAliasId',
  'eventAlias',
  'laneId',
  'distanceMm',
  'timeMs',
  'markMm',
  'program',
  'source',
  'timingMethod',
  'implausible',
] as const;

/** A CSV field: quoted when needed; text that starts like a formula is defused. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function splitColumns(filters: ResultFilters): number[] {
  const types = filters.typeScope
    ? filters.typeScope.map((entry) => filters.types.get(entry.typeId)!)
    : [...filters.types.values()];
  return [...new Set(types.flatMap((type) => type.splitDistancesMm))].sort((a, b) => a - b);
}

function csvLine(
  row: ResultRow,
  types: Map<number, EventTypeInfo>,
  splitDistances: readonly number[],
): string {
  const type = types.get(row.event_type_id)!;
  const time = type.unit === 'time';
  const splits = new Map(row.splits);
  const standard = new Set(splitDistances);
  const fields: (string | number | boolean | null)[] = [
    Number(row.id),
    row.recorded_at.toISOString(),
    Number(row.athlete_id),
    row.first_name,
    row.middle_name,
    row.last_name,
    type.id,
    type.name,
    row.event_alias_id === null ? null : Number(row.event_alias_id),
    row.alias_name,
    row.lane_id,
    row.distance_mm,
    time ? row.result : null,
    time ? null : row.result,
    row.program,
    row.source,
    row.timing_method,
    row.implausible,
    ...splitDistances.map((mm) => splits.get(mm) ?? null),
    row.splits
      .filter(([mm]) => !standard.has(mm))
      .map(([mm, ms]) => `${mm}:${ms}`)
      .join(' '),
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}

async function* batches(
  db: Db,
  filters: ResultFilters,
  plan: SortPlan,
  options: ExportOptions,
): AsyncGenerator<string> {
  const splitDistances = splitColumns(filters);
  yield `\ufeff${[...FIXED_COLUMNS, ...splitDistances.map((mm) => `split_${mm}mm_ms`), 'otherSplits'].join(',')}\r\n`;
  if (filters.nothing) return;
  const size = options.batchSize ?? (rowSource(filters) === 'ranked-bests' ? RANKED_BATCH : BATCH);
  let cursor: Cursor | undefined;
  let written = 0;
  try {
    const { small } = await tableShape(db, filters, 0, options.smallTable ?? SMALL_TABLE);
    for (;;) {
      const page = await pageSource(db, filters, plan, cursor, size, 0, small);
      const { rows } = await readPage(db, plan, page, small);
      if (rows.length === 0) break;
      yield rows.map((row) => csvLine(row, filters.types, splitDistances)).join('');
      written += rows.length;
      if (rows.length < size) break;
      cursor = cursorOf(plan, rows[rows.length - 1]!, filters.types);
    }
  } catch (error) {
    options.log.error({ err: error, written }, 'export failed part-way; the download is cut short');
    throw error;
  }
}

export interface ExportOptions {
  log: FastifyBaseLogger;
  /** Rows per statement (default 5,000; 20,000 for ranked bests). */
  batchSize?: number;
  /** As in ListLimits (tests). */
  smallTable?: number;
}

/**
 * Checks the filters (400/404 before anything is sent) and returns the CSV as a stream,
 * its header and first batch already read (a statement the database refuses is an error
 * answer, not a download cut after its header).
 */
export async function exportResults(
  db: Db,
  accountId: string,
  query: Omit<ResultListQuery, 'pageNumber' | 'pageSize' | 'cursor'>,
  options: ExportOptions,
): Promise<{ filename: string; stream: Readable }> {
  const plan = sortPlan(query.sort ?? DEFAULT_RESULT_SORT);
  const filters = await resolveFilters(db, accountId, query);
  return {
    filename: `results-${today(query.tz ?? 'UTC')}.csv`,
    stream: await startDownload(batches(db, filters, plan, options)),
  };
}
