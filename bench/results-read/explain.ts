import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResultListQuery } from '../../contract/event-query';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { athleteHistory } from '../../server/event/historical';
import { resolveFilters } from '../../server/event/list/filters';
import {
  countQuery,
  cursorOf,
  detailsQuery,
  eventBranchQuery,
  pageQuery,
  pageSource,
  rowSource,
  SMALL_TABLE,
} from '../../server/event/list/queries';
import { sortPlan } from '../../server/event/list/sort';

/**
 * `npm run bench -- results --explain`: EXPLAIN (ANALYZE, BUFFERS) of the key query
 * shapes of the results tables (docs/query-plans.md), built by the server's own query
 * builders for the big account; median execution time of 5 warm runs and one plan each.
 */
interface Shape {
  name: string;
  query: ResultListQuery;
  /** What to explain: the page's statements (default), the count, or one branch. */
  part?: 'page' | 'count' | 'event-branch';
  /** A cursor this many rows in. */
  deepAt?: number;
}

export async function explainShapes(
  prepared: { engine: string; databaseUrl: string | undefined; dataDir: string },
  email: string,
): Promise<void> {
  const handle = await openDatabase({
    databaseUrl: prepared.databaseUrl,
    dataDir: prepared.dataDir,
  });
  const db: Kysely<Database> = handle.db;
  try {
    const one = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows[0]!;
    const { id: account } = await one(
      sql<{ id: string }>`select id from users where email = ${email}`,
    );
    const { until } = await one(sql<{ until: Date }>`
      select max(recorded_at) as until from results where account_id = ${account}`);
    const day = (before: number) =>
      new Date(until.getTime() - before * 86_400_000).toISOString().slice(0, 10);
    const roster = await one(sql<{ id: string }>`
      select r.id from rosters r join roster_athletes ra on ra.roster_id = r.id
      where r.account_id = ${account} group by r.id order by count(*) desc offset 3 limit 1`);
    const { athlete_id: athlete } = await one(sql<{ athlete_id: string }>`
      select athlete_id from results where account_id = ${account} and event_type_id = 1
      group by athlete_id order by count(*) desc limit 1`);
    const narrow: ResultListQuery = {
      eventTypeId: 1,
      distance: 36576,
      startDate: day(90),
      endDate: day(0),
      rosterId: Number(roster.id),
    };
    const shapes: Shape[] = [
      { name: 'count, no filter (capped)', query: {}, part: 'count' },
      { name: 'page 1, DateDesc, no filter', query: { sort: 'DateDesc' } },
      { name: 'deep page by cursor, DateDesc', query: { sort: 'DateDesc' }, deepAt: 500_000 },
      { name: 'page 500 by number, DateDesc', query: { sort: 'DateDesc', pageNumber: 500 } },
      { name: 'page 1, None, Game Speed', query: { sort: 'None', program: 'gamespeed' } },
      { name: 'page 1, ResultAsc, every event type', query: { sort: 'ResultAsc' } },
      { name: 'page 1, LastName, no filter', query: { sort: 'LastName' } },
      {
        name: "page 500, EventAsc: the first type's statement",
        query: { sort: 'EventAsc', pageNumber: 500 },
        part: 'event-branch',
      },
      { name: 'count, roster + sprint 40 yd + 90 days', query: narrow, part: 'count' },
      {
        name: 'page 1, LastName, roster + sprint 40 yd + 90 days (small: sorted whole)',
        query: { ...narrow, sort: 'LastName' },
      },
      {
        name: 'best by athlete (flags), DateDesc',
        query: { getBestByAthlete: true, sort: 'DateDesc' },
      },
      {
        name: 'best by athlete (flags), EAPI, LastName',
        query: { getBestByAthlete: true, program: 'eapi', sort: 'LastName' },
      },
      {
        name: 'best by athlete (ranked), 30 days, ResultAsc',
        query: { getBestByAthlete: true, startDate: day(30), sort: 'ResultAsc' },
      },
      {
        name: 'best by athlete (ranked), roster + sprint 40 yd + 90 days',
        query: { ...narrow, getBestByAthlete: true },
      },
    ];
    const summary: string[] = [];
    for (const shape of shapes) {
      const plan = sortPlan(shape.query.sort ?? 'DateDesc');
      const filters = await resolveFilters(db, account, shape.query);
      const n = (await countQuery(filters, SMALL_TABLE).execute(db)).rows[0]!.n;
      const small = n <= SMALL_TABLE ? SMALL_TABLE : false;
      const offset = ((shape.query.pageNumber ?? 1) - 1) * 20;
      let cursor;
      if (shape.deepAt) {
        const page = await pageSource(db, filters, plan, undefined, 1, shape.deepAt, small);
        const row = (await detailsQuery(plan, page).execute(db)).rows[0]!;
        cursor = cursorOf(plan, row, filters.types);
      }
      let query: RawBuilder<unknown>;
      if (shape.part === 'count') query = countQuery(filters, 10_000);
      else if (shape.part === 'event-branch') {
        const first = [...filters.types.values()].sort((a, b) =>
          a.sortKey < b.sortKey ? -1 : 1,
        )[0]!;
        query = eventBranchQuery(filters, first.id, undefined, offset, 21);
      } else {
        query = detailsQuery(
          plan,
          pageQuery(filters, plan, cursor, 21, cursor ? 0 : offset, small),
          rowSource(filters) === 'ranked-bests' || small !== false,
        );
      }
      const explain = sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`;
      await explain.execute(db);
      const times: number[] = [];
      let text = '';
      for (let i = 0; i < 5; i++) {
        const { rows } = await explain.execute(db);
        text = rows.map((row) => row['QUERY PLAN']).join('\n');
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]));
      }
      times.sort((a, b) => a - b);
      const line = `${shape.name}: ${times[2]!.toFixed(2)} ms (matching rows ${n > SMALL_TABLE ? `${SMALL_TABLE}+` : n})`;
      summary.push(line);
      console.log(`\n=== ${line}\n${text}`);
    }
    const started = performance.now();
    await athleteHistory(db, account, {
      athleteId: Number(athlete),
      eventTypeId: 1,
      multiSplitDistance: true,
    });
    summary.push(
      `history of athlete ${athlete} (sprints, every split), wall: ${(performance.now() - started).toFixed(2)} ms`,
    );
    const history = sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
      select r.id, r.recorded_at, r.distance_mm, r.result,
        (select json_agg(json_build_array(s.split_distance_mm, s.split_ms) order by s.split_distance_mm)
          from result_splits s where s.result_id = r.id) as splits
      from results r where r.athlete_id = ${athlete} and r.account_id = ${account} and r.event_type_id = 1
      order by r.recorded_at, r.id`;
    console.log(
      `\n=== history\n${(await history.execute(db)).rows.map((row) => row['QUERY PLAN']).join('\n')}`,
    );
    console.log(
      `\nmedian execution time of 5 warm runs (${prepared.engine}):\n${summary.join('\n')}`,
    );
  } finally {
    await handle.close();
  }
}
