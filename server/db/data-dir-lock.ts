import fs from 'node:fs';
import path from 'node:path';

/**
 * An exclusive lock on DATA_DIR, because PGlite has none: two processes on one data
 * directory silently lose committed rows (DATABASE.md). Modelled on PostgreSQL's
 * postmaster.pid: `DATA_DIR/splitline.lock` is created atomically (O_EXCL) and holds
 * the owner's pid and its start time (/proc/<pid>/stat, field 22, on Linux). The start
 * time tells a live owner from a new process that happens to reuse a dead owner's pid.
 * A lock whose owner is gone (kill -9, power cut) is stale and taken over.
 *
 * The takeover (unlink, then create again) has a small race if two servers start on the
 * same stale lock at the same instant; PostgreSQL accepts the same window.
 */
export const lockFileName = 'splitline.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/** Directories this process holds: a second app in the same process must be refused too. */
const heldHere = new Set<string>();

/**
 * @example const lock = await acquireDataDirLock('./data'); ... await lock.release();
 * @throws DataDirLockedError when a live process holds the directory
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, lockFileName);
  await fs.promises.mkdir(dir, { recursive: true });
  const content = `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createExclusive(file, content)) {
      heldHere.add(file);
      return { file, release: () => release(file, content) };
    }
    const owner = await readOwner(file);
    if (owner && isHeld(file, owner)) {
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by another Splitline server (pid ${owner.pid}). ` +
          `Stop that server, or start this one with another DATA_DIR.`,
      );
    }
    await fs.promises.rm(file, { force: true }); // stale: its owner is gone
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dir} (${file} keeps reappearing).`,
  );
}

/**
 * The pid of the live process that holds `dataDir`'s lock, or undefined when none does
 * (no lock, or a stale one). Operator commands ask it before they open the database.
 */
export async function dataDirOwner(dataDir: string): Promise<number | undefined> {
  const file = path.join(path.resolve(dataDir), lockFileName);
  const owner = await readOwner(file);
  return owner && isHeld(file, owner) ? owner.pid : undefined;
}

/**
 * Whether the process `pid`, started at `startTime` (processStartTime(), or undefined
 * off Linux), still runs: a pid reused by a new process does not count.
 */
export function isProcessRunning(pid: number, startTime: string | undefined): boolean {
  if (pid === process.pid) return true;
  if (!isAlive(pid)) return false;
  const now = processStartTime(pid);
  return startTime === undefined || now === undefined || now === startTime;
}

async function createExclusive(file: string, content: string): Promise<boolean> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

interface Owner {
  pid: number;
  startTime: string | undefined;
}

async function readOwner(file: string): Promise<Owner | undefined> {
  const text = await fs.promises.readFile(file, 'utf8').catch(() => '');
  const [pidLine, startLine] = text.split('\n');
  const pid = Number(pidLine);
  // An empty or torn file (crash while writing it) has no owner: stale.
  return Number.isInteger(pid) && pid > 0 ? { pid, startTime: startLine || undefined } : undefined;
}

function isHeld(file: string, owner: Owner): boolean {
  // Our own pid but not held by this process: a previous incarnation (a container's
  // pid 1 restarted after a crash), exactly the case PostgreSQL treats as stale.
  if (owner.pid === process.pid) return heldHere.has(file);
  if (!isAlive(owner.pid)) return false;
  const startTime = processStartTime(owner.pid);
  // Without /proc (macOS, Windows) a live pid is all we can know: assume it is the owner.
  return owner.startTime === undefined || startTime === undefined || startTime === owner.startTime;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat (clock ticks since boot); undefined off Linux or for a zombie. */
export function processStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2 (the command) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0]; // field 3
  if (state === 'Z' || state === 'X') return 'dead';
  return fields[19]; // field 22
}

async function release(file: string, content: string): Promise<void> {
  heldHere.delete(file);
  // Remove only our own lock: never one that another server took over meanwhile.
  const current = await fs.promises.readFile(file, 'utf8').catch(() => undefined);
  if (current === content) await fs.promises.rm(file, { force: true });
}
