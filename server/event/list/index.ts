import type { Kysely } from 'kysely';
import {
  DEFAULT_RESULT_SORT,
  MAX_RESULT_OFFSET,
  type ResultListBody,
  type ResultListQuery,
} from '../../../contract/event-query';
import type { Database } from '../../db/schema';
import { badRequest } from '../../plugins/http-errors';
import { resolveFilters } from './filters';
import {
  countQuery,
  cursorAfter,
  detailsQuery,
  pageSource,
  readPage,
  rowSource,
  SMALL_TABLE,
  tableShape,
  toItem,
  type ResultRow,
} from './queries';
import { decodeCursor, sortPlan } from './sort';

/**
 * `GET /api/event`: a page of a results table (docs/api-results.md; query plans in
 * docs/query-plans.md):
 * - a capped count: `count(*)` over at most `countCap + 1` matching rows (at least
 *   SMALL_TABLE + 1, since it also picks the page's plan);
 * - the page: the ids and sort keys of its rows (an index walk in the sort's order, a
 *   merge of per-event-type walks, or, for a small table, its rows sorted), then their
 *   columns and splits in one more statement.
 * With `getBestByAthlete` the rows are each athlete's best per event type and distance
 * (within the program on a program's page): read from `bests_since` when the filters
 * pick results inside a group by date alone and the range runs up to now (the bests of
 * all time included), otherwise ranked from the matching results.
 */
type Db = Kysely<Database>;

export interface ListLimits {
  /** Count at most this many rows (config RESULT_COUNT_CAP). */
  countCap: number;
  /** Tables up to this many rows are sorted whole (default SMALL_TABLE; tests set 0). */
  smallTable?: number;
}

export async function listResults(
  db: Db,
  accountId: string,
  query: ResultListQuery,
  limits: ListLimits,
): Promise<ResultListBody> {
  const plan = sortPlan(query.sort ?? DEFAULT_RESULT_SORT);
  const pageNumber = query.pageNumber ?? 1;
  const pageSize = query.pageSize ?? 20;
  const cursor = query.cursor ? decodeCursor(plan, query.cursor) : undefined;
  const offset = cursor ? 0 : (pageNumber - 1) * pageSize;
  const maxOffset = Math.max(MAX_RESULT_OFFSET, limits.countCap);
  if (offset >= maxOffset) {
    throw badRequest({
      pageNumber: [
        `starts after the first ${maxOffset.toLocaleString('en-US')} results: page on from there with nextCursor`,
      ],
    });
  }
  const filters = await resolveFilters(db, accountId, query);
  const empty = {
    items: [],
    totalCount: 0,
    totalCountCapped: false,
    pageNumber,
    pageSize,
    nextCursor: null,
  };
  if (filters.nothing) return empty;

  const source = rowSource(filters);
  let n: number | undefined;
  let rows: ResultRow[];
  if (source === 'ranked-bests') {
    // Ranked bests count themselves in the page's statement; an empty page (past the
    // end) counts apart.
    const page = await pageSource(db, filters, plan, cursor, pageSize + 1, offset, false);
    rows = (await detailsQuery(plan, page, true).execute(db)).rows;
    n = rows[0]?.total_n;
    n ??= (await countQuery(filters, limits.countCap).execute(db)).rows[0]?.n ?? 0;
  } else {
    // Counted first (up to the cap, or SMALL_TABLE + 1 when that is more), then read.
    const shape = await tableShape(db, filters, limits.countCap, limits.smallTable ?? SMALL_TABLE);
    n = shape.n;
    if (n === 0) {
      rows = [];
    } else {
      const page = await pageSource(db, filters, plan, cursor, pageSize + 1, offset, shape.small);
      rows = (await readPage(db, plan, page, shape.small)).rows;
    }
  }
  const items = rows.slice(0, pageSize);
  const last = items[items.length - 1];
  const total = n ?? 0;
  return {
    items: items.map((row) => toItem(row, filters.types)),
    totalCount: Math.min(total, limits.countCap),
    totalCountCapped: total > limits.countCap,
    pageNumber,
    pageSize,
    nextCursor: rows.length > pageSize && last ? cursorAfter(plan, last, filters.types) : null,
  };
}
