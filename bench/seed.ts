import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { migrations } from '../server/db/migrations';
import { seedAccount } from '../server/seed/seed';
import { benchStore, type Engine } from './lib/database';

/**
 * Times the seed command's load into a fresh embedded database (temp DATA_DIR) and into a
 * fresh PostgreSQL database (created on the server of BENCH_DATABASE_URL or DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test, and dropped afterwards).
 * `npm run bench -- seed --results 1000000 --athletes 10000 --engines pglite,postgresql`
 */
const { values } = parseArgs({
  options: {
    results: { type: 'string', default: '1000000' },
    athletes: { type: 'string', default: '10000' },
    engines: { type: 'string', default: 'pglite,postgresql' },
    seed: { type: 'string', default: '1' },
  },
});
const results = Number(values.results);
const athletes = Number(values.athletes);

interface Figures {
  engine: string;
  openAndMigrateS: number;
  seedS: number;
  rowsPerS: number;
  splits: number;
  size: string;
}

async function bench(engine: Engine): Promise<Figures> {
  const store = await benchStore(engine, 'seed');
  const { dataDir, databaseUrl, admin } = store;
  try {
    let started = performance.now();
    const handle = await openDatabase({ databaseUrl, dataDir });
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const openAndMigrateS = (performance.now() - started) / 1000;
    started = performance.now();
    const log = (message: string) => console.log(`  ${engine}: ${message}`);
    const summary = await seedAccount(handle.db, {
      email: 'bench@example.org',
      password: 'bench-password',
      athletes,
      results,
      seed: Number(values.seed),
      log,
    });
    const seedS = (performance.now() - started) / 1000;
    let size: string;
    if (admin) {
      const { rows } = await sql<{
        size: string;
      }>`select pg_size_pretty(pg_database_size(current_database())) as size`.execute(handle.db);
      size = rows[0]!.size;
      await handle.close();
    } else {
      await handle.close(); // flushes PGlite's files before we measure them
      size = execFileSync('du', ['-sh', path.join(dataDir, 'pglite')], { encoding: 'utf8' }).split(
        '\t',
      )[0]!;
    }
    const rowsPerS = Math.round((summary.results + summary.splits) / seedS);
    return { engine, openAndMigrateS, seedS, rowsPerS, splits: summary.splits, size };
  } finally {
    await store.cleanup();
  }
}

async function main(): Promise<void> {
  console.log(
    `Seeding ${results} results for ${athletes} athletes (node ${process.version}, ${os.cpus().length} cpus)`,
  );
  const figures: Figures[] = [];
  for (const engine of values.engines.split(',') as Engine[]) figures.push(await bench(engine));
  console.log('\nengine      open+migrate  seed     results+splits/s  splits     size');
  for (const f of figures) {
    console.log(
      `${f.engine.padEnd(11)} ${f.openAndMigrateS.toFixed(1).padStart(8)} s  ${f.seedS.toFixed(1).padStart(5)} s  ` +
        `${String(f.rowsPerS).padStart(12)}      ${String(f.splits).padEnd(10)} ${f.size}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
