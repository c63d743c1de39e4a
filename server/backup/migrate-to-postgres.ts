import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { createBackup, type BackupSummary } from './backup';
import { BackupError, backupFileName } from './format';
import { assertEmpty, restoreBackup, type RestoreSummary } from './restore';
import { backupsDir } from './schedule';

/** Opens a database; a data directory in use by a server is told in one sentence. */
export async function openForCommand(
  config: { databaseUrl: string | undefined; dataDir: string },
  what: string,
): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config, { warn: () => undefined });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `A Splitline server is running on DATA_DIR=${config.dataDir}, and the embedded database is that process's alone; stop it to ${what}.`,
      );
    }
    throw error;
  }
  try {
    // PostgreSQL connects on the first statement: a refused connection fails here.
    await handle.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export const hasEmbeddedDatabase = (dataDir: string): boolean =>
  fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));

/**
 * Copies the embedded database of `dataDir` into the empty PostgreSQL database of
 * `databaseUrl` (decision 038): the embedded one is brought to this Splitline's schema
 * and backed up into DATA_DIR/backups (`before-postgres-<time>.backup.gz`, the way
 * back), and that file is restored into PostgreSQL, whose restore checks each table's
 * row count. The embedded database is left as it was; the files of DATA_DIR (logos, the
 * webhook key) stay where they are, for the server that starts with DATABASE_URL.
 * @throws BackupError when a server holds DATA_DIR, there is nothing to copy, or the
 *   PostgreSQL database is not empty
 */
export async function migrateEmbeddedToPostgres(
  dataDir: string,
  databaseUrl: string,
): Promise<{ backup: BackupSummary; restore: RestoreSummary; seconds: number }> {
  const started = performance.now();
  if (!hasEmbeddedDatabase(dataDir)) {
    throw new BackupError(`There is no embedded database in DATA_DIR=${dataDir} to copy.`);
  }
  // The target first: an unreachable or non-empty database is refused before any work.
  const postgres = await openForCommand({ databaseUrl, dataDir }, 'copy into it');
  try {
    await assertEmpty(postgres.db);
    const embedded = await openForCommand(
      { databaseUrl: undefined, dataDir },
      'move it to PostgreSQL',
    );
    let backup: BackupSummary;
    try {
      await migrateToLatest(embedded.db as Kysely<unknown>, migrations);
      backup = await createBackup(
        { db: embedded.db, dataDir, engine: 'pglite' },
        path.join(backupsDir(dataDir), backupFileName(new Date(), 'before-postgres')),
      );
    } finally {
      await embedded.close();
    }
    const restore = await restoreBackup({ db: postgres.db, dataDir }, backup.file, migrations);
    const seconds = Math.round((performance.now() - started) / 10) / 100;
    return { backup, restore, seconds };
  } finally {
    await postgres.close();
  }
}
