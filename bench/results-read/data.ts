import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { beginBulkLoad, endBulkLoad } from '../../server/seed/indexes';
import { seedAccount, seedInTransaction } from '../../server/seed/seed';

/**
 * The data set of `npm run bench -- results` (bench/results.ts): one big account and many
 * small ones around it, seeded with the seed loader (server/seed/), then a few event
 * aliases on the big account's Game Speed results (the seed writes none), then
 * `VACUUM (ANALYZE)` (the steady state; PGlite never vacuums by itself).
 */
export interface BenchDataOptions {
  email: string;
  results: number;
  athletes: number;
  /** Results spread over `otherAccounts` other accounts, 1 athlete per 100 results. */
  others: number;
  otherAccounts: number;
  until: Date;
  log: (message: string) => void;
  /** The big account's seed (default 1) and rosters (default: the seed loader's). */
  seed?: number;
  rosters?: number;
  /** `VACUUM (ANALYZE)` after the load (default true: the steady state). */
  vacuum?: boolean;
}

/** The sizes of a seed as the command line gives them (`--results`, `--athletes`, ...). */
export function sizesOf(flags: {
  results: string;
  athletes: string;
  others: string;
  'other-accounts': string;
}): Pick<BenchDataOptions, 'results' | 'athletes' | 'others' | 'otherAccounts'> {
  return {
    results: Number(flags.results),
    athletes: Number(flags.athletes),
    others: Number(flags.others),
    otherAccounts: Number(flags['other-accounts']),
  };
}

export const BIG_EMAIL = 'big@bench-results.local';

export async function seedBenchData(
  db: Kysely<Database>,
  options: BenchDataOptions,
): Promise<void> {
  const { log } = options;
  if (options.others > 0 && options.otherAccounts > 0) {
    // One transaction, one index rebuild for all the small accounts.
    const started = performance.now();
    const perAccount = Math.floor(options.others / options.otherAccounts);
    await db.transaction().execute(async (trx) => {
      const bulk = await beginBulkLoad(trx);
      const accounts: string[] = [];
      for (let i = 0; i < options.otherAccounts; i++) {
        const summary = await seedInTransaction(trx, {
          email: `other-${i}@bench-results.local`,
          password: 'bench-password',
          athletes: Math.max(10, Math.round(perAccount / 100)),
          results: perAccount,
          seed: 1000 + i,
          until: options.until,
          bulkThreshold: Number.POSITIVE_INFINITY,
        });
        accounts.push(summary.accountId);
        if ((i + 1) % 20 === 0) log(`${i + 1} other accounts (${seconds(started)} s)`);
      }
      await endBulkLoad(trx, bulk.triggersSkipped, log, accounts);
    });
    log(
      `${options.others} results in ${options.otherAccounts} other accounts in ${seconds(started)} s`,
    );
  }
  const started = performance.now();
  const big = await seedAccount(db, {
    email: options.email,
    password: 'bench-password',
    athletes: options.athletes,
    results: options.results,
    seed: options.seed ?? 1,
    ...(options.rosters === undefined ? {} : { rosters: options.rosters }),
    until: options.until,
    log,
  });
  log(`${big.results} results (${big.splits} splits) in the big account in ${seconds(started)} s`);
  await addAliases(db, big.accountId);
  if (options.vacuum === false) return;
  const vacuumed = performance.now();
  await sql`vacuum (analyze) results, result_splits, board_bests, bests_since, bests_closed, athletes, roster_athletes, rosters, event_aliases`.execute(
    db,
  );
  log(`vacuum (analyze) in ${seconds(vacuumed)} s`);
}

/** Game Speed names for three event types, on every other Game Speed result of those types. */
export async function addAliases(db: Kysely<Database>, accountId: string): Promise<void> {
  const aliases: [typeId: number, name: string, distanceMm: number | null][] = [
    [1, 'GS start 10', 9144],
    [3, 'GS flying 10', 9144],
    [2, 'GS 5-10-5', 18288],
  ];
  for (const [typeId, name, distanceMm] of aliases) {
    const alias = await db
      .insertInto('event_aliases')
      .values({ account_id: accountId, event_type_id: typeId, name, distance_mm: distanceMm })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update results set event_alias_id = ${alias.id}
      where account_id = ${accountId} and program = 'gamespeed' and event_type_id = ${typeId}
        and id % 2 = 0`.execute(db);
  }
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
