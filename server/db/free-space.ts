import fs from 'node:fs';
import path from 'node:path';

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
