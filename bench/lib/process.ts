import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/** A free loopback port (the server is told it, so that its issuer URL is known). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The server in a process of its own, as `npm start` runs it (through tsx: no build
 * needed), so that a bench's clients do not share its event loop (`BENCH_NODE_ARGS`: the
 * server's node flags). `env` names its PORT; resolves once /api/health answers there.
 */
export async function spawnServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'server/server.ts'),
    ],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const health = `http://127.0.0.1:${env.PORT}/api/health`;
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const answer = await fetch(health, { signal: AbortSignal.timeout(5000) }).catch(
      () => undefined,
    );
    if (answer?.status === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /api/health within 120 s');
}

/** Stops a server `spawnServer` started (SIGTERM: it drains and closes its database). */
export function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
