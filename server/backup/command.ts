import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { backupSourceOf, createBackup, type BackupSummary } from './backup';
import { BackupError, backupFileName } from './format';
import { backupsDir } from './schedule';

export interface CommandResult {
  /** 0 done, 1 refused or failed (the line says why). */
  exitCode: 0 | 1;
  lines: string[];
}

export const BACKUP_USAGE = `Usage: npm run backup [-- <file>]
  Writes a consistent snapshot of the database and of the files of DATA_DIR it needs
  (default file: DATA_DIR/backups/manual-<time>.backup.gz).`;

export function describeBackup(summary: BackupSummary): string {
  const mb = (summary.bytes / 1_048_576).toFixed(1);
  return (
    `backup: ${summary.file} written (${summary.totalRows} rows, ${summary.files} files, ` +
    `${mb} MB, snapshot of ${summary.createdAt}) in ${summary.seconds} s.`
  );
}

/**
 * `backup [file]` against a running server: the admin channel's handler (the embedded
 * database is the server's own, so the snapshot must be taken by its process).
 * @example registry.backup = (app, args) => runBackupCommand(app, args)
 */
export async function runBackupCommand(
  app: { db: Kysely<Database>; config: { dataDir: string; databaseUrl: string | undefined } },
  args: readonly string[],
): Promise<CommandResult> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    return { exitCode: 1, lines: [BACKUP_USAGE] };
  }
  const file =
    args[0] !== undefined
      ? path.resolve(args[0])
      : path.join(backupsDir(app.config.dataDir), backupFileName(new Date(), 'manual'));
  try {
    return { exitCode: 0, lines: [describeBackup(await createBackup(backupSourceOf(app), file))] };
  } catch (error) {
    if (error instanceof BackupError) return { exitCode: 1, lines: [`backup: ${error.message}`] };
    throw error;
  }
}
