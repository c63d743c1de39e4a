import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { topUpSpots } from '../store';
import { ensureSeedAccount } from './account';
import { generateAthletes } from './athletes';
import { beginBulkLoad, endBulkLoad } from './indexes';
import { insertAthletes, insertResults, insertRosters, reserveIds } from './insert';
import { Random } from './random';
import { generateResults } from './results';
import { PROFILE_TABLES } from '../profile';
import { rebuildAccountProfiles } from './profiles';
import { planRosters } from './rosters';

export interface SeedOptions {
  email: string;
  password: string;
  athletes: number;
  results: number;
  /** Same seed (and `until`), same data. */
  seed: number;
  /** End of the three years of results; default today (UTC midnight). */
  until?: Date;
  /** Add to an account that already has results instead of refusing. */
  append?: boolean;
  rosters?: number;
  /**
   * IANA time zone of a new account (users.time_zone; default UTC); an existing account
   * keeps its own. Sessions are stamped in the daytime of the account's zone.
   */
  timeZone?: string;
  /** Above this many results the secondary indexes are rebuilt instead of maintained. */
  bulkThreshold?: number;
  log?: (message: string) => void;
}

export interface SeedSummary {
  accountId: string;
  createdAccount: boolean;
  athletes: number;
  rosters: number;
  results: number;
  splits: number;
  /** The account's athlete profiles after the load (built from its EAPI days). */
  profiles: number;
  seconds: number;
}

/** Thrown when the account already has results and `append` was not asked for. */
export class SeedRefusedError extends Error {
  override name = 'SeedRefusedError';
}

const CHUNK = 20_000;

/**
 * The tables a seed writes, whose statistics are refreshed after it (server/db/statistics.ts):
 * the athletes', the results' (with the bests their triggers keep) and the profiles'.
 */
export const SEED_TABLES = [
  'athletes',
  'rosters',
  'roster_athletes',
  'results',
  'result_splits',
  'board_bests',
  'bests_since',
  'bests_closed',
  ...PROFILE_TABLES,
] as const;
export const DEFAULT_BULK_THRESHOLD = 50_000;

/**
 * Fills one account with generated athletes, rosters and results, in one transaction:
 * a failure or a crash leaves nothing half-written.
 * @example await seedAccount(db, { email: 'coach@x.org', password: 'pw', athletes: 400, results: 30_000, seed: 1 })
 * @throws SeedRefusedError when the account has results already (pass `append`)
 */
/** Athlete spots left to the seeded account after its athletes. */
export const SEED_SPOTS_LEFT = 50;

export async function seedAccount(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<SeedSummary> {
  return db.transaction().execute((trx) => seedInTransaction(trx, options));
}

/** `seedAccount` inside the caller's transaction (for callers that check something first). */
export async function seedInTransaction(
  trx: Kysely<Database>,
  options: SeedOptions,
): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const until = startOfDay(options.until ?? new Date());
  const account = await ensureSeedAccount(trx, options);
  if (account.existingResults > 0 && !options.append) {
    const message = `${options.email} already has ${account.existingResults} results; pass --append to add more.`;
    throw new SeedRefusedError(message);
  }
  // Appending with the same seed must not repeat the same athletes.
  const random = new Random(options.seed + account.existingAthletes * 7919);
  // Class years from the school year `until` is in (it ends in June): nobody has left yet.
  const schoolYearEnd = until.getUTCFullYear() + (until.getUTCMonth() >= 6 ? 1 : 0);
  const numbering = { untilYear: schoolYearEnd, numberFrom: account.existingAthletes + 1 };
  const athletes = generateAthletes(random.fork(), options.athletes, numbering);
  const rosterCount =
    options.rosters ?? Math.min(30, Math.max(6, Math.round(options.athletes / 40)));
  const rosters = planRosters(athletes, rosterCount);
  const resultRandom = random.fork();
  const { accountId } = account;
  const firstAthleteId =
    options.athletes > 0 ? await reserveIds(trx, 'athletes', options.athletes) : 0;
  const athleteId = (index: number) => firstAthleteId + index;
  for (let from = 0; from < athletes.length; from += CHUNK) {
    await insertAthletes(trx, accountId, athletes.slice(from, from + CHUNK), firstAthleteId + from);
  }
  await insertRosters(trx, accountId, rosters, athleteId);
  // The demo account gets what its data needs, and room for 50 more athletes.
  await topUpSpots(trx, accountId, SEED_SPOTS_LEFT, 'Seed: room for more athletes');
  log(`${athletes.length} athletes on ${rosters.length} rosters`);

  const threshold = options.bulkThreshold ?? DEFAULT_BULK_THRESHOLD;
  const bulk = options.results > threshold ? await beginBulkLoad(trx) : undefined;
  const firstResultId = options.results > 0 ? await reserveIds(trx, 'results', options.results) : 0;
  const plan = {
    count: options.results,
    until: until.getTime(),
    chunkSize: CHUNK,
    timeZone: account.timeZone,
  };
  let [written, splits] = [0, 0];
  for (const chunk of generateResults(resultRandom, athletes, plan)) {
    const clientId = (i: number) => `seed-${account.existingResults + written + i + 1}`;
    splits += await insertResults(trx, accountId, chunk, {
      firstId: firstResultId + written,
      athleteId,
      clientId,
    });
    written += chunk.length;
    // Through the triggers: statistics of what they probe before the next chunk. Their
    // statements' plans are kept for the session, and the first chunk's were made for an
    // empty bests_since (a new database): the next chunk scanned it whole for each group.
    if (!bulk && written < options.results)
      await sql`analyze bests_since, bests_closed`.execute(trx);
    if (written % 100_000 < CHUNK)
      log(`${written} results, ${splits} splits (${seconds(started)} s)`);
  }
  if (bulk) await endBulkLoad(trx, bulk.triggersSkipped, log, [accountId]);
  // The results went in without the API's per-result profile rebuild: build the account's
  // profiles once, from all of its EAPI results, in this transaction.
  const built = performance.now();
  await rebuildAccountProfiles(trx, accountId);
  const profiles = await countProfiles(trx, accountId);
  log(`${profiles} profiles built in ${seconds(built)} s`);
  const summary = {
    athletes: athletes.length,
    rosters: rosters.length,
    results: written,
    splits,
    profiles,
  };
  return {
    accountId,
    createdAccount: account.created,
    ...summary,
    seconds: Number(seconds(started)),
  };
}

async function countProfiles(trx: Kysely<Database>, accountId: string): Promise<number> {
  const row = await trx
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
