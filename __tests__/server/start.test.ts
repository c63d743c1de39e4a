import type { App } from '../../server/app';
import { startApp } from '../../server/start';
import type { warmUpDatabase } from '../../server/warm-up';
import { buildTestApp, testDatabase } from './helpers/build-test-app';
import { startServer } from './helpers/server-process';

const embedded = !process.env.DATABASE_URL;

type WarmUp = typeof warmUpDatabase;

/**
 * The start sequence (server/start.ts): on the embedded database the warm-up runs once,
 * before the server listens, and a failing warm-up does not stop the start (decision
 * 029); PostgreSQL starts without one.
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
      return {
        results: 50,
        batchMs: [1],
        reads: 7,
        stepsMs: { setup: 1, batches: 1, reads: 1 },
        ms: 1,
      };
    });
    await startApp(app, app.config, { warmUp });
    expect(warmUp).toHaveBeenCalledTimes(1);
    expect(warmUp).toHaveBeenCalledWith(app.db, { countCap: app.config.resultCountCap });
    expect(listeningThen).toEqual([false]);
    expect(app.server.listening).toBe(true);
  });

  (embedded ? it : it.skip)(
    'starts all the same when the warm-up fails, with a warning',
    async () => {
      const warn = jest.spyOn(app.log, 'warn');
      try {
        const warmUp = jest.fn<ReturnType<WarmUp>, Parameters<WarmUp>>(async () => {
          throw new Error('warm-up broke');
        });
        await startApp(app, app.config, { warmUp });
        expect(warmUp).toHaveBeenCalledTimes(1);
        expect(app.server.listening).toBe(true);
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.objectContaining({ message: 'warm-up broke' }) }),
          'embedded database warm-up failed; starting without it',
        );
        const health = await app.inject('/api/health');
        expect(health.statusCode).toBe(200);
      } finally {
        warn.mockRestore();
      }
    },
  );

  (embedded ? it.skip : it)('does not warm PostgreSQL up', async () => {
    const warmUp = jest.fn<ReturnType<WarmUp>, Parameters<WarmUp>>();
    await startApp(app, app.config, { warmUp });
    expect(warmUp).not.toHaveBeenCalled();
    expect(app.server.listening).toBe(true);
  });
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
        const warmed = output.indexOf('embedded database warmed up');
        expect(warmed).toBeGreaterThan(-1);
        expect(warmed).toBeLessThan(output.indexOf('Splitline is running'));
        expect(output).toMatch(
          /"results":\d+,"batchMs":\[[\d,]+\],"reads":7[^\n]*embedded database warmed up/,
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
