/** How often at most a board loads again while results keep arriving (a TV is read, not watched frame by frame). */
export const LIVE_REFRESH_MS = 1000;

export interface LiveRefresh {
  /** Something changed: load now, or once the running load ends, or once the interval allows. */
  notify(): void;
  /** No more loads (the board is gone). */
  stop(): void;
}

/**
 * Loads a board again for the live stream's notices: at once after a quiet spell, never
 * two loads at a time, at most one start per `minIntervalMs`, and a notice that arrives
 * meanwhile always gets one load after it (so the last result is never missed). Fifty
 * boards on one server thus ask once a second each at most, however many devices post
 * (issue 32's testing day: every board asked after every batch).
 *
 * @example
 * const refresh = createLiveRefresh(() => refetch());
 * stream.onResults = () => refresh.notify();
 */
export function createLiveRefresh(
  load: () => PromiseLike<unknown>,
  minIntervalMs = LIVE_REFRESH_MS,
  now: () => number = () => performance.now(),
): LiveRefresh {
  let running = false;
  let wanted = false;
  let stopped = false;
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    timer = undefined;
    wanted = false;
    running = true;
    lastStart = now();
    try {
      await load();
    } catch {
      // The page shows a failed load itself; the next notice tries again.
    } finally {
      running = false;
    }
    if (wanted) schedule();
  };
  const schedule = () => {
    if (stopped || running || timer !== undefined) return;
    const wait = lastStart + minIntervalMs - now();
    if (wait <= 0) void run();
    else timer = setTimeout(() => void run(), wait);
  };
  return {
    notify() {
      wanted = true;
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
