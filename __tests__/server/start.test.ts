import { sql } from 'kysely';
import type { App } from '../../server/app';
import { POOL_KEPT_CONNECTIONS } from '../../server/db/connect';
import { startApp } from '../../server/start';
import type { warmUpDatabase } from '../../server/warm-up';
import { buildTestApp, testDatabase } from './helpers/build-test-app';
import { startServer } from './helpers/server-process';

const embedded = !process.env.DATABASE_URL;

type WarmUp = typeof warmUpDatabase;

const summary = {
  results: 50,
  batchMs: [1],
  reads: 7,
  stepsMs: { setup: 1, batches: 1, reads: 1 },
  ms: 1,
};

/**
 * The start sequence (server/start.ts): the warm-up runs before the server listens, once
 * on the embedded database (decision 029), on each connection the pool keeps on
 * PostgreSQL (decision 030), and a failing warm-up does not stop the start.
 */
describe('starting the server', () => {
  let app: App;
  beforeEach(async () => {
    app = await buildTestApp();
    await app.ready(); // its config, for startApp
  });
  afterEach(() => app.close());

  (embedded ? it : it.skip)('warms the embedded database up before it listens', async () => {
    const listeningThen: boolean[] = [];
    const warmUp = jest.fn<ReturnType<WarmUp>, Parameters<WarmUp>>(async () => {
      listeningThen.push(app.server.listening);
      return summary;
    });
    await startApp(app, app.config, { warmUp });
    expect(warmUp).toHaveBeenCalledTimes(1);
    expect(warmUp).toHaveBeenCalledWith(app.db, { countCap: app.config.resultCountCap });
    expect(listeningThen).toEqual([false]);
    expect(app.server.listening).toBe(true);
  });

  it('starts all the same when the warm-up fails, with a warning', async () => {
    const warn = jest.spyOn(app.log, 'warn');
    try {
      const warmUp = jest.fn<ReturnType<WarmUp>, Parameters<WarmUp>>(async () => {
        throw new Error('warm-up broke');
      });
      await startApp(app, app.config, { warmUp });
      expect(warmUp).toHaveBeenCalledTimes(embedded ? 1 : POOL_KEPT_CONNECTIONS);
      expect(app.server.listening).toBe(true);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.objectContaining({ message: 'warm-up broke' }) }),
        'database warm-up failed; starting without it',
      );
      const health = await app.inject('/api/health');
      expect(health.statusCode).toBe(200);
    } finally {
      warn.mockRestore();
    }
  });

  (embedded ? it.skip : it)(
    'warms each connection the PostgreSQL pool keeps, at once, before it listens',
    async () => {
      const backends = new Set<number>();
      let release!: () => void;
      const allIn = new Promise<void>((resolve) => (release = resolve));
      const listeningThen: boolean[] = [];
      // Each warm-up holds its transaction (so its connection) until all of them have one.
      const warmUp = jest.fn<ReturnType<WarmUp>, Parameters<WarmUp>>((db) =>
        db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          backends.add(rows[0]!.pid);
          if (backends.size === POOL_KEPT_CONNECTIONS) release();
          await allIn;
          listeningThen.push(app.server.listening);
          return summary;
        }),
      );
      await startApp(app, app.config, { warmUp });
      expect(warmUp).toHaveBeenCalledTimes(POOL_KEPT_CONNECTIONS);
      expect(backends.size).toBe(POOL_KEPT_CONNECTIONS);
      expect(listeningThen).toEqual(Array(POOL_KEPT_CONNECTIONS).fill(false));
      expect(app.server.listening).toBe(true);
    },
  );
});

// A real process: once, in the embedded run.
(embedded ? describe : describe.skip)('the server process', () => {
  it('logs the warm-up (debug) before it says it is running', async () => {
    const database = await testDatabase();
    try {
      const server = startServer('server/server.ts', { ...database.env, LOG_LEVEL: 'debug' });
      try {
        await server.listening;
        const output = server.output();
        const warmed = output.indexOf('database warmed up');
        expect(warmed).toBeGreaterThan(-1);
        expect(warmed).toBeLessThan(output.indexOf('Splitline is running'));
        expect(output).toMatch(
          /"connections":1,"results":\d+,"batchMs":\[\[[\d,]+\]\],"reads":7[^\n]*database warmed up/,
        );
        expect((await server.request('/api/health')).status).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    } finally {
      await database.cleanup();
    }
  }, 120_000);
});
