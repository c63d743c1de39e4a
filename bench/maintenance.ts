import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../server/db/connect';
import type { Database } from '../server/db/schema';
import { seedAccount } from '../server/seed/seed';
import { purgeAccount } from '../server/user/purge';

/**
 * What the embedded database's maintenance of the result tables costs (server/event/
 * maintenance.ts): `VACUUM (ANALYZE) results, result_splits, board_bests, bests_since` on a seeded
 * database, as it is (nothing to do), then after `--rows` new results in an account of
 * their own (written with triggers and indexes, as ingest writes them), and `ANALYZE`
 * alone. The account is purged afterwards and the tables vacuumed again. While the
 * statement runs, PGlite answers nothing else.
 * `npm run bench -- maintenance [--data-dir DIR | --database NAME] [--rows 40000]`
 * (default: the data directory `npm run bench -- results --engines pglite --keep` left).
 */
const { values } = parseArgs({
  options: {
    'data-dir': {
      type: 'string',
      default: path.join(os.tmpdir(), 'splitline-bench-results-pglite'),
    },
    database: { type: 'string' },
    rows: { type: 'string', default: '40000' },
  },
});

async function timed(db: Kysely<Database>, label: string, statement: string): Promise<void> {
  const started = performance.now();
  await sql.raw(statement).execute(db);
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
}

async function main(): Promise<void> {
  let databaseUrl: string | undefined;
  if (values.database) {
    const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = `/${values.database}`;
    databaseUrl = url.toString();
  }
  const handle = await openDatabase({ databaseUrl, dataDir: values['data-dir'] });
  const db = handle.db;
  const vacuum = 'vacuum (analyze) results, result_splits, board_bests, bests_since';
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from results`.execute(db);
    console.log(`${databaseUrl ? 'postgresql' : 'pglite'}: ${rows[0]!.n} results`);
    await timed(db, 'vacuum (analyze), nothing written since the last', vacuum);
    await timed(db, 'analyze alone', 'analyze results, result_splits, board_bests, bests_since');
    const added = Number(values.rows);
    const seeded = await seedAccount(db, {
      email: `maintenance.${Date.now()}@bench.local`,
      password: 'Bench-maintenance-1',
      athletes: 400,
      results: added,
      seed: 7,
      bulkThreshold: Number.MAX_SAFE_INTEGER,
    });
    console.log(`  (${added} results written in a new account)`);
    await timed(db, `vacuum (analyze) after ${added} new results`, vacuum);
    await purgeAccount(db, seeded.accountId);
    await sql`delete from users where id = ${seeded.accountId}`.execute(db);
    await timed(db, 'vacuum (analyze) after deleting them again', vacuum);
  } finally {
    await handle.close();
  }
}

void main();
