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
import { vacuumProfileTables } from '../server/profile';
import { Random } from '../server/seed/random';
import { SEED_TABLES } from '../server/seed/seed';
import { athleteTableSpecs, loadAthleteAnchors } from './combos/athlete-tables';
import { explainStatements, resultListStatements, rowsRead } from './combos/explain';
import {
  combinations,
  pagesOf,
  parseQuery,
  sortsOf,
  type Params,
  type TableSpec,
} from './combos/generate';
import { historicalTableSpecs } from './combos/historical-table';
import { loadProfileAnchors, profileTableSpecs } from './combos/profile-tables';
import { loadResultAnchors, resultTableSpecs } from './combos/results-tables';
import { loadTeamDayAnchors, teamTableSpecs } from './combos/team-table';
import { keptStore, seedOnce, type BenchStore, type Engine } from './lib/database';
import { machine } from './lib/machine';
import { limitedMember, serve, type Served } from './lib/server';
import { seedBenchData, sizesOf } from './results-read/data';

/**
 * Every filter combination of the tables, generated from the contract's query schemas
 * (bench/combos/generate.ts): for each table (the results tables' variants, the athletes,
 * the profiles and the individual reports, the team report, an athlete's history:
 * `TABLES` below), the filters alone, every pair, a seeded sample of triples and all
 * together, x every sort x the first, middle and last page (a table without sort or
 * pages: once), over HTTP (buildApp on loopback, one request at a time) against one
 * seeded account (by default the demo account's size: 400 athletes, 30,000 results, the
 * profiles the seed builds from its EAPI days). Prints p50/p95 per case, how many are
 * over their table's target and the worst ten per engine; figures in
 * bench/results/combos-<engine>.json.
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
    /**
     * Only the tables (`results/gamespeed`, `athletes`, `profiles`, `report/eapi/team`,
     * `historical`, ...) and cases (`<table> <filters> <sort> p<n>`) that match.
     */
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
     * The results tables only (the others are skipped).
     */
    rows: { type: 'boolean', default: false },
  },
});
const EMAIL = 'coach@bench-combos.local';
const UNTIL = new Date('2026-11-20T00:00:00Z');
const PAGE_SIZE = 20;
/** A case whose warm-up takes this many times the target is timed once more, not `runs` times. */
const PATIENCE = 10;
const ENGINES: readonly Engine[] = ['postgresql', 'pglite'];

/** Rows the anchors of every table have: a roster filter's values. */
interface Anchor {
  rosterIds: number[];
}

/** A family of tables that share their anchors and targets. */
interface Tables {
  /** The specs, their anchors on `roster` only when given (a limited coach's). */
  specs(db: Kysely<Database>, accountId: string, roster?: number): Promise<TableSpec<unknown>[]>;
  /** p95 targets (ms) per engine (docs/performance.md); no single request over 3x. */
  targets: Record<Engine, number>;
  /** Pages by number reach this many rows in at most. */
  maxOffset?: number;
  /** --rows: the rows of `results` that a query string's statements read. */
  rows?: (db: Kysely<Database>, accountId: string, query: string) => Promise<RowsRead>;
}

interface RowsRead {
  /** Of all the statements, of the one that read the most. */
  all: number;
  most: number;
}

function tables<A extends Anchor>(
  load: (db: Kysely<Database>, accountId: string) => Promise<A[]>,
  specs: (anchors: readonly A[]) => TableSpec<A>[],
  options: Omit<Tables, 'specs'>,
): Tables {
  return {
    ...options,
    specs: async (db, accountId, roster) => {
      let anchors = await load(db, accountId);
      if (roster !== undefined) {
        // What a coach limited to the roster finds: its athletes' rows.
        anchors = anchors
          .filter((a) => a.rosterIds.includes(roster))
          .map((a) => ({ ...a, rosterIds: [roster] }));
      }
      return specs(anchors) as TableSpec<unknown>[];
    },
  };
}

const TABLES: Tables[] = [
  tables(loadResultAnchors, resultTableSpecs, {
    targets: { postgresql: 30, pglite: 90 },
    maxOffset: MAX_RESULT_OFFSET,
    rows: rowsOf,
  }),
  tables(loadAthleteAnchors, athleteTableSpecs, { targets: { postgresql: 15, pglite: 40 } }),
  tables(loadProfileAnchors, profileTableSpecs, { targets: { postgresql: 20, pglite: 60 } }),
  tables(loadTeamDayAnchors, teamTableSpecs, { targets: { postgresql: 20, pglite: 60 } }),
  tables(loadResultAnchors, historicalTableSpecs, { targets: { postgresql: 15, pglite: 45 } }),
];

interface Figure {
  table: string;
  filters: string;
  sort?: string;
  page?: number;
  query: string;
  /** The table's p95 target on this engine (ms). */
  target: number;
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
    if (values.stats === 'vacuum') {
      // seedBenchData vacuums the results' tables; the seed built the profiles too.
      for (const statement of vacuumProfileTables()) await statement.execute(db);
    } else if (values.stats === 'server') {
      await refreshStatistics(db, {
        tables: SEED_TABLES,
        log: (m) => console.log(`  ${m}`),
      });
    } else if (values.stats !== 'none') {
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
    let roster: number | undefined;
    if (values.as === 'limited') {
      roster = values.roster ? Number(values.roster) : await largestRoster(app.db, user.id);
      ({ headers } = await limitedMember(served, {
        workspaceId: user.id,
        rosterIds: [roster],
        expiresIn: 6 * 3600,
      }));
      console.log(`${engine}: as a coach limited to roster ${roster}`);
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
    const tableFilter = values.tables ? new RegExp(values.tables) : undefined;
    const only = values.only ? new RegExp(values.only) : undefined;
    const runs = Number(values.runs);
    const seed = Number(values.seed);

    const get = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as {
        totalCount?: number;
        totalCountCapped?: boolean;
        /** A history's results. */
        results?: unknown[];
      };
      const ms = performance.now() - started;
      if (response.status !== 200)
        throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
      return { ms, body };
    };

    for (const set of TABLES) {
      const target = set.targets[engine];
      const specs = (await set.specs(app.db, user.id, roster)).filter(
        (spec) => !tableFilter || tableFilter.test(spec.name),
      );
      for (const spec of specs) {
        if (values.rows && !set.rows) {
          console.log(`\n${engine}: ${spec.name}: skipped (--rows counts the results tables only)`);
          continue;
        }
        let combos = combinations(spec, { seed, triples: Number(values.triples) });
        if (values.sample && combos.length > Number(values.sample)) {
          combos = new Random(seed).sample(combos, Number(values.sample));
        }
        const sorts = spec.sort === undefined ? [undefined] : sortsOf(spec);
        console.log(
          `\n${engine}: ${spec.name}: ${combos.length} combinations x ${sorts.length} sorts x ` +
            `${spec.page === undefined ? '1 page' : 'up to 3 pages'} (${spec.anchors.length} anchors; target p95 ${target} ms)`,
        );
        for (const combo of combos) {
          for (const sort of sorts) {
            const params = { ...combo.params };
            if (spec.sort !== undefined && sort !== undefined) params[spec.sort] = sort;
            if (spec.page !== undefined) params[spec.page] = 1;
            const name = [spec.name, combo.filters, sort].filter((s) => s !== undefined).join(' ');
            const nameOf = (page: number | undefined) =>
              page === undefined ? name : `${name} p${page}`;
            const firstPage = spec.page === undefined ? undefined : 1;
            if (only && !only.test(name) && !only.test(nameOf(firstPage))) continue;
            // Page 1 once more than the others: its first request tells the count.
            const first = await get(`${base}${spec.path}?${queryString(params)}`);
            const total = first.body.totalCount ?? first.body.results?.length ?? 0;
            const capped = first.body.totalCountCapped ?? false;
            const pages =
              spec.page === undefined
                ? [undefined]
                : pagesOf(total, PAGE_SIZE, set.maxOffset ?? Number.POSITIVE_INFINITY);
            for (const page of pages) {
              const caseName = nameOf(page);
              if (only && !only.test(caseName)) continue;
              const query = queryString(
                spec.page === undefined ? params : { ...params, [spec.page]: page! },
              );
              const url = `${base}${spec.path}?${query}`;
              const figure: Figure = {
                table: spec.name,
                filters: combo.filters,
                ...(sort === undefined ? {} : { sort: String(sort) }),
                ...(page === undefined ? {} : { page }),
                query,
                target,
                p50: 0,
                p95: 0,
                max: 0,
                total: `${total}${capped ? '+' : ''}`,
              };
              if (values.rows && set.rows) {
                const read = await set.rows(app.db, user.id, query);
                figures.push({ ...figure, rowsRead: read.all, rowsReadOne: read.most });
                continue;
              }
              const warm = page === firstPage ? first.ms : (await get(url)).ms;
              const times: number[] = [];
              const n = warm > PATIENCE * target ? 1 : runs;
              for (let i = 0; i < n; i++) times.push((await get(url)).ms);
              times.sort((a, b) => a - b);
              figure.p50 = quantile(times, 0.5);
              figure.p95 = quantile(times, 0.95);
              figure.max = Math.max(warm, times[times.length - 1]!);
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
async function rowsOf(db: Kysely<Database>, accountId: string, query: string): Promise<RowsRead> {
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
  if (figures.length === 0) {
    console.log(`\n${engine}: no case matched (--tables, --only)`);
    return;
  }
  const over = figures.filter((f) => f.p95 > f.target);
  const spikes = figures.filter((f) => f.max > 3 * f.target);
  // Ranked by p50 (as a share of the table's target): with a few runs a case, p95 is the
  // slowest request, which a pause of a shared machine decides as often as the plan.
  const sorted = [...figures].sort((a, b) => b.p50 / b.target - a.p50 / a.target);
  const p50s = figures.map((f) => f.p50).sort((a, b) => a - b);
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `\n${engine}: ${figures.length} cases; median p50 ${quantile(p50s, 0.5).toFixed(1)} ms; ` +
      `${over.length} over their table's target (p95), ${spikes.length} with a request over 3x; ` +
      `load ${load.join(' ')}`,
  );
  const byTable = new Map<string, { n: number; over: number; worst: number; target: number }>();
  for (const f of figures) {
    const t = byTable.get(f.table) ?? { n: 0, over: 0, worst: 0, target: f.target };
    t.n++;
    if (f.p95 > f.target) t.over++;
    t.worst = Math.max(t.worst, f.p95);
    byTable.set(f.table, t);
  }
  for (const [table, t] of byTable) {
    console.log(
      `  ${table.padEnd(24)} ${String(t.n).padStart(5)} cases, ${String(t.over).padStart(4)} over ${t.target} ms, worst p95 ${t.worst.toFixed(1)} ms`,
    );
  }
  console.log(`${engine}: the worst ten (by p50 against the table's target):`);
  for (const f of sorted.slice(0, 10)) {
    console.log(
      `  p50 ${f.p50.toFixed(1).padStart(7)}  p95 ${f.p95.toFixed(1).padStart(7)} of ${f.target} ms  ${f.table} ?${f.query} (total ${f.total})`,
    );
  }
  const outDir = path.join(__dirname, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(
    outDir,
    `combos-${engine}${values.as === 'owner' ? '' : `-${values.as}`}.json`,
  );
  const targets = Object.fromEntries([...byTable].map(([table, t]) => [table, t.target]));
  fs.writeFileSync(
    file,
    JSON.stringify({ engine, targets, load: os.loadavg(), options: values, figures }, null, 1),
  );
  console.log(`${engine}: figures in ${file}`);
}

async function main(): Promise<void> {
  console.log(machine());
  for (const engine of values.engines.split(',') as Engine[]) {
    if (!ENGINES.includes(engine)) throw new Error(`unknown engine ${engine}`);
    if (values.explain !== undefined) await explain(engine, values.explain);
    else await run(engine);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
