import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { tableCounts } from '../__tests__/server/helpers/table-counts';
import { mintAccessToken } from '../__tests__/server/identity/mint-token';
import { migrateEmbeddedToPostgres } from '../server/backup/migrate-to-postgres';
import type { Database } from '../server/db/schema';
import { benchStore, keptStore, seedOnce } from './lib/database';
import { machine } from './lib/machine';
import { serve, type Served } from './lib/server';
import { BIG_EMAIL, seedBenchData, sizesOf } from './results-read/data';

/**
 * `npm run migrate-to-postgres` at size (issue 36): an embedded installation with
 * `--results` in one account (1,000,000 by default) and `--others` in other accounts is
 * copied into a fresh PostgreSQL database, timed (the backup and the restore apart).
 * Before and after, the server answers the same sample of the account's reads (its
 * tables, first and last page, the board, the history of an athlete); every table's row
 * count is compared. Prints the times and any difference; exits 1 on one.
 * `npm run bench -- migrate [--results 1000000] [--athletes 10000] [--others 0]
 *   [--other-accounts 0] [--data-dir DIR --reuse --keep]`
 */
const { values } = parseArgs({
  options: {
    results: { type: 'string', default: '1000000' },
    athletes: { type: 'string', default: '10000' },
    others: { type: 'string', default: '0' },
    'other-accounts': { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** The reads a coach makes, for the account of BIG_EMAIL: their URLs. */
async function sampleUrls(db: Kysely<Database>, accountId: string): Promise<string[]> {
  const athlete = await db
    .selectFrom('results')
    .select('athlete_id')
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const roster = await db
    .selectFrom('rosters')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return [
    '/api/user',
    '/api/roster',
    '/api/athlete?pageSize=100',
    `/api/athlete?rosterId=${roster.id}&sort=LastNameDesc`,
    '/api/event?pageSize=100',
    '/api/event?pageSize=20&pageNumber=500',
    `/api/event?rosterId=${roster.id}&eventTypeId=1&sort=DateAsc`,
    '/api/leaderboard',
    `/api/leaderboard?rosterId=${roster.id}`,
    `/api/event/historical?athleteId=${athlete.athlete_id}&eventTypeId=1`,
    `/api/athlete/${athlete.athlete_id}`,
    '/api/profile?pageSize=100',
  ];
}

async function answers(served: Served, headers: Record<string, string>, urls: string[]) {
  const out: { url: string; status: number; body: unknown }[] = [];
  for (const url of urls) {
    const response = await fetch(served.base + url, { headers });
    out.push({ url, status: response.status, body: await response.json() });
  }
  return out;
}

async function main(): Promise<void> {
  console.log(`${machine()}; ${values.results} results in the account, ${values.others} in others`);
  const embedded = await keptStore('pglite', 'migrate', values);
  await seedOnce(embedded, BIG_EMAIL, async (db) => {
    const started = performance.now();
    await seedBenchData(db, {
      email: BIG_EMAIL,
      ...sizesOf(values),
      until: new Date('2026-11-20T00:00:00Z'),
      log: (message) => console.log(`  ${message}`),
    });
    console.log(`seeded in ${seconds(started)} s`);
  });
  const target = await benchStore('postgresql', 'migrate');
  let different = 0;
  try {
    // Before: the embedded server's answers and rows.
    let served = await serve(embedded, { env: { LOG_LEVEL: 'silent' } });
    let before: Awaited<ReturnType<typeof answers>>;
    let rowsBefore: Record<string, number>;
    let headers: Record<string, string>;
    let urls: string[];
    try {
      const user = await served.app.db
        .selectFrom('users')
        .select(['id', 'auth_subject'])
        .where('email', '=', BIG_EMAIL)
        .executeTakeFirstOrThrow();
      // Signed with the identity keys in the database, which the move copies: one token
      // for both servers.
      const token = await mintAccessToken(served.app, { sub: user.auth_subject, expiresIn: 3600 });
      headers = { authorization: `Bearer ${token}` };
      urls = await sampleUrls(served.app.db, user.id);
      before = await answers(served, headers, urls);
      rowsBefore = await tableCounts(served.app.db);
    } finally {
      await served.app.close();
    }
    const failed = before.filter((answer) => answer.status !== 200);
    if (failed.length > 0) throw new Error(`before the move: ${JSON.stringify(failed)}`);

    // The move, as `npm run migrate-to-postgres` makes it.
    const moved = await migrateEmbeddedToPostgres(embedded.dataDir, target.databaseUrl!);
    console.log(
      `migrate-to-postgres: ${moved.seconds} s for ${moved.backup.totalRows} rows ` +
        `(backup ${moved.backup.seconds} s, file ${(moved.backup.bytes / 2 ** 20).toFixed(0)} MiB; ` +
        `restore ${moved.restore.seconds} s)`,
    );

    // After: the server on PostgreSQL with the same DATA_DIR.
    served = await serve(
      { dataDir: embedded.dataDir, databaseUrl: target.databaseUrl },
      {
        env: { LOG_LEVEL: 'silent' },
      },
    );
    try {
      const rowsAfter = await tableCounts(served.app.db);
      for (const [table, n] of Object.entries(rowsBefore)) {
        if (rowsAfter[table] !== n) {
          different++;
          console.log(`rows of ${table}: ${n} before, ${rowsAfter[table]} after`);
        }
      }
      const after = await answers(served, headers, urls);
      for (const [i, answer] of after.entries()) {
        if (JSON.stringify(answer) !== JSON.stringify(before[i])) {
          different++;
          console.log(
            `${answer.url}: the answer differs (${before[i]!.status} → ${answer.status})`,
          );
        }
      }
      const tables = Object.keys(rowsBefore).length;
      console.log(
        `compared: ${tables} tables' rows (results ${rowsBefore.results}), ${urls.length} answers: ` +
          `${different === 0 ? 'all the same' : `${different} differ`}`,
      );
    } finally {
      await served.app.close();
    }
  } finally {
    await target.cleanup();
    await embedded.cleanup();
  }
  if (different > 0) process.exitCode = 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
