import net from 'node:net';
import { sql } from 'kysely';
import { Client, DatabaseError, Pool } from 'pg';
import type { App } from '../../../server/app';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseErrorFacts,
  isDatabaseUnavailable,
} from '../../../server/db/unavailable';
import { buildTestApp } from '../helpers/build-test-app';
import { freePort } from '../helpers/pg-cluster';

/**
 * Which errors mean "the database is unavailable" (503 with Retry-After) and which are
 * the statement's own (500, or what the route makes of them). The driver's errors are
 * real ones: pg against a port nobody listens on and against a server that never
 * answers, and the embedded database's own errors. Both engines.
 */

/** A pg DatabaseError as the driver builds it from PostgreSQL's ErrorResponse. */
function serverError(code: string, message: string, severity = 'FATAL'): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = severity;
  return error;
}

/** What `action` rejects with. */
async function rejection(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
}

/** A TCP server on loopback that accepts connections and never says a word. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, as pg reports it', async () => {
    const client = new Client({ connectionString: `postgres://x@127.0.0.1:${await freePort()}/x` });
    const error = await rejection(() => client.connect());
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises the pool's timeouts: connecting, and waiting for a free connection", async () => {
    const silent = await silentServer();
    const pool = new Pool({
      connectionString: `postgres://x@127.0.0.1:${silent.port}/x`,
      connectionTimeoutMillis: 200,
      max: 1,
    });
    try {
      const [connecting, waiting] = await Promise.all([
        rejection(() => pool.query('select 1')),
        rejection(() => pool.query('select 1')),
      ]);
      const messages = [connecting, waiting].map((error) => (error as Error).message).sort();
      expect(messages).toEqual([
        'Connection terminated due to connection timeout',
        'timeout exceeded when trying to connect',
      ]);
      expect(isDatabaseUnavailable(connecting)).toBe(true);
      expect(isDatabaseUnavailable(waiting)).toBe(true);
    } finally {
      await pool.end();
      await silent.close();
    }
  });

  it('recognises the SQLSTATEs of a shutdown, a crash, a start and a lost connection', () => {
    const outages = [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection because of crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['53300', 'sorry, too many clients already'],
      ['53300', 'too many connections for role "splitline"'],
      ['55000', 'database "splitline" is not currently accepting connections'], // ALLOW_CONNECTIONS false
      ['57P04', 'database "splitline" does not exist'], // dropped under the server
      ['08006', 'connection failure'],
      ['08001', 'could not connect'],
    ];
    for (const [code, message] of outages) {
      expect({ code, unavailable: isDatabaseUnavailable(serverError(code!, message!)) }).toEqual({
        code,
        unavailable: true,
      });
    }
  });

  it('recognises an outage behind a cause or inside an AggregateError', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(isDatabaseUnavailable(new Error('query failed', { cause: reset }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error('x'), reset]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it("does not take a statement's own errors, other errors or non-errors for an outage", () => {
    const own = [
      serverError('42601', 'syntax error at or near "selec"', 'ERROR'),
      serverError('23505', 'duplicate key value violates unique constraint', 'ERROR'),
      serverError('40001', 'could not serialize access', 'ERROR'),
      serverError('57014', 'canceling statement due to statement timeout', 'ERROR'),
      // 55000 in a statement is the statement's: only at connect (FATAL) is it a refusal.
      serverError('55000', 'currval of sequence "s" is not yet defined in this session', 'ERROR'),
      new Error('connect ECONNREFUSED 10.0.0.7:5432'), // only a message: not the driver's
      Object.assign(new Error('no such file'), { code: 'ENOENT' }),
      'ECONNREFUSED',
      undefined,
      null,
    ];
    for (const error of own) expect(isDatabaseUnavailable(error)).toBe(false);
    const cycle = new Error('a');
    (cycle as { cause?: unknown }).cause = cycle;
    expect(isDatabaseUnavailable(cycle)).toBe(false);
  });

  it("logs an idle client's error without the client pg-pool attaches to it", () => {
    const error = Object.assign(serverError('57P01', 'terminating connection'), {
      client: { connection: { secret: 'hunter2' } },
    });
    expect(databaseErrorFacts(error)).toEqual({ message: 'terminating connection', code: '57P01' });
  });
});

describe('answers when the database is unavailable', () => {
  let app: App;
  let refused: unknown;
  beforeAll(async () => {
    refused = await rejection(async () => {
      const client = new Client({
        connectionString: `postgres://x@127.0.0.1:${await freePort()}/x`,
      });
      await client.connect();
    });
    app = await buildTestApp();
    app.get('/api/probe/refused', async () => {
      throw refused;
    });
    app.get('/api/probe/terminated', async () => {
      throw serverError('57P01', 'terminating connection due to administrator command');
    });
    app.get('/api/probe/syntax', async () => {
      await sql`selec 1`.execute(app.db); // the engine's own error, on either engine
    });
  });
  afterAll(() => app.close());

  it.each(['refused', 'terminated'])(
    'answers 503 { message } with Retry-After (%s)',
    async (kind) => {
      const response = await app.inject(`/api/probe/${kind}`);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|administrator|57P01/);
    },
  );

  it("answers a statement's own error with a 500 as before", async () => {
    const response = await app.inject('/api/probe/syntax');
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
