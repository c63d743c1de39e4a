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

export const MB = 1024 * 1024;

/**
 * Below this, API writes answer 503 (embedded database) and a start refuses to open it.
 * Four WAL segments: one new segment (16 MB) plus room for the writes that are never
 * refused (sign-ins, the webhook worker, maintenance) and for the largest request that
 * may start just above the line (a 10,000-row import, a logo).
 */
export const REFUSE_WRITES_BELOW = 64 * MB;

/** Megabytes for people: `63.5 MB`, `1,024 MB`. */
export function megabytes(bytes: number): string {
  const value = bytes / MB;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: value < 100 ? 1 : 0 })} MB`;
}

/** The sentence of a start on too little space (also for PGlite failing on a full disk). */
export function tooFullToStart(dataDir: string, freeBytes: number | undefined): string {
  const left = freeBytes === undefined ? 'too little space' : `${megabytes(freeBytes)} free`;
  return (
    `The disk of DATA_DIR=${dataDir} has ${left}; the embedded database needs at least ` +
    `${megabytes(REFUSE_WRITES_BELOW)} to open safely. Free some space on that disk, or move ` +
    `DATA_DIR to a larger one.`
  );
}
