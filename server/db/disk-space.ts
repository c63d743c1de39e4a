import fs from 'node:fs';
import path from 'node:path';
import { StartFailure } from '../start-failure';
import { MB, megabytes, REFUSE_WRITES_BELOW, tooFullToStart } from './free-space';

export { megabytes, REFUSE_WRITES_BELOW };

/**
 * Free space on DATA_DIR's file system (decision 039). PGlite must never meet ENOSPC
 * while it writes its write-ahead log: a failed WAL segment (16 MB, made when the current
 * one is full) left it spinning inside WebAssembly, holding the event loop, so that every
 * request, `/api/health` included, timed out, and freeing space afterwards did not help
 * (issue 36). The server therefore reads the free space itself and refuses API writes
 * up-front while less than REFUSE_WRITES_BELOW is left, well before PGlite could run out.
 */

/** The warning comes at 5 % of the file system or 200 MB, whichever is more. */
export const WARN_BELOW_FLOOR = 200 * MB;
export const WARN_BELOW_SHARE = 0.05;

export interface DiskThresholds {
  /** Free bytes under which the log and /metrics warn. */
  warnBelow: number;
  /** Free bytes under which writes are refused. */
  refuseBelow: number;
}

/**
 * The thresholds for a file system of `sizeBytes`.
 * @example diskThresholds(100 * 1024 ** 3) // { warnBelow: 5 GiB, refuseBelow: 64 MiB }
 */
export function diskThresholds(sizeBytes: number): DiskThresholds {
  return {
    warnBelow: Math.max(WARN_BELOW_FLOOR, Math.ceil(sizeBytes * WARN_BELOW_SHARE)),
    refuseBelow: REFUSE_WRITES_BELOW,
  };
}

/** `ok`; `low`: warn, writes still stored; `full`: writes refused. */
export type DiskState = 'ok' | 'low' | 'full';

export interface DiskReading {
  /** Bytes this (unprivileged) user may still write: statfs' bavail x bsize. */
  freeBytes: number;
  sizeBytes: number;
  state: DiskState;
  thresholds: DiskThresholds;
}

/**
 * What free space means for writes.
 * @example diskState(50 * MB, diskThresholds(1e9)) // 'full'
 */
export function diskState(freeBytes: number, thresholds: DiskThresholds): DiskState {
  if (freeBytes < thresholds.refuseBelow) return 'full';
  if (freeBytes < thresholds.warnBelow) return 'low';
  return 'ok';
}

/** fs.promises.statfs, or a stand-in (tests). */
export type StatFs = (target: string) => Promise<{ bavail: number; bsize: number; blocks: number }>;

const realStatFs: StatFs = (target) => fs.promises.statfs(target);

/**
 * Reads the file system that holds `dir`; a directory that does not exist yet (a first
 * start) is judged by the nearest folder above it that does, where it will be made.
 */
export async function readDiskSpace(
  dir: string,
  statfs: StatFs = realStatFs,
): Promise<DiskReading> {
  let target = path.resolve(dir);
  for (;;) {
    try {
      const stats = await statfs(target);
      const sizeBytes = stats.blocks * stats.bsize;
      const freeBytes = stats.bavail * stats.bsize;
      const thresholds = diskThresholds(sizeBytes);
      return { freeBytes, sizeBytes, thresholds, state: diskState(freeBytes, thresholds) };
    } catch (error) {
      const parent = path.dirname(target);
      if ((error as { code?: unknown }).code !== 'ENOENT' || parent === target) throw error;
      target = parent;
    }
  }
}

/** What the 503 of a refused write says (and what a write that met ENOSPC says). */
export const DISK_FULL_MESSAGE =
  "The server's disk is nearly full, so it cannot store changes right now. Nothing was changed; reading still works. Try again later.";

/** Seconds in that 503's `Retry-After`: freeing space takes a person, not a moment. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;

/**
 * A start on too little space, before PGlite is opened: with 15 MB free its recovery
 * failed with a stack (issue 36), and with less it could hang. A StartFailure, so
 * server.ts prints the one sentence.
 */
export class DiskTooFullToStart extends StartFailure {}

/**
 * Throws DiskTooFullToStart when DATA_DIR's file system has less than REFUSE_WRITES_BELOW
 * free. Any failure to read it (DATA_DIR a file, no rights) is left to the open that
 * follows, whose error start-failure.ts explains.
 */
export async function assertRoomToOpen(dataDir: string, statfs?: StatFs): Promise<void> {
  let reading: DiskReading;
  try {
    reading = await readDiskSpace(dataDir, statfs);
  } catch {
    return;
  }
  if (reading.state !== 'full') return;
  throw new DiskTooFullToStart(tooFullToStart(dataDir, reading.freeBytes));
}
