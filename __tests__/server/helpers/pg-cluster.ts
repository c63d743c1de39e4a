import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian (and the CI image) keep PostgreSQL 15's server programs. */
const binDir = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** Whether initdb, pg_ctl and postgres are there; tests that need a cluster skip without them. */
export function postgresBinariesPresent(): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((name) => fs.existsSync(path.join(binDir, name)));
}

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** `pg_ctl stop -m <mode>`: fast ends sessions cleanly, immediate kills them (crash recovery). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  destroy(): Promise<void>;
  /** The server log, for a failing test's message. */
  log(): string;
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port, owned by the test that made it.
 * initdb refuses to run as root, and tests run as root here and in CI: then the programs
 * run as the `postgres` user (runuser), in a directory that user owns. No fsync: the
 * cluster lives for one test file.
 */
export async function createPgCluster(): Promise<PgCluster> {
  const root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-pgcluster-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:', root]);
  await fs.promises.chmod(root, 0o700);

  const pg = (program: string, args: string[]) => {
    const binary = path.join(binDir, program);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args);
  };

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = await freePort();
  // The socket directory is the cluster's own: /var/run/postgresql is the shared server's.
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;

  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pg('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '30', '-l', logFile, '-o', options]);
      running = true;
    },
    async stop(mode) {
      await pg('pg_ctl', ['stop', '-D', dataDir, '-w', '-t', '30', '-m', mode]);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      await fs.promises.rm(root, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
  return cluster;
}

/** A loopback port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
