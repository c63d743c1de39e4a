import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { migrations } from '../server/db/migrations';
import { BIG_EMAIL, seedBenchData } from './results-read/data';
import { explainShapes } from './results-read/explain';
import { measure } from './results-read/measure';

/**
 * The results tables over HTTP (`GET /api/event`, `/api/event/historical`) at 1 M results
 * in one account and 2 M in others: p50/p95 of a matrix of sorts, variants, filters and
 * pages (docs/performance.md), on PostgreSQL (a database of its own on the server of
 * BENCH_DATABASE_URL / DATABASE_URL / postgres://postgres@127.0.0.1:5432/test, created
 * and dropped) and on PGlite (a temporary DATA_DIR).
 * `npm run bench -- results [--engines postgresql,pglite] [--runs 100] [--pglite-runs 10]
 *   [--only regex] [--keep] [--reuse] [--prepare-only] [--explain]`
 */
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgresql,pglite' },
    results: { type: 'string', default: '1000000' },
    athletes: { type: 'string', default: '10000' },
    others: { type: 'string', default: '2000000' },
    'other-accounts': { type: 'string', default: '200' },
    // Requests per case on PostgreSQL: the p95 of 30 is the second slowest, so one pause
    // of the machine decided it; of 100 the fifth (docs/performance.md, session 9).
    runs: { type: 'string', default: '100' },
    'pglite-runs': { type: 'string', default: '10' },
    only: { type: 'string' },
    /** Keep the database / data directory afterwards (for --reuse). */
    keep: { type: 'boolean', default: false },
    /** Use the database / data directory of an earlier --keep run when it is there. */
    reuse: { type: 'boolean', default: false },
    'prepare-only': { type: 'boolean', default: false },
    /** Print EXPLAIN (ANALYZE, BUFFERS) of the key shapes instead of timing over HTTP. */
    explain: { type: 'boolean', default: false },
  },
});
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'splitline_bench_results';
const PGLITE_DIR = path.join(os.tmpdir(), 'splitline-bench-results-pglite');
const UNTIL = new Date('2026-11-20T00:00:00Z');
const log = (message: string) => console.log(`  ${message}`);

interface Prepared {
  engine: 'postgresql' | 'pglite';
  databaseUrl: string | undefined;
  dataDir: string;
  cleanup(): Promise<void>;
}

async function prepare(engine: 'postgresql' | 'pglite'): Promise<Prepared> {
  let databaseUrl: string | undefined;
  let dataDir: string;
  let fresh = true;
  let cleanup: () => Promise<void>;
  if (engine === 'postgresql') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-bench-results-'));
    const admin = await openDatabase({ databaseUrl: serverUrl, dataDir });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_database where datname = ${DATABASE}`.execute(admin.db);
    const exists = (rows[0]?.n ?? 0) > 0;
    if (exists && !values.reuse) await sql`drop database ${sql.id(DATABASE)}`.execute(admin.db);
    if (!exists || !values.reuse) await sql`create database ${sql.id(DATABASE)}`.execute(admin.db);
    else fresh = false;
    await admin.close();
    const url = new URL(serverUrl);
    url.pathname = `/${DATABASE}`;
    databaseUrl = url.toString();
    cleanup = async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (values.keep) return;
      const again = await openDatabase({ databaseUrl: serverUrl, dataDir: os.tmpdir() });
      await sql`drop database if exists ${sql.id(DATABASE)}`.execute(again.db);
      await again.close();
    };
  } else {
    dataDir = PGLITE_DIR;
    if (values.reuse && fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) fresh = false;
    else fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    cleanup = async () => {
      if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const seeded = await handle.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', BIG_EMAIL)
      .executeTakeFirst();
    if (fresh || !seeded) {
      console.log(`${engine}: seeding`);
      await seedBenchData(handle.db, {
        email: BIG_EMAIL,
        results: Number(values.results),
        athletes: Number(values.athletes),
        others: Number(values.others),
        otherAccounts: Number(values['other-accounts']),
        until: UNTIL,
        log,
      });
    } else {
      console.log(`${engine}: reusing the seeded data`);
    }
  } finally {
    await handle.close();
  }
  return { engine, databaseUrl, dataDir, cleanup };
}

async function main(): Promise<void> {
  console.log(
    `node ${process.version}, ${os.cpus().length} cpus, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const engine of values.engines.split(',') as ('postgresql' | 'pglite')[]) {
    const prepared = await prepare(engine);
    try {
      if (values['prepare-only']) continue;
      if (values.explain) {
        await explainShapes(prepared, BIG_EMAIL);
        continue;
      }
      const runs = Number(engine === 'pglite' ? values['pglite-runs'] : values.runs);
      await measure(prepared, { runs, only: values.only, email: BIG_EMAIL });
    } finally {
      if (!values['prepare-only']) await prepared.cleanup();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
