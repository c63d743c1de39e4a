import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { mintAccessToken } from '../__tests__/server/identity/mint-token';
import { MAX_RESULT_OFFSET, RESULT_COUNT_CAP, ResultListQuery } from '../contract/event-query';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { refreshStatistics } from '../server/db/statistics';
import { Random } from '../server/seed/random';
import { SEED_TABLES } from '../server/seed/seed';
import { explainStatements, resultListStatements, rowsRead } from './combos/explain';
import {
  combinations,
  pagesOf,
  parseQuery,
  sortsOf,
  type Params,
  type TableSpec,
} from './combos/generate';
import { loadResultAnchors, resultTableSpecs } from './combos/results-tables';
import { keptStore, seedOnce, type BenchStore } from './lib/database';
import { machine } from './lib/machine';
import { limitedMember, serve, type Served } from './lib/server';
import { seedBenchData, sizesOf } from './results-read/data';

/**
 * Every filter combination of the tables, generated from the contract's query schemas
 * (bench/combos/generate.ts): for each results-table variant, the filters alone, every
 * pair, a seeded sample of triples and all together, x every sort x the first, middle
 * and last page, over HTTP (buildApp on loopback, one request at a time) against one
 * seeded account (by default the demo account's size: 400 athletes, 30,000 results).
 * Prints p50/p95 per case, how many are over the target and the worst ten per engine;
 * figures in bench/results/combos-<engine>.json.
 * `npm run bench -- combos [--engines postgresql,pglite] [--results 30000] [--athletes 400]
 *   [--others 0] [--sample N] [--triples 40] [--runs 3] [--tables regex] [--only regex]
 *   [--stats vacuum|server|none] [--keep] [--reuse] [--database NAME] [--data-dir DIR]
 *   [--quiet] [--explain QUERY]`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgresql,pglite' },
    results: { type: 'string', default: '30000' },
    athletes: { type: 'string', default: '400' },
    /** Results in other accounts (1,000,000 results in the account + 2,000,000 here: the target's size). */
    others: { type: 'string', default: '0' },
    'other-accounts': { type: 'string', default: '200' },
    /** At most this many combinations per table, drawn at random (seeded); all by default. */
    sample: { type: 'string' },
    triples: { type: 'string', default: '40' },
    /** Timed requests per case, after one warm-up. */
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    /** Only the tables (`results/gamespeed`, ...) and cases (`<table> <filters> <sort> p<n>`) that match. */
    tables: { type: 'string' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    /** The PostgreSQL database (default splitline_bench_combos) and PGlite directory to use. */
    database: { type: 'string' },
    'data-dir': { type: 'string' },
    /**
     * The statistics after seeding: `vacuum` (VACUUM (ANALYZE) of the tables, the steady
     * state), `server` (what the server does after it creates the demo account:
     * server/db/statistics.ts), `none` (the demo account as the server left it before).
     */
    stats: { type: 'string', default: 'vacuum' },
    /**
     * Who asks: the account's `owner`, or a coach of its workspace `limited` to one roster
     * (the largest; `--roster ID` another), whose lists the server narrows to it (issue 34).
     */
    as: { type: 'string', default: 'owner' },
    roster: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    /**
     * A query string of GET /api/event (`lastNameQuery=kutch&eventTypeId=1&sort=None`):
     * print EXPLAIN (ANALYZE, BUFFERS) of each statement the route runs for it instead.
     */
    explain: { type: 'string' },
    /**
     * Count instead of time: each case's statements as EXPLAIN (ANALYZE, TIMING OFF) and
     * the rows they read from `results` (what a plan touches, whatever the machine's load).
     */
    rows: { type: 'boolean', default: false },
  },
});
const EMAIL = 'coach@bench-combos.local';
const UNTIL = new Date('2026-11-20T00:00:00Z');
const PAGE_SIZE = 20;
/** p95 targets (ms) per engine; no single request over 3x. */
const TARGETS = { postgresql: 30, pglite: 90 } as const;
/** A case whose warm-up takes this many times the target is timed once more, not `runs` times. */
const PATIENCE = 10;
type Engine = keyof typeof TARGETS;

interface Figure {
  table: string;
  filters: string;
  sort: string;
  page: number;
  query: string;
  p50: number;
  p95: number;
  max: number;
  total: string;
  /** --rows: the rows of `results` the case's statements read (all of them, the most of one). */
  rowsRead?: number;
  rowsReadOne?: number;
}

async function prepare(engine: Engine): Promise<BenchStore> {
  const store = await keptStore(engine, 'combos', values);
  await seedOnce(store, EMAIL, async (db) => {
    const started = performance.now();
    await seedBenchData(db, {
      email: EMAIL,
      ...sizesOf(values),
      until: UNTIL,
      // The demo account's seed and rosters (server/seed/demo.ts).
      seed: 2024,
      rosters: 6,
      vacuum: values.stats === 'vacuum',
      log: (message) => console.log(`  ${message}`),
    });
    if (values.stats === 'server') {
      await refreshStatistics(db, {
        tables: SEED_TABLES,
        log: (m) => console.log(`  ${m}`),
      });
    } else if (values.stats !== 'vacuum' && values.stats !== 'none') {
      throw new Error(`--stats ${values.stats}: vacuum, server or none`);
    }
    console.log(
      `${engine}: seeded (statistics: ${values.stats}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  });
  return store;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return search.toString();
}

async function explain(engine: Engine, text: string): Promise<void> {
  const prepared = await prepare(engine);
  const handle = await openDatabase(prepared);
  try {
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    const query = parseQuery(ResultListQuery, text) as ResultListQuery;
    const limits = { countCap: RESULT_COUNT_CAP };
    const statements = await resultListStatements(handle.db, user.id, query, limits);
    // Once to warm the caches, then the plans.
    await explainStatements(handle.db, statements, 'analyze');
    for (const s of await explainStatements(handle.db, statements, 'analyze, buffers')) {
      console.log(`\n${engine}: ${s.sql}\n  ${JSON.stringify(s.parameters)}`);
      console.log((s.plan as string[]).join('\n'));
    }
  } finally {
    await handle.close();
    await prepared.cleanup();
  }
}

async function run(engine: Engine): Promise<Figure[]> {
  const prepared = await prepare(engine);
  const figures: Figure[] = [];
  let accountResults = 0;
  let served: Served | undefined;
  try {
    served = await serve(prepared, { env: { LOG_LEVEL: 'silent' } });
    const { app, base } = served;
    const user = await app.db
      .selectFrom('users')
      .select(['id', 'auth_subject'])
      .where('email', '=', EMAIL)
      .executeTakeFirstOrThrow();
    let headers: Record<string, string>;
    let anchors = await loadResultAnchors(app.db, user.id);
    if (values.as === 'limited') {
      const roster = values.roster ? Number(values.roster) : await largestRoster(app.db, user.id);
      ({ headers } = await limitedMember(served, {
        workspaceId: user.id,
        rosterIds: [roster],
        expiresIn: 6 * 3600,
      }));
      // What the member can find: their roster's athletes' results.
      anchors = anchors
        .filter((a) => a.rosterIds.includes(roster))
        .map((a) => ({ ...a, rosterIds: [roster] }));
      console.log(`${engine}: as a coach limited to roster ${roster} (${anchors.length} anchors)`);
    } else if (values.as === 'owner') {
      const token = await mintAccessToken(app, { sub: user.auth_subject, expiresIn: 6 * 3600 });
      headers = { authorization: `Bearer ${token}` };
    } else {
      throw new Error(`--as ${values.as}: owner or limited`);
    }
    accountResults = Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from results where account_id = ${user.id}`.execute(app.db)
      ).rows[0]!.n,
    );
    const tables = values.tables ? new RegExp(values.tables) : undefined;
    const only = values.only ? new RegExp(values.only) : undefined;
    const specs: TableSpec<unknown>[] = (resultTableSpecs(anchors) as TableSpec<unknown>[]).filter(
      (spec) => !tables || tables.test(spec.name),
    );
    const runs = Number(values.runs);
    const target = TARGETS[engine];
    const seed = Number(values.seed);

    const get = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as { totalCount?: number; totalCountCapped?: boolean };
      const ms = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
      return { ms, body };
    };

    for (const spec of specs) {
      let combos = combinations(spec, { seed, triples: Number(values.triples) });
      if (values.sample && combos.length > Number(values.sample)) {
        combos = new Random(seed).sample(combos, Number(values.sample));
      }
      const sorts = sortsOf(spec);
      console.log(
        `\n${engine}: ${spec.name}: ${combos.length} combinations x ${sorts.length} sorts x up to 3 pages`,
      );
      for (const combo of combos) {
        for (const sort of sorts) {
          const params = { ...combo.params, [spec.sort]: sort, [spec.page]: 1 };
          const name = `${spec.name} ${combo.filters} ${sort}`;
          if (only && !only.test(name) && !only.test(`${name} p1`)) continue;
          // Page 1 once more than the others: its first request tells the count.
          const first = await get(`${base}${spec.path}?${queryString(params)}`);
          const total = first.body.totalCount ?? 0;
          const capped = first.body.totalCountCapped ?? false;
          for (const page of pagesOf(total, PAGE_SIZE, MAX_RESULT_OFFSET)) {
            const caseName = `${name} p${page}`;
            if (only && !only.test(caseName)) continue;
            const query = queryString({ ...params, [spec.page]: page });
            const url = `${base}${spec.path}?${query}`;
            if (values.rows) {
              const read = await rowsOf(app.db, user.id, query);
              figures.push({
                table: spec.name,
                filters: combo.filters,
                sort: String(sort),
                page,
                query,
                p50: 0,
                p95: 0,
                max: 0,
                total: `${total}${capped ? '+' : ''}`,
                rowsRead: read.all,
                rowsReadOne: read.most,
              });
              continue;
            }
            const warm = page === 1 ? first.ms : (await get(url)).ms;
            const times: number[] = [];
            const n = warm > PATIENCE * target ? 1 : runs;
            for (let i = 0; i < n; i++) times.push((await get(url)).ms);
            times.sort((a, b) => a - b);
            const figure: Figure = {
              table: spec.name,
              filters: combo.filters,
              sort: String(sort),
              page,
              query,
              p50: quantile(times, 0.5),
              p95: quantile(times, 0.95),
              max: Math.max(warm, times[times.length - 1]!),
              total: `${total}${capped ? '+' : ''}`,
            };
            figures.push(figure);
            if (!values.quiet || figure.p95 > target) {
              console.log(
                `  ${caseName.padEnd(64)} p50 ${figure.p50.toFixed(1).padStart(7)}  p95 ${figure.p95.toFixed(1).padStart(7)} ms  total ${figure.total}`,
              );
            }
          }
        }
      }
    }
  } finally {
    await served?.app.close();
    await prepared.cleanup();
  }
  if (values.rows) reportRows(engine, figures, accountResults);
  else report(engine, figures);
  return figures;
}

/** The account's roster with the most athletes. */
async function largestRoster(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('roster_athletes as ra')
    .innerJoin('rosters as r', 'r.id', 'ra.roster_id')
    .where('r.account_id', '=', accountId)
    .groupBy('ra.roster_id')
    .select(['ra.roster_id', (eb) => eb.fn.countAll<string>().as('n')])
    .orderBy('n', 'desc')
    .orderBy('ra.roster_id')
    .executeTakeFirstOrThrow();
  return Number(row.roster_id);
}

/** The rows of `results` that the statements of `GET /api/event?<query>` read. */
async function rowsOf(db: Kysely<Database>, accountId: string, query: string) {
  const parsed = parseQuery(ResultListQuery, query) as ResultListQuery;
  const statements = await resultListStatements(db, accountId, parsed, {
    countCap: RESULT_COUNT_CAP,
  });
  const plans = await explainStatements(db, statements, 'analyze, timing off, format json');
  const reads = plans.map((p) => rowsRead(p.plan, 'results'));
  return {
    all: Math.round(reads.reduce((a, b) => a + b, 0)),
    most: Math.round(Math.max(0, ...reads)),
  };
}

function reportRows(engine: Engine, figures: readonly Figure[], accountResults: number): void {
  const share = (f: Figure) => (f.rowsReadOne ?? 0) / accountResults;
  const half = figures.filter((f) => share(f) >= 0.5);
  const tenth = figures.filter((f) => share(f) >= 0.1);
  console.log(
    `\n${engine}: ${figures.length} cases; a statement read >= 10 % of the account's ${accountResults} results in ${tenth.length}, >= 50 % in ${half.length}`,
  );
  console.log(`${engine}: the ten that read the most (one statement):`);
  for (const f of [...figures]
    .sort((a, b) => (b.rowsReadOne ?? 0) - (a.rowsReadOne ?? 0))
    .slice(0, 10)) {
    console.log(
      `  ${String(f.rowsReadOne).padStart(8)} rows (all statements ${f.rowsRead})  ${f.table} ?${f.query} (total ${f.total})`,
    );
  }
  const outDir = path.join(__dirname, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `combos-rows-${engine}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ engine, accountResults, options: values, figures }, null, 1),
  );
  console.log(`${engine}: figures in ${file}`);
}

function report(engine: Engine, figures: readonly Figure[]): void {
  const target = TARGETS[engine];
  const over = figures.filter((f) => f.p95 > target);
  const spikes = figures.filter((f) => f.max > 3 * target);
  // Ranked by p50: with a few runs a case, p95 is the slowest request, which a pause of
  // a shared machine decides as often as the plan.
  const sorted = [...figures].sort((a, b) => b.p50 - a.p50);
  const p50s = figures.map((f) => f.p50).sort((a, b) => a - b);
  console.log(
    `\n${engine}: ${figures.length} cases; median p50 ${quantile(p50s, 0.5).toFixed(1)} ms; ` +
      `${over.length} over the target (p95 > ${target} ms), ${spikes.length} with a request over ${3 * target} ms`,
  );
  const byTable = new Map<string, { n: number; over: number; worst: number }>();
  for (const f of figures) {
    const t = byTable.get(f.table) ?? { n: 0, over: 0, worst: 0 };
    t.n++;
    if (f.p95 > target) t.over++;
    t.worst = Math.max(t.worst, f.p95);
    byTable.set(f.table, t);
  }
  for (const [table, t] of byTable) {
    console.log(
      `  ${table.padEnd(24)} ${String(t.n).padStart(5)} cases, ${String(t.over).padStart(4)} over, worst p95 ${t.worst.toFixed(1)} ms`,
    );
  }
  console.log(`${engine}: the worst ten (by p50):`);
  for (const f of sorted.slice(0, 10)) {
    console.log(
      `  p50 ${f.p50.toFixed(1).padStart(7)}  p95 ${f.p95.toFixed(1).padStart(7)} ms  ${f.table} ?${f.query} (total ${f.total})`,
    );
  }
  const outDir = path.join(__dirname, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(
    outDir,
    `combos-${engine}${values.as === 'owner' ? '' : `-${values.as}`}.json`,
  );
  fs.writeFileSync(
    file,
    JSON.stringify({ engine, target, load: os.loadavg(), options: values, figures }, null, 1),
  );
  console.log(`${engine}: figures in ${file}`);
}

async function main(): Promise<void> {
  console.log(machine());
  for (const engine of values.engines.split(',') as Engine[]) {
    if (!(engine in TARGETS)) throw new Error(`unknown engine ${engine}`);
    if (values.explain !== undefined) await explain(engine, values.explain);
    else await run(engine);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
