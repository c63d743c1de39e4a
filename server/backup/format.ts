/**
 * The backup file (decision 038): gzip of JSON lines, one format for both engines.
 *
 *   {"@backup":"splitline","version":1,"createdAt":..., "engine":..., "migrations":[...]}
 *   {"@table":"users"}                      then each row as PostgreSQL's to_jsonb() wrote it
 *   {"id":"...","email":"...", ...}
 *   {"@sequence":"results_id_seq","value":"123"}
 *   {"@file":"uploads/logos/12.png","base64":"..."}   files of DATA_DIR the rows need
 *   {"@end":true,"rows":{"users":2,...}}     without it the file is cut: refused
 *
 * A row is an object of column names, never a key starting with "@": the markers are
 * told from rows by their first key.
 */
export const BACKUP_FORMAT = 'splitline';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  '@backup': typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgresql';
  /** The migrations applied to the database the rows come from, in order. */
  migrations: string[];
}

export interface BackupEnd {
  '@end': true;
  /** Rows written per table, in the order of the file. */
  rows: Record<string, number>;
  sequences: number;
  files: number;
}

/** Tables that are the migrator's own: the restore's migrations make them. */
export const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** A refusal or failure an operator can act on: its message is one sentence. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** `splitline-2026-11-28T23-40-00Z.backup.gz`: sorts by time, no colon (Windows, scp). */
export function backupFileName(at: Date, prefix = 'splitline'): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `${prefix}-${stamp}.backup.gz`;
}

export const BACKUP_SUFFIX = '.backup.gz';
