import { sql, type RawBuilder } from 'kysely';
import { MAX_ID } from '../../../contract/common';
import type { ResultSort } from '../../../contract/event-query';
import { isRealDate } from '../../athlete';
import { badRequest } from '../../plugins/http-errors';
import type { EventTypeInfo } from './filters';

/**
 * The sorts of a results table as SQL, each a total order ending in the result id, so
 * that pages never repeat or skip a row, and each continued after a row by a keyset
 * condition (the cursor) as well as by OFFSET (docs/api-results.md, "Sorts"):
 *
 * | sort | order |
 * | --- | --- |
 * | DateAsc / DateDesc | recordedAt, id (both ascending / both descending) |
 * | ResultAsc / ResultDesc | the value (time or mark), id |
 * | FirstName / MiddleName / LastName | the athlete's name key, athlete id, then newest first |
 * | EventAsc / EventDesc | the event type's name (then its id), then newest first |
 * | None | id |
 */
export type SortFamily = 'date' | 'id' | 'result' | 'name' | 'event';
export type NameKeyColumn = 'first_name_key' | 'middle_name_key' | 'last_name_key';

export interface SortPlan {
  sort: ResultSort;
  family: SortFamily;
  direction: 'asc' | 'desc';
  nameColumn?: NameKeyColumn;
}

export function sortPlan(sort: ResultSort): SortPlan {
  switch (sort) {
    case 'DateAsc':
    case 'ResultAsc':
    case 'EventAsc':
      return { sort, family: familyOf(sort), direction: 'asc' };
    case 'DateDesc':
    case 'ResultDesc':
    case 'EventDesc':
      return { sort, family: familyOf(sort), direction: 'desc' };
    case 'FirstName':
      return { sort, family: 'name', direction: 'asc', nameColumn: 'first_name_key' };
    case 'MiddleName':
      return { sort, family: 'name', direction: 'asc', nameColumn: 'middle_name_key' };
    case 'LastName':
      return { sort, family: 'name', direction: 'asc', nameColumn: 'last_name_key' };
    case 'None':
      return { sort, family: 'id', direction: 'asc' };
  }
}

function familyOf(sort: ResultSort): SortFamily {
  if (sort.startsWith('Date')) return 'date';
  if (sort.startsWith('Result')) return 'result';
  return 'event';
}

/** Where the page before ended: its last row's sort keys. */
export interface Cursor {
  /** Result id. */
  id: string;
  /** recorded_at with microseconds, UTC (`2025-03-01T15:04:05.123456Z`). */
  at?: string;
  result?: number;
  /** Name sorts: the athlete's name key and id. */
  name?: string;
  athleteId?: string;
  /** Event sorts: the event type's sort key and id. */
  typeKey?: string;
  typeId?: number;
}

const TIMESTAMP = /^\d{4}-\d\d-\d\dT([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const BIGINT = /^[1-9]\d{0,18}$/;
const INT8_MAX = 9_223_372_036_854_775_807n;

export function encodeCursor(plan: SortPlan, cursor: Cursor): string {
  return Buffer.from(JSON.stringify({ s: plan.sort, ...cursor })).toString('base64url');
}

/** @throws HttpError 400 `{ cursor: [...] }` for a cursor of another sort or not ours */
export function decodeCursor(plan: SortPlan, text: string): Cursor {
  const invalid = () =>
    badRequest({ cursor: ['is not a cursor of this table; start again from page 1'] });
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw invalid();
  }
  if (typeof raw !== 'object' || raw === null) throw invalid();
  if (raw.s !== plan.sort) {
    throw badRequest({ cursor: ['was made for another sort; start again from page 1'] });
  }
  const bigint = (value: unknown) =>
    typeof value === 'string' && BIGINT.test(value) && BigInt(value) <= INT8_MAX;
  if (!bigint(raw.id)) throw invalid();
  const cursor: Cursor = { id: raw.id as string };
  const needs = {
    date: ['at'],
    id: [],
    result: ['result'],
    name: ['name', 'athleteId', 'at'],
    event: ['typeKey', 'typeId', 'at'],
  }[plan.family];
  for (const field of needs) {
    const value = raw[field];
    // A cursor is the client's text: every value must be one the query's casts take
    // (a real day, an int4, text without NUL), or PostgreSQL refuses the statement.
    const ok =
      field === 'at'
        ? typeof value === 'string' && TIMESTAMP.test(value) && isRealDate(value.slice(0, 10))
        : field === 'result' || field === 'typeId'
          ? Number.isSafeInteger(value) && Math.abs(value as number) <= MAX_ID
          : field === 'athleteId'
            ? bigint(value)
            : typeof value === 'string' && value.length <= 400 && !value.includes('\u0000');
    if (!ok) throw invalid();
    (cursor as unknown as Record<string, unknown>)[field] = value;
  }
  return cursor;
}

/** Event sorts: the types in the order their rows come (EventDesc: names descending). */
export function eventOrder(plan: SortPlan, types: readonly EventTypeInfo[]): EventTypeInfo[] {
  const sorted = [...types].sort((a, b) => compareTypeKeys(a.sortKey, a.id, b.sortKey, b.id));
  return plan.direction === 'asc' ? sorted : sorted.reverse();
}

function compareTypeKeys(aKey: string, aId: number, bKey: string, bId: number): number {
  if (aKey !== bKey) return aKey < bKey ? -1 : 1;
  return aId - bId;
}

/**
 * The position of the cursor's event type in `ordered` (the output order); between two
 * positions (x.5) when its type is not among them (filters changed).
 */
export function cursorTypePosition(
  plan: SortPlan,
  ordered: readonly EventTypeInfo[],
  cursor: Cursor,
): number {
  const index = ordered.findIndex((type) => type.id === cursor.typeId);
  if (index >= 0) return index;
  const sign = plan.direction === 'asc' ? 1 : -1;
  const before = ordered.filter(
    (type) => sign * compareTypeKeys(type.sortKey, type.id, cursor.typeKey!, cursor.typeId!) < 0,
  ).length;
  return before - 0.5;
}

const dir = (direction: 'asc' | 'desc') => sql.raw(direction);
const cmp = (direction: 'asc' | 'desc') => sql.raw(direction === 'asc' ? '>' : '<');

/** `a.<name key> collate "C"`: the expression of the athletes' name indexes. */
export const nameKeyOf = (column: NameKeyColumn, table = 'a') =>
  sql`${sql.ref(`${table}.${column}`)} collate "C"`;

/**
 * ORDER BY over a row source `t` with the columns `recorded_at`, `result`, `id`, and
 * `athlete_id` for name sorts; `name` is the name key expression and `athlete` the
 * athlete's id (name sorts: default the source's `athlete_id`), `ord` the event type's
 * position (event sorts).
 */
export function orderBy(
  plan: SortPlan,
  options: {
    t?: string;
    name?: RawBuilder<unknown>;
    athlete?: RawBuilder<unknown>;
    ord?: RawBuilder<unknown>;
  } = {},
) {
  const t = options.t ?? 'r';
  const col = (column: string) => sql.ref(`${t}.${column}`);
  const d = dir(plan.direction);
  switch (plan.family) {
    case 'date':
      return sql`${col('recorded_at')} ${d}, ${col('id')} ${d}`;
    case 'id':
      return sql`${col('id')} asc`;
    case 'result':
      return sql`${col('result')} ${d}, ${col('id')} ${d}`;
    case 'name':
      return sql`${options.name ?? col('k_name')} asc, ${options.athlete ?? col('athlete_id')} asc, ${col('recorded_at')} desc, ${col('id')} desc`;
    case 'event':
      return sql`${options.ord ?? col('k_ord')} asc, ${col('recorded_at')} desc, ${col('id')} desc`;
  }
}

/**
 * Rows strictly after the cursor, on `results r` (or a source with its columns);
 * `name` is the name key expression for name sorts, `typePosition` the cursor's position
 * for event sorts over a source with `k_ord`.
 */
export function afterCursor(
  plan: SortPlan,
  cursor: Cursor,
  options: {
    name?: RawBuilder<unknown>;
    athleteId?: RawBuilder<unknown>;
    typePosition?: number;
  } = {},
): RawBuilder<unknown> {
  const at = sql`${cursor.at}::timestamptz`;
  const id = sql`${cursor.id}::bigint`;
  switch (plan.family) {
    case 'date':
      return sql`(r.recorded_at, r.id) ${cmp(plan.direction)} (${at}, ${id})`;
    case 'id':
      return sql`r.id > ${id}`;
    case 'result':
      return sql`(r.result, r.id) ${cmp(plan.direction)} (${cursor.result}::int, ${id})`;
    case 'name': {
      const athlete = options.athleteId ?? sql`r.athlete_id`;
      return sql`(${options.name}, ${athlete}) >= (${cursor.name}::text, ${cursor.athleteId}::bigint)
        and (${athlete} <> ${cursor.athleteId}::bigint or (r.recorded_at, r.id) < (${at}, ${id}))`;
    }
    case 'event':
      return sql`(r.k_ord > ${options.typePosition}::numeric
        or (r.k_ord = ${options.typePosition}::numeric and (r.recorded_at, r.id) < (${at}, ${id})))`;
  }
}

/** Within one event type's branch: rows after the cursor (the branch is the cursor's type). */
export function afterCursorWithinType(cursor: Cursor): RawBuilder<unknown> {
  return sql`(r.recorded_at, r.id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`;
}
