import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { and, boardHolds, resultConditions, type ResultFilters } from './filters';
import { BESTS_SINCE, rowSource, sinceConditions } from './source';

/** The capped count of a results table, and the read it decides: whole and sorted, or walked. */

type Db = Kysely<Database>;

/**
 * A table this small is read whole through its filters' best index and sorted, instead
 * of walked in the sort's order: a walk in an order the filters do not follow (None or
 * a name sort over the last 90 days of one roster) may read most of the account to find
 * a few rows. The capped count (`tableShape`) tells which it is.
 */
export const SMALL_TABLE = 10_000;

/** The capped count (exact up to `cap`; `cap + 1` means "more"). */
export function countQuery(filters: ResultFilters, cap: number): RawBuilder<{ n: number }> {
  if (rowSource(filters) === 'ranked-bests') {
    return sql<{ n: number }>`select count(*)::int as n from (
      select distinct r.athlete_id, r.event_type_id, r.distance_mm from results r
      where ${and(resultConditions(filters))} and not r.implausible) t`;
  }
  if (rowSource(filters) === 'since-bests') {
    return sql<{ n: number }>`select count(*)::int as n from (
      select 1 from ${BESTS_SINCE} r where ${and(sinceConditions(filters))} limit ${cap + 1}) t`;
  }
  const where = resultConditions(filters);
  if (boardHolds(filters)) {
    // One distance: its plausible runs from results_board (keyed by the distance) and
    // its flagged ones from results_flagged, each capped (page-results.ts, boardWalk).
    const part = (flagged: boolean) => sql`(select count(*)::int from (select 1 from results r
      where ${and([...where, flagged ? sql`r.implausible` : sql`not r.implausible`])}
      limit ${cap + 1}) t)`;
    return sql<{ n: number }>`select least(${part(false)} + ${part(true)}, ${cap + 1}) as n`;
  }
  return sql<{ n: number }>`select count(*)::int as n from (
    select 1 from results r where ${and(where)}
    limit ${cap + 1}) t`;
}

/**
 * The capped count of the stored rows a table's filters match (up to `cap`, `cap + 1`
 * meaning more: a column-free read that an index-only scan answers), and how its pages
 * are read: whole and sorted (`small`) when the count is at most `small`, else walked
 * in the sort's order (false). Ranked bests (counted as groups) are never a small table:
 * they are ranked whole anyway.
 */
export async function tableShape(
  db: Db,
  filters: ResultFilters,
  cap: number,
  small: number,
): Promise<{ n: number; small: number | false }> {
  const n = (await countQuery(filters, Math.max(cap, small)).execute(db)).rows[0]?.n ?? 0;
  const whole = small > 0 && n <= small && rowSource(filters) !== 'ranked-bests';
  return { n, small: whole ? small : false };
}
