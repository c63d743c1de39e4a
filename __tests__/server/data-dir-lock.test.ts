import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockFileName,
  processStartTime,
} from '../../server/db/data-dir-lock';

/** The pid of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data-dir lock', () => {
  let dataDir: string;
  let lockFile: string;
  beforeEach(async () => {
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-lock-'));
    lockFile = path.join(dataDir, lockFileName);
  });
  afterEach(() => fs.promises.rm(dataDir, { recursive: true, force: true }));

  it('writes the owner’s pid and start time, and removes the file on release', async () => {
    const lock = await acquireDataDirLock(dataDir);
    expect(await fs.promises.readFile(lockFile, 'utf8')).toBe(
      `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`,
    );
    await lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('refuses a directory that is held, naming it and the holder', async () => {
    const lock = await acquireDataDirLock(dataDir);
    try {
      const second = acquireDataDirLock(dataDir);
      await expect(second).rejects.toThrow(DataDirLockedError);
      await expect(acquireDataDirLock(dataDir)).rejects.toThrow(
        `${dataDir} is in use by another Splitline server (pid ${process.pid})`,
      );
    } finally {
      await lock.release();
    }
    const again = await acquireDataDirLock(dataDir);
    await again.release();
  });

  it('refuses a directory held by another live process', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      await fs.promises.writeFile(
        lockFile,
        `${holder.pid}\n${processStartTime(holder.pid!) ?? ''}\n`,
      );
      await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`(pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process that is gone (kill -9)', async () => {
    await fs.promises.writeFile(lockFile, `${await deadPid()}\n12345\n`);
    const lock = await acquireDataDirLock(dataDir);
    expect(await fs.promises.readFile(lockFile, 'utf8')).toMatch(new RegExp(`^${process.pid}\n`));
    await lock.release();
  });

  it('takes over when the pid now belongs to a process started later', async () => {
    // A live pid (this one's parent) with another start time: the pid was reused.
    await fs.promises.writeFile(lockFile, `${process.ppid}\n1\n`);
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });

  it('takes over a torn lock file', async () => {
    await fs.promises.writeFile(lockFile, '');
    const lock = await acquireDataDirLock(dataDir);
    await lock.release();
  });

  it('does not remove a lock that another server took over meanwhile', async () => {
    const lock = await acquireDataDirLock(dataDir);
    await fs.promises.writeFile(lockFile, '999999\n1\n');
    await lock.release();
    expect(fs.existsSync(lockFile)).toBe(true);
  });
});
