import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { runStoreCommand, STORE_USAGE, StoreUsageError } from './operator';

/**
 * `npm run store -- <command>`: the operator's side of the manual payment provider, on
 * the database the server would use (DATABASE_URL, else the embedded one in DATA_DIR;
 * the embedded database is one process's: stop the server first).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    throw new StoreUsageError('');
  }
  const handle = await openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const result = await runStoreCommand(handle.db, args);
    for (const line of result.lines) console.log(line);
    process.exitCode = result.exitCode;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof StoreUsageError) {
    console.error(error.message ? `store: ${error.message}\n${STORE_USAGE}` : STORE_USAGE);
    process.exitCode = 2;
  } else {
    console.error('store failed:', error);
    process.exitCode = 1;
  }
});
