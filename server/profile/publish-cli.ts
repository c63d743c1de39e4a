import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { vacuumProfileTables } from './maintenance';
import {
  publishReferenceVersion,
  ReferenceVersionError,
  type ReferenceVersionInput,
} from './publish';

/**
 * `npm run index:publish -- <file.json>`: publishes a reference version, on the database
 * the server would use (DATABASE_URL, else the embedded one in DATA_DIR; stop the server
 * first: it holds DATA_DIR's lock). The file is `{ "version": 2, "note": "...", "rows":
 * [{ "test", "sex", "level"?, "mean", "sd", "lowerIsBetter", "source" }, ...] }` (the shape of
 * `GET /api/index-reference`); every profile is re-scored with it in the same transaction.
 */
const usage = 'Usage: npm run index:publish -- <file.json>';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file === '-h' || file === '--help') {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  const input = JSON.parse(fs.readFileSync(file, 'utf8')) as ReferenceVersionInput;
  const handle = await openDatabase(loadConfig());
  try {
    await migrateToLatest(handle.db as Kysely<unknown>, migrations);
    const { rescored } = await publishReferenceVersion(handle.db, input);
    // Every profile was rewritten: the embedded database has no autovacuum to mark the
    // pages all-visible again and refresh the statistics (server/profile/maintenance.ts).
    if (handle.engine === 'pglite') {
      for (const statement of vacuumProfileTables()) await statement.execute(handle.db);
    }
    console.log(
      `index:publish: version ${input.version} is current; ${rescored} profiles re-scored on ${handle.engine}.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ReferenceVersionError) console.error(`index:publish: ${error.message}`);
  else console.error('index:publish failed:', error);
  process.exitCode = 1;
});
