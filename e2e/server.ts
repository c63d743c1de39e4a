import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** A free TCP port on loopback, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** Where a restarted server comes back: the same port (the page's origin) and data. */
export interface ServerPlace {
  port: number;
  dataDir: string;
}

/**
 * Starts the built server (dist/) on a free loopback port with a fresh data directory,
 * exactly as `npm start` runs it, and waits until /api/health answers. With `place`, on
 * that port and data directory instead (a restart, as an operator does one).
 */
export async function startServer(
  env: Record<string, string> = {},
  place?: ServerPlace,
): Promise<RunningServer> {
  const port = place?.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const dataDir = place?.dataDir ?? mkdtempSync(join(tmpdir(), 'splitline-e2e-'));
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['dist/server/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      // Every browser test signs its users up from 127.0.0.1: more than a school's hour.
      SIGN_UPS_PER_NETWORK: '1000',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  // A loaded machine (several suites at once) may need longer: E2E_SERVER_START_MS.
  await waitForHealth(url, child, Number(process.env.E2E_SERVER_START_MS ?? 60_000));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, port, dataDir, process: child, stop };
}
