import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parsePeriod } from '../../../server/backup/config';
import { nextBackupDelay, pruneBackups } from '../../../server/backup/schedule';
import { ConfigError, loadConfig } from '../../../server/config';

/** BACKUP_EVERY and BACKUP_KEEP: their checks, when the next backup is due, what is kept. */
describe('the backup schedule', () => {
  it('is daily on the embedded engine and off on PostgreSQL unless set, keeping 7', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' })).toMatchObject({
      backupEveryMs: 86_400_000,
      backupKeep: 7,
    });
    expect(loadConfig({ DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://h/db' }).backupEveryMs).toBe(
      0,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://h/db', BACKUP_EVERY: '6h', BACKUP_KEEP: '3' }),
    ).toMatchObject({ backupEveryMs: 21_600_000, backupKeep: 3 });
    expect(loadConfig({ BACKUP_EVERY: 'off' }).backupEveryMs).toBe(0);
    expect([parsePeriod('30m'), parsePeriod('2d'), parsePeriod('off')]).toEqual([
      1_800_000, 172_800_000, 0,
    ]);
  });

  it('names a bad value in one line at start', () => {
    expect(() => loadConfig({ BACKUP_EVERY: 'daily', BACKUP_KEEP: '0' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  BACKUP_EVERY="daily": expected a period such as 1d, 6h or 30m (minutes, hours, days), or off\n' +
          '  BACKUP_KEEP="0": expected a whole number of backups from 1 to 1000',
      ),
    );
  });

  it('is due a period after the newest backup, within the hour on a new installation, never in the first minute', () => {
    const now = 1_000_000_000;
    const day = 86_400_000;
    expect(nextBackupDelay(now - day / 4, day, now)).toBe((day * 3) / 4);
    expect(nextBackupDelay(now - 2 * day, day, now)).toBe(60_000); // overdue: soon after start
    expect(nextBackupDelay(undefined, day, now)).toBe(3_600_000);
    expect(nextBackupDelay(undefined, 600_000, now)).toBe(600_000);
  });

  it('keeps the newest of its own backups and never touches the others', async () => {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-prune-'));
    try {
      const names = [
        'auto-2026-11-01T00-00-00Z.backup.gz',
        'auto-2026-11-02T00-00-00Z.backup.gz',
        'auto-2026-11-03T00-00-00Z.backup.gz',
        'manual-2026-10-01T00-00-00Z.backup.gz',
        'before-postgres-2026-09-01T00-00-00Z.backup.gz',
      ];
      for (const name of names) await fs.promises.writeFile(path.join(dir, name), 'x');
      // A backup that a killed server left half written.
      const left = 'auto-2026-11-04T00-00-00Z.backup.gz.partial-999999999';
      await fs.promises.writeFile(path.join(dir, left), 'x');
      expect(await pruneBackups(dir, 2)).toEqual(['auto-2026-11-01T00-00-00Z.backup.gz', left]);
      expect((await fs.promises.readdir(dir)).sort()).toEqual(names.slice(1).sort());
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
});
