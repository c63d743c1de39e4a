import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connect';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../server/db/unavailable';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { alive, eventually, keyHolder } from './outage-fixtures';

/**
 * A PostgreSQL database that refuses new connections while a real server process runs on
 * it: `ALTER DATABASE ... ALLOW_CONNECTIONS false` (SQLSTATE 55000, FATAL at connect)
 * and a role's connection limit (53300 too_many_connections). Every API call must answer
 * 503 with Retry-After, as for a cut connection (decision 015), the log must hold no
 * error-level line (no stack), and the server must answer normally once connections are
 * allowed again. The test makes a database and a role of its own. PostgreSQL suite only.
 */
jest.setTimeout(180_000);

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the server when PostgreSQL refuses new connections', () => {
  const suffix = randomBytes(5).toString('hex');
  const database = `refused_${suffix}`;
  const role = `refused_${suffix}`;
  const appName = `splitline-refused-${suffix}`;
  let control: Client;
  let admin: DatabaseHandle;
  let server: ServerProcess;
  let dataDir: string;
  let headers: Record<string, string>;

  function urlFor(name: string): string {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    url.username = role;
    url.searchParams.delete('options');
    url.searchParams.set('application_name', name);
    return url.toString();
  }

  beforeAll(async () => {
    control = new Client({ connectionString: process.env.DATABASE_URL });
    await control.connect();
    await control.query(`create role ${role} login`);
    await control.query(`create database ${database} owner ${role}`);
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-refused-'));
    server = startServer('server/server.ts', {
      DATABASE_URL: urlFor(appName),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
    });
    await server.listening;
    admin = await openDatabase(
      { databaseUrl: urlFor(`${appName}-admin`), dataDir },
      { warn: () => undefined },
    );
    ({ headers } = await keyHolder(admin.db));
  });

  afterAll(async () => {
    if (server && alive(server)) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await admin?.close();
    await control.query(`alter database ${database} allow_connections true`).catch(() => undefined);
    await control.query(`drop database if exists ${database} with (force)`);
    await control.query(`drop role if exists ${role}`);
    await control.end();
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  /** Ends the server's connections, so that its next requests must open new ones. */
  async function terminateServerConnections(): Promise<void> {
    await control.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and application_name <> $2 and pid <> pg_backend_pid()`,
      [database, `${appName}-admin`],
    );
    await new Promise((resolve) => setTimeout(resolve, 300)); // the closes arrive
  }

  /** Reads and writes, each answer as status and Retry-After. */
  async function calls(count: number): Promise<{ status: number; retryAfter: string | null }[]> {
    return Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const response = await server.request(index % 2 ? '/api/event-type' : '/api/sport', {
          headers,
        });
        await response.arrayBuffer();
        return { status: response.status, retryAfter: response.headers.get('retry-after') };
      }),
    );
  }

  const outage = { status: 503, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS) };
  /** The log's error-level lines (a stack each) since `from`. */
  const errorLines = (from: number) =>
    server
      .output()
      .slice(from)
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));

  it('answers 503 with Retry-After while the database does not allow connections', async () => {
    expect((await calls(2)).map((one) => one.status)).toEqual([200, 200]);
    const logBefore = server.output().length;
    await control.query(`alter database ${database} allow_connections false`);
    try {
      await terminateServerConnections();
      for (let round = 0; round < 3; round++) {
        expect(await calls(6)).toEqual(Array.from({ length: 6 }, () => outage));
        const health = await server.request('/api/health');
        expect(health.status).toBe(503);
      }
    } finally {
      await control.query(`alter database ${database} allow_connections true`);
    }
    expect(errorLines(logBefore)).toEqual([]);
    expect(server.output().slice(logBefore)).toMatch(/"code":"55000".*database unavailable/);
    expect(await eventually(async () => (await calls(1))[0]!.status === 200, 5_000)).toBe(true);
    expect(alive(server)).toBe(true);
  });

  it('answers 503 with Retry-After to the calls over a connection limit', async () => {
    const logBefore = server.output().length;
    await control.query(`alter role ${role} connection limit 3`);
    try {
      await terminateServerConnections(); // the admin's connection stays: 2 left
      const answers = await calls(12);
      const statuses = new Set(answers.map((one) => one.status));
      expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true);
      expect(answers.filter((one) => one.status === 503)).toEqual(expect.arrayContaining([outage]));
      for (const one of answers.filter((answer) => answer.status === 503)) {
        expect(one).toEqual(outage);
      }
      expect(server.output()).toMatch(/"code":"53300"/);
    } finally {
      await control.query(`alter role ${role} connection limit -1`);
    }
    expect(errorLines(logBefore)).toEqual([]);
    expect((await calls(4)).map((one) => one.status)).toEqual([200, 200, 200, 200]);
  });
});
