/**
 * Backups, restore and the move to PostgreSQL (decision 038): what the composition root
 * and the admin channel use.
 */
export { createBackup, backupSourceOf, type BackupSource, type BackupSummary } from './backup';
export { restoreBackup, type RestoreSummary } from './restore';
export { runBackupCommand, BACKUP_USAGE } from './command';
export { BackupError } from './format';
export { default as backupSchedule, backupsDir } from './schedule';
