import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { backupSourceOf, createBackup } from './backup';
import { BACKUP_SUFFIX, backupFileName } from './format';

/** Where the schedule (and `npm run backup` by default) writes: DATA_DIR/backups. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** The schedule's own files, the only ones it prunes: `auto-<time>.backup.gz`. */
const AUTO_PREFIX = 'auto';
const isAuto = (name: string) => name.startsWith(`${AUTO_PREFIX}-`) && name.endsWith(BACKUP_SUFFIX);

/** No scheduled backup in the first minute: the start (migrations, warm-up) goes first. */
const FIRST_DELAY_MS = 60_000;
/** A new installation's first backup: within the hour, not a whole period later. */
const FIRST_BACKUP_MS = 3_600_000;
/** setTimeout's longest delay; a longer wait is planned again when it ends. */
const MAX_TIMER_MS = 2 ** 31 - 1;

async function autoBackups(dir: string): Promise<{ name: string; mtimeMs: number }[]> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter(isAuto);
  const entries = await Promise.all(
    names.map(async (name) => {
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
      return stat ? { name, mtimeMs: stat.mtimeMs } : undefined;
    }),
  );
  return entries
    .filter((entry) => entry !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * When the next scheduled backup is due, in ms from now: a period after the newest one
 * (so that restarts do not skip or repeat it), never within the first minute.
 */
export function nextBackupDelay(
  newestAt: number | undefined,
  everyMs: number,
  now: number,
): number {
  const due =
    newestAt === undefined ? now + Math.min(everyMs, FIRST_BACKUP_MS) : newestAt + everyMs;
  return Math.max(FIRST_DELAY_MS, due - now);
}

/**
 * Removes the schedule's backups beyond the newest `keep`, and the partial files of
 * backups that a killed process never finished; the removed names.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await autoBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep)).map((entry) => entry.name);
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const partial = names.filter((name) => {
    const pid = /\.partial-(\d+)$/.exec(name)?.[1];
    return pid !== undefined && Number(pid) !== process.pid;
  });
  for (const name of [...old, ...partial]) {
    await fs.promises.rm(path.join(dir, name), { force: true });
  }
  return [...old, ...partial];
}

/**
 * Scheduled backups (BACKUP_EVERY, BACKUP_KEEP): the running server writes a snapshot
 * into DATA_DIR/backups every period and keeps the newest BACKUP_KEEP of its own. A
 * failed backup (disk full) is logged at error level and tried again within the hour.
 */
export default fp(
  async (app) => {
    const everyMs = app.config.backupEveryMs;
    if (everyMs <= 0) return;
    const dir = backupsDir(app.config.dataDir);
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closed = false;

    const plan = async (delay?: number) => {
      if (closed) return;
      const newest = (await autoBackups(dir)).at(-1);
      const wait = delay ?? nextBackupDelay(newest?.mtimeMs, everyMs, Date.now());
      timer = setTimeout(
        () => {
          if (wait > MAX_TIMER_MS) return void plan();
          running = run().finally(() => (running = undefined));
        },
        Math.min(wait, MAX_TIMER_MS),
      );
      timer.unref();
    };

    const run = async () => {
      let retry: number | undefined;
      try {
        const summary = await createBackup(
          backupSourceOf(app),
          path.join(dir, backupFileName(new Date(), AUTO_PREFIX)),
        );
        const removed = await pruneBackups(dir, app.config.backupKeep);
        app.log.info(
          {
            file: summary.file,
            bytes: summary.bytes,
            rows: summary.totalRows,
            seconds: summary.seconds,
            removed,
          },
          'backup: scheduled snapshot written',
        );
      } catch (error) {
        retry = Math.min(everyMs, FIRST_BACKUP_MS);
        app.log.error(
          { err: error, retryInMinutes: Math.round(retry / 60_000) },
          `backup: the scheduled snapshot failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await plan(retry);
    };

    app.addHook('onReady', async () => {
      await plan();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'backup-schedule', dependencies: ['database'], fastify: '5.x' },
);
