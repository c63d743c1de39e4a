import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Program, ResultSource, TimingMethod } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { orderBy, type SortPlan } from './sort';

/** Phase 2 of a page: the columns and splits of its rows, read in the page's order. */

type Db = Kysely<Database>;

export interface ResultRow {
  id: string;
  athlete_id: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  event_type_id: number;
  event_alias_id: string | null;
  alias_name: string | null;
  lane_id: number | null;
  recorded_at: Date;
  distance_mm: number;
  result: number;
  program: Program;
  source: ResultSource;
  timing_method: TimingMethod;
  implausible: boolean;
  /** [distance mm, time ms] by distance. */
  splits: [number, number][];
  at_key: string;
  k_name?: string;
  total_n?: number;
}

/**
 * Phase 2: the columns and splits of the page's rows, in the page's order (and the
 * table's size when phase 1 counted it: `total_n`).
 */
export function detailsQuery(
  plan: SortPlan,
  page: RawBuilder<unknown>,
  withTotal = false,
): RawBuilder<ResultRow> {
  const nameKey = plan.family === 'name' ? sql`, p.k_name` : sql``;
  const total = withTotal ? sql`, p.total_n::int as total_n` : sql``;
  return sql<ResultRow>`with page as materialized (${page})
    select r.id, r.athlete_id, a.first_name, a.middle_name, a.last_name, r.event_type_id,
      r.event_alias_id, ea.name as alias_name, r.lane_id, r.recorded_at, r.distance_mm, r.result,
      r.program, r.source, r.timing_method, r.implausible,
      coalesce((select json_agg(json_build_array(s.split_distance_mm, s.split_ms) order by s.split_distance_mm)
        from result_splits s where s.result_id = r.id), '[]'::json) as splits,
      to_char(r.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key ${nameKey} ${total}
    from page p
    join results r on r.id = p.id
    join athletes a on a.id = r.athlete_id
    left join event_aliases ea on ea.id = r.event_alias_id
    order by ${orderBy(plan, { name: sql`p.k_name collate "C"`, ord: sql`p.k_ord` })}`;
}

/**
 * Runs `read` with sequential scans of the tables off, in a transaction of its own. For
 * the small-table read: its rows (at most SMALL_TABLE, the count said) are all read,
 * and a sequential scan of `results` would pass every other account's rows to find
 * them; the planner, which costs a scan as if each account's rows were spread evenly,
 * still chooses one when the filters' estimate is high (docs/performance.md, "Results
 * tables"). A bitmap or index scan reads the account's matching rows only. In the
 * caller's transaction (the start-up warm-up) the setting is put back afterwards, so
 * that it does not outlive the read.
 */
async function indexReadsOnly<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    const before = db.isTransaction
      ? (await sql<{ v: string }>`select current_setting('enable_seqscan') as v`.execute(trx))
          .rows[0]!.v
      : undefined;
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await read(trx);
    if (before !== undefined)
      await sql`select set_config('enable_seqscan', ${before}, true)`.execute(trx);
    return rows;
  });
}

/**
 * Phase 2 of a page that `pageSource` found with `small`: a small table's statement
 * reads every matching row, so it runs with sequential scans off (indexReadsOnly).
 */
export function readPage(
  db: Db,
  plan: SortPlan,
  page: RawBuilder<unknown>,
  small: number | false,
): Promise<{ rows: ResultRow[] }> {
  const query = detailsQuery(plan, page);
  return small === false ? query.execute(db) : indexReadsOnly(db, (trx) => query.execute(trx));
}
