import { parseArgs } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';

/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the hot query shapes (docs/query-plans.md) for one
 * seeded account, on the database the server would use (DATABASE_URL, else DATA_DIR):
 * median execution time (EXPLAIN's and wall) over --runs warm runs, and one plan.
 * `DATABASE_URL=postgres://... npm run bench -- plans --email big@plans.local [--only walk]`
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string', default: 'big@plans.local' },
    runs: { type: 'string', default: '5' },
    only: { type: 'string' },
  },
});

interface Context {
  account: string;
  since: Date;
  since30: Date;
  cursorAt: Date;
  cursorId: string;
  athlete: string;
}

/**
 * Board rows of event type 1 (linear sprint, 40 yd = 36576 mm), mistimed runs left out:
 * both board indexes are partial `where not implausible` (migration 005), so every
 * board query says so.
 */
const board = (c: Context) =>
  sql`account_id = ${c.account} and event_type_id = 1 and distance_mm = 36576 and not implausible`;

const split = (c: Context, mm: number, extra = sql``) => sql`
  select b.*, a.first_name, a.last_name from (
    select athlete_id, split_ms, recorded_at, lane_id from result_splits s
    where ${board(c)} and split_distance_mm = ${mm} ${extra} order by split_ms limit 5
  ) b join athletes a on a.id = b.athlete_id order by b.split_ms`;

/** The distinct board as an index walk: each step takes the best row of an athlete not yet on it. */
const walk = (c: Context, extra = sql``) => sql`
  with recursive walk as (
    (select athlete_id, result, recorded_at, lane_id, array[athlete_id] as seen
     from results where ${board(c)} ${extra} order by result limit 1)
    union all
    select n.athlete_id, n.result, n.recorded_at, n.lane_id, w.seen || n.athlete_id
    from walk w cross join lateral (
      select athlete_id, result, recorded_at, lane_id from results
      where ${board(c)} ${extra} and result >= w.result and athlete_id <> all (w.seen)
      order by result limit 1) n
    where cardinality(w.seen) < 5)
  select athlete_id, result, recorded_at, lane_id from walk`;

const distinctOn = (c: Context, extra = sql``) => sql`
  select * from (select distinct on (athlete_id) athlete_id, result, recorded_at, lane_id
    from results where ${board(c)} ${extra} order by athlete_id, result) b
  order by result limit 5`;

const page = (where: RawBuilder<unknown>, tail = sql``) => sql`
  select r.id, r.recorded_at, r.event_type_id, r.distance_mm, r.result, r.lane_id,
    a.first_name, a.last_name
  from results r join athletes a on a.id = r.athlete_id
  where ${where} order by r.recorded_at desc, r.id desc limit 20 ${tail}`;

const typeWhere = (c: Context) => sql`r.account_id = ${c.account} and r.event_type_id = 1`;

const queries: Record<string, (c: Context) => RawBuilder<unknown>> = {
  'split-10yd': (c) => split(c, 9144),
  'split-20yd': (c) => split(c, 18288),
  'split-40yd': (c) => split(c, 36576),
  walk: (c) => walk(c),
  'distinct-on': (c) => distinctOn(c),
  'walk-365d': (c) => walk(c, sql`and recorded_at >= ${c.since}`),
  'walk-30d': (c) => walk(c, sql`and recorded_at >= ${c.since30}`),
  'distinct-on-365d': (c) => distinctOn(c, sql`and recorded_at >= ${c.since}`),
  'board-365d': (c) => sql`select athlete_id, result, recorded_at, lane_id from results
      where ${board(c)} and recorded_at >= ${c.since} order by result limit 5`,
  'page-1': (c) => page(typeWhere(c)),
  // ResultAsc over all distances of an event type: results_type_result (migration 005).
  'result-sort-page-1': (c) => sql`
      select r.id, r.recorded_at, r.distance_mm, r.result, a.first_name, a.last_name
      from results r join athletes a on a.id = r.athlete_id
      where ${typeWhere(c)} order by r.result, r.id limit 20`,
  'capped-count': (c) => sql`select count(*) from (select 1 from results r
      where ${typeWhere(c)} limit 10001) t`,
  'keyset-deep': (c) =>
    page(sql`${typeWhere(c)} and (r.recorded_at, r.id) < (${c.cursorAt}, ${c.cursorId})`),
  'offset-10000': (c) => page(typeWhere(c), sql`offset 10000`),
  'program-page-1': (c) => page(sql`r.account_id = ${c.account} and r.program = 'gamespeed'`),
  'athlete-history': (c) => sql`
      select r.id, r.recorded_at, r.distance_mm, r.result, s.split_distance_mm, s.split_ms
      from results r left join result_splits s on s.result_id = r.id
      where r.athlete_id = ${c.athlete} and r.event_type_id = 1 and r.account_id = ${c.account}
      order by r.recorded_at, s.split_distance_mm`,
  'name-prefix': (c) => sql`select id, first_name, last_name from athletes
      where account_id = ${c.account} and last_name_key like 'smi%'
      order by last_name_key desc, id desc limit 20`,
  'name-sort-page-1': (c) => sql`select id, first_name, last_name from athletes
      where account_id = ${c.account} order by last_name_key desc, id desc limit 20`,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const handle = await openDatabase(loadConfig());
  const { db } = handle;
  try {
    const one = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows[0]!;
    const { id: account } = await one(
      sql<{ id: string }>`select id from users where email = ${values.email}`,
    );
    const { until } = await one(sql<{ until: Date }>`
      select max(recorded_at) as until from results where account_id = ${account}`);
    const daysBefore = (days: number) => new Date(until.getTime() - days * 86_400_000);
    const cursor = await one(sql<{ recorded_at: Date; id: string }>`
      select recorded_at, id from results where account_id = ${account} and event_type_id = 1
      order by recorded_at desc, id desc offset 10000 limit 1`);
    const { athlete_id: athlete } = await one(sql<{ athlete_id: string }>`
      select athlete_id from results where account_id = ${account} and event_type_id = 1
      group by athlete_id order by count(*) desc limit 1`);
    const c: Context = {
      account,
      since: daysBefore(365),
      since30: daysBefore(30),
      cursorAt: cursor.recorded_at,
      cursorId: cursor.id,
      athlete,
    };
    console.log(
      `${handle.engine}, account ${account}, since ${c.since.toISOString()}, athlete ${athlete}`,
    );
    const runs = Number(values.runs);
    const summary: string[] = [];
    for (const [name, build] of Object.entries(queries)) {
      if (values.only && !values.only.split(',').includes(name)) continue;
      const explain = sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${build(c)}`;
      await explain.execute(db); // warm
      const exec: number[] = [];
      const wall: number[] = [];
      let plan = '';
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const { rows } = await explain.execute(db);
        wall.push(performance.now() - started);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        exec.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
      }
      const ms = (x: number) => x.toFixed(2).padStart(8);
      const line = `${name.padEnd(22)} exec ${ms(median(exec))} ms  wall ${ms(median(wall))} ms  (exec min ${ms(Math.min(...exec))}, max ${ms(Math.max(...exec))})`;
      summary.push(line);
      console.log(`\n=== ${line}\n${plan}`);
    }
    console.log(`\nmedians of ${runs} warm runs (${handle.engine}):\n${summary.join('\n')}`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
