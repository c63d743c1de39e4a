import {
  assertRoomToOpen,
  diskState,
  diskThresholds,
  megabytes,
  readDiskSpace,
  REFUSE_WRITES_BELOW,
  type StatFs,
} from '../../../server/db/disk-space';
import { StartFailure } from '../../../server/start-failure';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** A file system of `size` bytes with `free` bytes left, in 4 KiB blocks. */
const fileSystem =
  (size: number, free: number): StatFs =>
  async () => ({ bsize: 4096, blocks: size / 4096, bavail: free / 4096 });

describe('diskThresholds and diskState (decision 039)', () => {
  it('warns below 5 % of the file system, never below 200 MB', () => {
    expect(diskThresholds(1000 * GB).warnBelow).toBe(50 * GB);
    expect(diskThresholds(10 * GB).warnBelow).toBe(512 * MB);
    // 5 % of 2 GB is 102 MB: the 200 MB floor wins.
    expect(diskThresholds(2 * GB).warnBelow).toBe(200 * MB);
    expect(diskThresholds(60 * MB).warnBelow).toBe(200 * MB);
  });

  it('refuses writes below 64 MB whatever the size', () => {
    for (const size of [60 * MB, 2 * GB, 1000 * GB]) {
      expect(diskThresholds(size).refuseBelow).toBe(64 * MB);
    }
    expect(REFUSE_WRITES_BELOW).toBe(64 * MB);
  });

  it('is ok, then low, then full as the free space shrinks, with exact edges', () => {
    const thresholds = diskThresholds(10 * GB); // warn below 512 MB
    expect(diskState(5 * GB, thresholds)).toBe('ok');
    expect(diskState(512 * MB, thresholds)).toBe('ok');
    expect(diskState(512 * MB - 1, thresholds)).toBe('low');
    expect(diskState(64 * MB, thresholds)).toBe('low');
    expect(diskState(64 * MB - 1, thresholds)).toBe('full');
    expect(diskState(0, thresholds)).toBe('full');
  });

  it('is always at least low on a file system smaller than the warning line', () => {
    const thresholds = diskThresholds(160 * MB);
    expect(diskState(150 * MB, thresholds)).toBe('low');
    expect(diskState(7 * MB, thresholds)).toBe('full'); // issue 36: 7 MB of 60 MB
  });
});

describe('readDiskSpace', () => {
  it('reads the free bytes this user may write (bavail), and the size', async () => {
    const reading = await readDiskSpace('/srv/data', fileSystem(10 * GB, 100 * MB));
    expect(reading).toEqual({
      freeBytes: 100 * MB,
      sizeBytes: 10 * GB,
      thresholds: { warnBelow: 512 * MB, refuseBelow: 64 * MB },
      state: 'low',
    });
  });

  it('judges a DATA_DIR still to be made by the nearest folder above it', async () => {
    const asked: string[] = [];
    const statfs: StatFs = async (target) => {
      asked.push(target);
      if (target !== '/srv') throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return { bsize: 4096, blocks: 1000, bavail: 10 };
    };
    await expect(readDiskSpace('/srv/splitline/data', statfs)).resolves.toMatchObject({
      freeBytes: 40960,
    });
    expect(asked).toEqual(['/srv/splitline/data', '/srv/splitline', '/srv']);
  });

  it('passes on other failures', async () => {
    const statfs: StatFs = async () => {
      throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    };
    await expect(readDiskSpace('/srv/file/data', statfs)).rejects.toThrow('not a directory');
  });
});

describe('assertRoomToOpen', () => {
  it('stops a start below 64 MB free with one sentence that names DATA_DIR and the fix', async () => {
    const error = await assertRoomToOpen('/srv/data', fileSystem(60 * MB, 15 * MB)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StartFailure);
    expect((error as Error).message).toBe(
      'The disk of DATA_DIR=/srv/data has 15 MB free; the embedded database needs at least ' +
        '64 MB to open safely. Free some space on that disk, or move DATA_DIR to a larger one.',
    );
  });

  it('lets a start through at 64 MB, and when the disk cannot be read (the open explains)', async () => {
    await expect(assertRoomToOpen('/srv/data', fileSystem(GB, 64 * MB))).resolves.toBeUndefined();
    const unreadable: StatFs = async () => {
      throw Object.assign(new Error('denied'), { code: 'EACCES' });
    };
    await expect(assertRoomToOpen('/srv/data', unreadable)).resolves.toBeUndefined();
  });
});

describe('megabytes', () => {
  it('writes sizes for people', () => {
    expect(megabytes(7 * MB)).toBe('7 MB');
    expect(megabytes(63.46 * MB)).toBe('63.5 MB');
    expect(megabytes(2048 * MB)).toBe('2,048 MB');
  });
});
