import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connect';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../../server/db/unavailable';
import { createPgCluster, postgresBinariesPresent, type PgCluster } from '../helpers/pg-cluster';
import { startServer, type ServerProcess } from '../helpers/server-process';
import {
  accessToken,
  alive,
  eventually,
  keyHolder,
  statusOf,
  watchStream,
} from './outage-fixtures';

/**
 * A PostgreSQL restart under a running server, as the issue saw it: a cluster of the
 * test's own (initdb, pg_ctl), a real server process on it, and `pg_ctl stop` (-m fast,
 * then -m immediate) while the pool holds idle connections and a live stream is open.
 * While the database is down every API request answers 503 with Retry-After and
 * /api/health 503; the process lives; once the cluster is back the next request
 * succeeds at once, and the live stream resyncs within about a second.
 * Independent of the suite's engine (the server never sees the suite's DATABASE_URL).
 */
jest.setTimeout(120_000);

const present = postgresBinariesPresent();
const describeWithPostgres = present ? describe : describe.skip;
const title = present
  ? 'the server through a restart of its PostgreSQL'
  : 'the server through a restart of its PostgreSQL (SKIPPED: PostgreSQL 15 programs initdb/pg_ctl/postgres not found; set PG_BIN_DIR)';

describeWithPostgres(title, () => {
  const publicUrl = 'http://splitline.test';
  let cluster: PgCluster;
  let server: ServerProcess;
  let admin: DatabaseHandle;
  let dataDir: string;
  let holder: Awaited<ReturnType<typeof keyHolder>>;

  beforeAll(async () => {
    cluster = await createPgCluster();
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-restart-'));
    server = startServer('server/server.ts', {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
    });
    await server.listening;
    admin = await openDatabase({ databaseUrl: cluster.url, dataDir }, { warn: () => undefined });
    holder = await keyHolder(admin.db);
  });

  afterAll(async () => {
    if (server && alive(server)) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await admin?.close();
    await cluster?.destroy();
    if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
  });

  const readReference = () => server.request('/api/event-type', { headers: holder.headers });

  describe.each(['fast', 'immediate'] as const)('pg_ctl stop -m %s', (mode) => {
    it('answers 503 with Retry-After while it is down, and recovers within a second', async () => {
      // Idle connections in the pool, and the live feed's LISTEN connection.
      const warm = await Promise.all(Array.from({ length: 3 }, readReference));
      expect(warm.map((response) => response.status)).toEqual([200, 200, 200]);
      const stream = await watchStream(server, await accessToken(admin.db, publicUrl, holder.sub));
      try {
        await cluster.stop(mode);

        const during = await readReference();
        expect(during.status).toBe(503);
        expect(during.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(await during.json()).toEqual({ message: expect.any(String) });
        expect(await statusOf(server, '/api/health')).toBe(503);
        // The live feed tries to listen again meanwhile, and fails, several times.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(alive(server)).toBe(true);
        expect((await readReference()).status).toBe(503);

        await cluster.start(); // returns once PostgreSQL accepts connections
        const back = performance.now();
        const after = await readReference();
        expect(after.status).toBe(200);
        expect(performance.now() - back).toBeLessThan(1_000);
        expect(await statusOf(server, '/api/health')).toBe(200);
        // Notices sent while it listened to nothing are lost: the stream is told to refetch,
        // once the feed's next retry (at most a second apart) listens again. After -m
        // immediate the cluster is still recovering then; a loaded machine took over 2 s.
        expect(await eventually(() => stream.events.includes('resync'), 10_000)).toBe(true);
        expect(alive(server)).toBe(true);
      } finally {
        stream.close();
      }
    });
  });
});
