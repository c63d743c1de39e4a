import fs from 'node:fs';
import path from 'node:path';

/**
 * Below this much free space on DATA_DIR's disk the embedded database is not opened: a
 * new one needs about 40 MB, and PGlite writes while it opens an existing one. With
 * 3 MB left it failed with "PGlite failed to initialize properly", or hung without a
 * word (a server that never listened), on a tmpfs with an empty database (2026-11-28);
 * 15 MB worked.
 */
export const EMBEDDED_START_MIN_FREE_BYTES = 32 * 1024 * 1024;

/** Free bytes for this user on the disk of `dir` (or of its nearest existing parent). */
export function freeBytes(dir: string): number | undefined {
  for (let current = path.resolve(dir); ;) {
    try {
      const stats = fs.statfsSync(current);
      return stats.bavail * stats.bsize;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return undefined;
      current = parent;
    }
  }
}

/**
 * @throws an ENOSPC error naming `dataDir` when its disk has less than
 * EMBEDDED_START_MIN_FREE_BYTES free (server/start-failure.ts tells it in one sentence)
 */
export function assertRoomForEmbeddedDatabase(dataDir: string): void {
  const free = freeBytes(dataDir);
  if (free === undefined || free >= EMBEDDED_START_MIN_FREE_BYTES) return;
  throw Object.assign(new Error(`only ${free} bytes free on the disk of ${dataDir}`), {
    code: 'ENOSPC',
    path: dataDir,
  });
}
