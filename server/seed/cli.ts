import { parseArgs } from 'node:util';
import { isTimeZone } from '../event';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { refreshStatistics } from '../db/statistics';
import { SEED_TABLES, SeedRefusedError, seedAccount } from './seed';

/**
 * `npm run seed -- --email coach@example.org --athletes 400 --results 30000`
 * Fills one account with demo data, on the database the server would use (DATABASE_URL,
 * else the embedded one in DATA_DIR; stop the server first: it holds DATA_DIR's lock).
 */
const usage = `Usage: npm run seed -- --email <address> [--athletes 400] [--results 30000]
  [--password <text>] [--seed <int>] [--until YYYY-MM-DD] [--rosters <n>] [--append]
  [--time-zone <IANA zone, for a new account; default UTC>]`;

function options() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      athletes: { type: 'string', default: '400' },
      results: { type: 'string', default: '30000' },
      seed: { type: 'string', default: '1' },
      until: { type: 'string' },
      rosters: { type: 'string' },
      'time-zone': { type: 'string' },
      append: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const count = (name: string, text: string | undefined): number => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 0)
      throw new UsageError(`--${name} must be a whole number, 0 or more (got ${text}).`);
    return value;
  };
  if (values.help) throw new UsageError('');
  if (!values.email?.includes('@')) throw new UsageError('--email <address> is required.');
  const timeZone = values['time-zone'];
  if (timeZone !== undefined && !isTimeZone(timeZone))
    throw new UsageError(
      `--time-zone must be an IANA zone like America/Chicago (got ${timeZone}).`,
    );
  const until = values.until ? new Date(`${values.until}T00:00:00Z`) : undefined;
  if (until && Number.isNaN(until.getTime()))
    throw new UsageError(`--until must be a date like 2025-06-30 (got ${values.until}).`);
  return {
    email: values.email,
    password: values.password ?? 'splitline-demo',
    passwordGiven: values.password !== undefined,
    athletes: count('athletes', values.athletes),
    results: count('results', values.results),
    seed: count('seed', values.seed),
    rosters: values.rosters === undefined ? undefined : count('rosters', values.rosters),
    until,
    timeZone,
    append: values.append,
  };
}

class UsageError extends Error {}

async function main(): Promise<void> {
  const args = options();
  const handle = await openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const log = (message: string) => console.log(`seed: ${message}`);
    const summary = await seedAccount(handle.db, { ...args, log });
    // The planner's statistics for what the seed wrote (server/db/statistics.ts).
    await refreshStatistics(handle.db, { tables: SEED_TABLES, log });
    console.log(
      `seed: ${summary.results} results (${summary.splits} splits), ${summary.athletes} athletes, ${summary.rosters} rosters, ` +
        `${summary.profiles} profiles ` +
        `into ${args.email} on ${handle.engine} in ${summary.seconds} s.`,
    );
    if (summary.createdAccount) {
      console.log(
        `seed: sign in as ${args.email} with ${args.passwordGiven ? 'the given password' : `the password "${args.password}"`}.`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(error.message ? `${error.message}\n${usage}` : usage);
    process.exitCode = 2;
  } else if (error instanceof SeedRefusedError) {
    console.error(`seed: ${error.message}`);
    process.exitCode = 1;
  } else {
    console.error('seed failed:', error);
    process.exitCode = 1;
  }
});
