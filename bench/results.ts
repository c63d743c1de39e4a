import { parseArgs } from 'node:util';
import { keptStore, seedOnce, type BenchStore, type Engine } from './lib/database';
import { machine } from './lib/machine';
import { BIG_EMAIL, seedBenchData, sizesOf } from './results-read/data';
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
const UNTIL = new Date('2026-11-20T00:00:00Z');
const log = (message: string) => console.log(`  ${message}`);

async function prepare(engine: Engine): Promise<BenchStore> {
  // --prepare-only leaves what it seeded for a later --reuse.
  const keep = values.keep || values['prepare-only'];
  const store = await keptStore(engine, 'results', { ...values, keep });
  await seedOnce(store, BIG_EMAIL, async (db) => {
    console.log(`${engine}: seeding`);
    await seedBenchData(db, {
      email: BIG_EMAIL,
      ...sizesOf(values),
      until: UNTIL,
      log,
    });
  });
  return store;
}

async function main(): Promise<void> {
  console.log(machine());
  for (const engine of values.engines.split(',') as Engine[]) {
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
      await prepared.cleanup();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
