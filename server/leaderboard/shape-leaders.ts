import { sql, type RawBuilder } from 'kysely';
import { type BoardRequest } from './board-request';
import { athleteBest } from './shape-athletes';
import { setBests } from './shape-bests';
import { direction } from './source-sql';
import { type QueriedRow, withNames } from './statement';

/** The athletes shape led by the bests: the entries of only the athletes whose best makes the top. The shapes are described in queries.ts; their reasoning in docs/leaderboard.md. */

/**
 * The athletes shape for a date filter, reading only the athletes likeliest to be on the
 * boards: per board, the `k` of the set whose bests (`board_bests`, in the request's lane
 * or of every lane) rank first, then each one's best entries per source in the date
 * range. Every entry of an athlete ranks at or after their best, so a source's
 * answer is complete once its `limit`-th candidate ranks before the best of the next
 * athlete in line (or the set has no more): no later athlete can come before it. A
 * source left incomplete yields a marker row (`id` null) and no candidates, and the
 * caller reads it with the full athletes shape (`incompleteSources`).
 */
export function leadersQuery(request: BoardRequest, k: number): RawBuilder<QueriedRow> | undefined {
  const boards = request.boards.filter((b) => b.sources.length > 0);
  if (boards.length === 0) return undefined;
  const ctes = setBests(
    request,
    boards.map((b) => b.distanceMm),
    true,
  );
  const dir = direction(request);
  const perAthlete = request.distinct ? 1 : request.limit;
  const parts: RawBuilder<unknown>[] = [];
  let index = 0;
  for (const board of request.boards) {
    if (board.sources.length === 0) continue;
    const lead = `lead_${board.distanceMm}`;
    ctes.push(sql`${sql.id(lead)} as materialized (select athlete_id, rank_value, recorded_at, result_id
      from set_bests where board_mm = ${board.distanceMm}
      order by rank_value, recorded_at, result_id limit ${k + 1})`);
    for (const source of board.sources) {
      const src = index++;
      const cand = `cand_${src}`;
      const ok = `ok_${src}`;
      const head = sql`select ${board.distanceMm}::integer as board, ${src}::integer as src`;
      ctes.push(sql`${sql.id(cand)} as materialized (select e.* from (
          select athlete_id from ${sql.id(lead)} order by rank_value, recorded_at, result_id limit ${k}) l
        cross join lateral (${athleteBest(request, source, sql`l.athlete_id`, perAthlete)}) e
        order by e.value ${dir}, e.recorded_at, e.id limit ${request.limit})`);
      const rankKey = request.lowerIsBetter ? sql`value` : sql`-value`;
      ctes.push(sql`${sql.id(ok)} as materialized (select (select count(*) from ${sql.id(lead)}) <= ${k}
        or ((select count(*) from ${sql.id(cand)}) = ${request.limit}
          and (select (${rankKey}, recorded_at, id) from ${sql.id(cand)}
                order by value ${dir}, recorded_at, id offset ${request.limit - 1} limit 1)
            < (select (rank_value, recorded_at, result_id) from ${sql.id(lead)}
                order by rank_value, recorded_at, result_id offset ${k} limit 1)) as complete)`);
      parts.push(
        sql`${head}, c.* from ${sql.id(cand)} c where (select complete from ${sql.id(ok)})`,
      );
      parts.push(sql`${head}, null::bigint, null::bigint, null::integer, null::timestamptz,
        null::smallint from ${sql.id(ok)} where not complete`);
    }
  }
  return withNames(sql`with ${sql.join(ctes, sql`, `)} ${sql.join(parts, sql` union all `)}`);
}
