import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { explainStartFailure } from '../start-failure';
import { createBackup, type BackupSource } from './backup';
import { BACKUP_USAGE, describeBackup, runBackupCommand } from './command';
import { BackupError, backupFileName } from './format';
import { restoreBackup, type RestoreSummary } from './restore';
import { backupsDir } from './schedule';

/**
 * The operator's commands (decision 038), on the database the server would use
 * (DATABASE_URL, else the embedded one in DATA_DIR):
 *   npm run backup [-- <file>]
 *   npm run restore -- <file>
 *   npm run migrate-to-postgres -- <DATABASE_URL>
 * Every failure an operator can fix is one sentence on stderr, exit code 1.
 */
class UsageError extends Error {}

const RESTORE_USAGE = `Usage: npm run restore -- <file>
  Restores a backup into DATA_DIR (a fresh one) or the empty PostgreSQL database of DATABASE_URL.`;
const MIGRATE_USAGE = `Usage: npm run migrate-to-postgres -- <DATABASE_URL>
  Copies the embedded database of DATA_DIR into an empty PostgreSQL database
  (stop the server first; uploaded logos and the webhook key stay in DATA_DIR).`;

const hasEmbeddedDatabase = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));

/** Opens a database, a refused one told in one sentence. */
async function open(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  what: string,
): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config, { warn: () => undefined });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `A Splitline server is running on DATA_DIR=${config.dataDir}, and the embedded database is that process's alone; stop it to ${what}.`,
      );
    }
    throw error;
  }
}

/** A statement on PostgreSQL that fails to connect answers its error only then. */
async function ready(handle: DatabaseHandle): Promise<DatabaseHandle> {
  try {
    await handle.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function backup(args: string[]): Promise<void> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) throw new UsageError(BACKUP_USAGE);
  const config = loadConfig();
  if (!config.databaseUrl && !hasEmbeddedDatabase(config.dataDir)) {
    throw new BackupError(`There is no database in DATA_DIR=${config.dataDir} to back up.`);
  }
  const handle = await ready(
    await open(
      config,
      'back up from the command line (its scheduled backups are in DATA_DIR/backups)',
    ),
  );
  try {
    const result = await runBackupCommand({ db: handle.db, config }, args);
    for (const line of result.lines) (result.exitCode === 0 ? console.log : console.error)(line);
    process.exitCode = result.exitCode;
  } finally {
    await handle.close();
  }
}

function describeRestore(summary: RestoreSummary, where: string): string {
  const migrated =
    summary.migrated.length > 0 ? `, then ${summary.migrated.length} migrations` : '';
  return (
    `restore: ${summary.totalRows} rows and ${summary.files} files of the snapshot of ${summary.createdAt} ` +
    `restored into ${where}${migrated} in ${summary.seconds} s.`
  );
}

async function restore(args: string[]): Promise<void> {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError(RESTORE_USAGE);
  const file = path.resolve(args[0]!);
  if (!fs.existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  const config = loadConfig();
  if (!config.databaseUrl) {
    const existing = await fs.promises.readdir(path.join(config.dataDir, 'pglite')).catch(() => []);
    if (existing.length > 0) {
      throw new BackupError(
        `DATA_DIR=${config.dataDir} already holds a database; restore into a fresh DATA_DIR (an empty or new directory).`,
      );
    }
  }
  const handle = await ready(await open(config, 'restore into it'));
  try {
    const summary = await restoreBackup(
      { db: handle.db, dataDir: config.dataDir },
      file,
      migrations,
    );
    const where = config.databaseUrl
      ? 'the PostgreSQL database of DATABASE_URL'
      : `DATA_DIR=${config.dataDir}`;
    console.log(describeRestore(summary, where));
  } catch (error) {
    await handle.close();
    if (!config.databaseUrl) {
      // The embedded database was made for this restore (DATA_DIR/pglite was empty): it
      // goes again, so that the operator can retry into the same DATA_DIR.
      await fs.promises.rm(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
    }
    throw error;
  } finally {
    await handle.close();
  }
}

async function migrateToPostgres(args: string[]): Promise<void> {
  const url = args[0];
  if (args.length !== 1 || !/^postgres(ql)?:\/\//.test(url!)) throw new UsageError(MIGRATE_USAGE);
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  if (!hasEmbeddedDatabase(config.dataDir)) {
    throw new BackupError(`There is no embedded database in DATA_DIR=${config.dataDir} to copy.`);
  }
  const started = performance.now();
  // 1. The embedded database, brought to this Splitline's schema, into a backup file
  //    (kept in DATA_DIR/backups: the way back, should the switch be undone).
  const embedded = await open(config, 'move it to PostgreSQL');
  let file: string;
  try {
    await migrateToLatest(embedded.db as Kysely<unknown>, migrations);
    const source: BackupSource = { db: embedded.db, dataDir: config.dataDir, engine: 'pglite' };
    const dir = backupsDir(config.dataDir);
    const summary = await createBackup(
      source,
      path.join(dir, backupFileName(new Date(), 'before-postgres')),
    );
    file = summary.file;
    console.log(describeBackup(summary));
  } finally {
    await embedded.close();
  }
  // 2. That file into the empty PostgreSQL database.
  const target = { databaseUrl: url, dataDir: config.dataDir };
  const postgres = await ready(await open(target, 'copy into it'));
  try {
    const summary = await restoreBackup(
      { db: postgres.db, dataDir: config.dataDir },
      file,
      migrations,
    );
    console.log(describeRestore(summary, 'PostgreSQL'));
  } finally {
    await postgres.close();
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  console.log(
    `migrate-to-postgres: done in ${seconds} s. Start the server with DATABASE_URL set to that database ` +
      `and the same DATA_DIR (logos and the webhook key stay there); the embedded copy in DATA_DIR/pglite is left as it was.`,
  );
}

const commands: Record<string, (args: string[]) => Promise<void>> = {
  backup,
  restore,
  'migrate-to-postgres': migrateToPostgres,
};

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const command = commands[name ?? ''];
  if (!command) throw new UsageError([BACKUP_USAGE, RESTORE_USAGE, MIGRATE_USAGE].join('\n'));
  await command(args);
}

/** One sentence for anything the operator can fix; a defect keeps its message, not a stack. */
function sentence(error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  const settings = (() => {
    try {
      const config = loadConfig();
      const url = process.argv[2] === 'migrate-to-postgres' ? process.argv[3] : config.databaseUrl;
      return { port: 0, host: 'localhost', dataDir: config.dataDir, databaseUrl: url };
    } catch {
      return undefined;
    }
  })();
  const explained = explainStartFailure(error, settings);
  if (explained) return explained.message;
  return `failed: ${error instanceof Error ? error.message : String(error)}`;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  console.error(`${process.argv[2] ?? 'backup'}: ${sentence(error)}`);
  process.exitCode = 1;
});
