import { Type, type Static } from 'typebox';

/**
 * The scheduled backups (decision 038): how often, and how many are kept in
 * DATA_DIR/backups. Unset BACKUP_EVERY is daily on the embedded engine (nothing else
 * keeps a copy of its data) and off on PostgreSQL (its own tools, pg_dump or archiving,
 * are the operator's; with several processes on one database only one should back up).
 */
export const BackupEnvironment = Type.Object({
  BACKUP_EVERY: Type.Optional(
    Type.String({
      pattern: '^(off|[1-9][0-9]{0,4}[mhd])$',
      description: 'a period such as 1d, 6h or 30m (minutes, hours, days), or off',
    }),
  ),
  BACKUP_KEEP: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 7,
    description: 'a whole number of backups from 1 to 1000',
  }),
});

export interface BackupConfig {
  /** Milliseconds between scheduled backups into DATA_DIR/backups; 0: no schedule. */
  backupEveryMs: number;
  /** Scheduled backups kept in DATA_DIR/backups (the oldest go). */
  backupKeep: number;
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `1d` -> 86400000, `off` -> 0. */
export function parsePeriod(text: string): number {
  if (text === 'off') return 0;
  const unit = text.at(-1) as keyof typeof UNIT_MS;
  return Number(text.slice(0, -1)) * UNIT_MS[unit];
}

export function backupConfig(
  checked: Static<typeof BackupEnvironment> & { DATABASE_URL?: string | undefined },
): BackupConfig {
  const every = checked.BACKUP_EVERY ?? (checked.DATABASE_URL ? 'off' : '1d');
  return { backupEveryMs: parsePeriod(every), backupKeep: checked.BACKUP_KEEP };
}
