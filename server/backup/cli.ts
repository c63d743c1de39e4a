import fs from 'node:fs';
import path from 'node:path';
import { runOperatorCommand } from '../admin';
import { ConfigError, loadConfig } from '../config';
import { migrations } from '../db/migrations';
import { explainStartFailure } from '../start-failure';
import { BACKUP_USAGE, describeBackup } from './command';
import { BackupError } from './format';
import {
  hasEmbeddedDatabase,
  migrateEmbeddedToPostgres,
  openForCommand,
} from './migrate-to-postgres';
import { restoreBackup, type RestoreSummary } from './restore';

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

async function backup(args: string[]): Promise<void> {
  if (args.some((arg) => arg === '--help' || arg === '-h')) throw new UsageError(BACKUP_USAGE);
  const config = loadConfig();
  if (!config.databaseUrl && !hasEmbeddedDatabase(config.dataDir)) {
    throw new BackupError(`There is no database in DATA_DIR=${config.dataDir} to back up.`);
  }
  // Sent to the server that holds the database when one runs (its process takes the
  // snapshot), else run here on the database opened directly: decision 037.
  const absolute = args.map((arg) => path.resolve(arg));
  process.exitCode = await runOperatorCommand({
    program: 'backup',
    command: 'backup',
    args: absolute,
  });
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
  const handle = await openForCommand(config, 'restore into it');
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
  const { backup, restore, seconds } = await migrateEmbeddedToPostgres(config.dataDir, url!);
  console.log(describeBackup(backup));
  console.log(describeRestore(restore, 'PostgreSQL'));
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
