import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * The probe's loop, in a worker thread of its own: another account's client is not on the
 * server's event loop, so its waits are the server's only. (Asked from the server's own
 * loop, each answer also waited for the loop to hand the probe the connection and then the
 * body: the same held loop counted two or three times, 127 ms for 95 ms held.)
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const ask = async () => {
  const started = performance.now();
  const response = await fetch(workerData.base + '/api/health');
  await response.arrayBuffer();
  return performance.now() - started;
};
let stopped = false;
parentPort.once('message', () => { stopped = true; });
(async () => {
  await ask(); // the worker's first fetch loads its HTTP client: not the server's time
  parentPort.postMessage('ready');
  const latencies = [];
  while (!stopped) {
    latencies.push(await ask());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

export interface HealthProbe {
  /** Stops asking; the time of each answer (ms, the body read), in order. */
  stop(): Promise<number[]>;
}

/**
 * Asks `${base}/api/health` over HTTP every 20 ms, from a worker thread, until `stop()`:
 * how long another account waits while something heavy runs (issue 31; the event-loop
 * timing test and bench/stall.ts). Resolves once the probe has had its first answer.
 * @example const probe = await startHealthProbe(base); await heavy(); const ms = await probe.stop();
 */
export async function startHealthProbe(base: string): Promise<HealthProbe> {
  const worker = new Worker(PROBE, { eval: true, workerData: { base } });
  await once(worker, 'message'); // ready
  const answered = once(worker, 'message') as Promise<[number[]]>;
  answered.catch(() => undefined); // awaited in stop()
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return (await answered)[0];
      } finally {
        await worker.terminate();
      }
    },
  };
}
