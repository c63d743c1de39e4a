import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Client } from 'pg';
import { createPostgresPool, openDatabase, type DatabaseHandle } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../server/db/unavailable';
import { listenerName } from '../../../server/live/feed';
import { sprint } from '../event/fixtures';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { alive, eventually, keyHolder, statusOf } from './outage-fixtures';

/**
 * A real server process on PostgreSQL whose connections are killed under it with
 * pg_terminate_backend, as a restart or a failover does: while they are idle in the pool
 * (this used to end the process) and while they run a statement or a transaction. The
 * process must live on, answer the requests that lost their connection with 503 and
 * Retry-After, write nothing half, and answer the next request normally. Its backends
 * are told apart by an application_name of their own (the URL's parameter).
 * PostgreSQL suite only (npm run test:pg).
 */
jest.setTimeout(120_000);

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the server when PostgreSQL terminates its connections', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const appName = `splitline-outage-${schema}`;
  /** Terminates and watches backends (never in a transaction: pg_stat_activity is a snapshot per transaction). */
  let control: Client;
  /** Holds the locks that stop a request mid-way. */
  let locker: Client;
  let admin: DatabaseHandle;
  let server: ServerProcess;
  let dataDir: string;
  let holder: Awaited<ReturnType<typeof keyHolder>>;

  /** DATABASE_URL in the test's schema, under the given application_name. */
  function urlFor(name: string): string {
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    url.searchParams.set('application_name', name);
    return url.toString();
  }

  beforeAll(async () => {
    control = new Client({ connectionString: process.env.DATABASE_URL });
    await control.connect();
    await control.query(`create schema ${schema}`);
    locker = new Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-outage-'));
    server = startServer('server/server.ts', { DATABASE_URL: urlFor(appName), DATA_DIR: dataDir });
    await server.listening; // migrations ran
    admin = await openDatabase(
      { databaseUrl: urlFor(`${appName}-admin`), dataDir },
      { warn: () => undefined },
    );
    holder = await keyHolder(admin.db);
  });

  afterAll(async () => {
    if (server && alive(server)) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await admin?.close();
    await control.query(`drop schema if exists ${schema} cascade`);
    await control.end();
    await locker.end();
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  const readReference = () => statusOf(server, '/api/event-type', { headers: holder.headers });
  const sendResult = (clientId: string) =>
    server.request('/api/event', {
      method: 'POST',
      headers: holder.headers,
      body: JSON.stringify(sprint(clientId, holder.athleteId)),
    });

  /** Terminates the backends named `name`; answers how many. */
  async function terminate(where: string, ...values: unknown[]): Promise<number> {
    const { rows } = await control.query<{ pid: number }>(
      `select pid from pg_stat_activity where pid <> pg_backend_pid() and ${where}`,
      values,
    );
    for (const { pid } of rows) await control.query('select pg_terminate_backend($1)', [pid]);
    return rows.length;
  }

  /** The backend of the server that waits for a lock, once there is one. */
  async function blockedBackend(): Promise<number> {
    let pid = 0;
    const found = await eventually(async () => {
      const { rows } = await control.query<{ pid: number }>(
        `select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
        [appName],
      );
      pid = rows[0]?.pid ?? 0;
      return pid !== 0;
    }, 10_000);
    if (!found) throw new Error('the request never waited for the lock');
    return pid;
  }

  async function expectOutageAnswer(response: Response): Promise<void> {
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({ message: expect.any(String) });
  }

  const listening = async () => {
    const { rows } = await control.query(
      'select 1 from pg_stat_activity where application_name = $1',
      [listenerName(`splitline_results:${schema}`)],
    );
    return rows.length === 1;
  };

  it('lives on when its idle connections are terminated, and answers the next request', async () => {
    // Several requests at once leave several idle connections in the pool.
    const first = await Promise.all(Array.from({ length: 4 }, readReference));
    expect(first).toEqual([200, 200, 200, 200]);
    expect(await listening()).toBe(true);

    const killed = await terminate('application_name = any($1::text[])', [
      appName,
      listenerName(`splitline_results:${schema}`),
    ]);
    expect(killed).toBeGreaterThanOrEqual(2); // the pool's and the live feed's
    await new Promise((resolve) => setTimeout(resolve, 300)); // the errors arrive

    expect(alive(server)).toBe(true);
    expect(await readReference()).toBe(200);
    expect(await eventually(listening, 2_000)).toBe(true); // the live feed listens again
    expect(server.output()).toMatch(/an idle connection was closed/);
  });

  it('answers 503 with Retry-After when the connection of a statement is terminated', async () => {
    await locker.query('begin');
    await locker.query(`lock table ${schema}.api_keys in access exclusive mode`);
    const pending = server.request('/api/event-type', { headers: holder.headers });
    try {
      await control.query('select pg_terminate_backend($1)', [await blockedBackend()]);
      await expectOutageAnswer(await pending);
    } finally {
      await locker.query('rollback');
    }
    expect(alive(server)).toBe(true);
    expect(await readReference()).toBe(200);
  });

  it('writes nothing of a transaction whose connection is terminated, and stores it when sent again', async () => {
    const countResults = async () =>
      Number(
        (
          await admin.db
            .selectFrom('results')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('account_id', '=', holder.accountId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await locker.query('begin');
    await locker.query(`lock table ${schema}.result_splits in access exclusive mode`);
    const pending = sendResult('outage-1');
    try {
      const pid = await blockedBackend();
      const { rows } = await control.query<{ inTransaction: boolean }>(
        'select xact_start is not null as "inTransaction" from pg_stat_activity where pid = $1',
        [pid],
      );
      expect(rows[0]?.inTransaction).toBe(true);
      await control.query('select pg_terminate_backend($1)', [pid]);
      await expectOutageAnswer(await pending);
    } finally {
      await locker.query('rollback');
    }
    expect(alive(server)).toBe(true);
    expect(await countResults()).toBe(0);

    // The client retries as Retry-After says: stored once, and once only.
    expect((await sendResult('outage-1')).status).toBe(201);
    expect((await sendResult('outage-1')).status).toBe(200);
    expect(await countResults()).toBe(1);
  });
});

onPostgres("the server's pool when a busy connection is terminated", () => {
  const appName = `splitline-pool-${randomBytes(6).toString('hex')}`;
  let control: Client;
  let locker: Client;
  let db: Kysely<Database>;

  beforeAll(async () => {
    control = new Client({ connectionString: process.env.DATABASE_URL });
    locker = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([control.connect(), locker.connect()]);
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('application_name', appName);
    const pool = createPostgresPool(url.toString(), { warn: () => undefined });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await locker.query(`create table if not exists ${appName.replace(/-/g, '_')} (x int)`);
  });

  afterAll(async () => {
    await locker.query(`drop table if exists ${appName.replace(/-/g, '_')}`);
    await db.destroy();
    await Promise.all([control.end(), locker.end()]);
  });

  it('does not hand out its connection again: the very next query succeeds', async () => {
    const table = appName.replace(/-/g, '_');
    // PostgreSQL closes the socket right after the FATAL error; the query after it is
    // sent before that close arrives, so it would get the dead connection.
    for (let round = 0; round < 3; round++) {
      await locker.query(`begin; lock table ${table} in access exclusive mode`);
      const blocked = sql`select count(*) from ${sql.table(table)}`.execute(db);
      let pid = 0;
      await eventually(async () => {
        const { rows } = await control.query<{ pid: number }>(
          `select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
          [appName],
        );
        pid = rows[0]?.pid ?? 0;
        return pid !== 0;
      }, 10_000);
      await control.query('select pg_terminate_backend($1)', [pid]);
      await expect(blocked).rejects.toMatchObject({ code: '57P01' });
      const next = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(next.rows).toEqual([{ one: 1 }]);
      await locker.query('rollback');
    }
  });
});
