/**
 * Asks `${base}/api/health` over HTTP every 20 ms until `done()`, and pushes each
 * answer's time (ms, the body read) into `into`: how long another account waits while
 * something heavy runs (issue 31; the event-loop timing test and bench/stall.ts).
 */
export async function probeHealth(
  base: string,
  into: number[],
  done: () => boolean,
): Promise<void> {
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    into.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
