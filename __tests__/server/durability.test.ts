import fs from 'node:fs';
import path from 'node:path';
import { lockFileName } from '../../server/db/data-dir-lock';
import { embeddedDatabase, type Store } from './helpers/build-test-app';
import { killHard, startServer, type ServerProcess } from './helpers/server-process';

/**
 * What the embedded database promises, checked on real processes over real HTTP with a
 * temporary DATA_DIR: every acknowledged write survives kill -9, and the data-dir lock
 * keeps a second server off a directory in use. Embedded database only (the child
 * processes never see DATABASE_URL): `npm run test:pg` leaves this file out (jest.config.ts).
 */
jest.setTimeout(120_000);

const writeServer = '__tests__/server/fixtures/write-server.ts';

// A migrated database to start from, as a server that has run before has.
let store: Store;
let dataDir: string;
beforeEach(async () => {
  store = await embeddedDatabase();
  dataDir = store.env.DATA_DIR!;
});
afterEach(() => store.cleanup());

/** Concurrent writers inserting rows with ids from `firstId` up, until the server dies. */
function writeUntilGone(server: ServerProcess, writers: number, firstId: number) {
  const acknowledged = new Set<number>();
  let next = firstId;
  const writer = async () => {
    for (;;) {
      const id = next++;
      try {
        const response = await server.request('/api/test/rows', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
        });
        if (response.status === 200) acknowledged.add(id);
      } catch {
        return; // connection refused or reset: the server is gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: writers }, writer));
  return { acknowledged, done, nextId: () => next };
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

it('keeps every acknowledged write through two kill -9 mid-write', async () => {
  const acknowledged = new Set<number>();
  let firstId = 1;
  for (let crash = 0; crash < 2; crash++) {
    const server = startServer(writeServer, { DATA_DIR: dataDir });
    await server.listening;
    const writes = writeUntilGone(server, 6, firstId);
    await waitFor(() => writes.acknowledged.size >= 150);
    await killHard(server); // writes are in flight
    await writes.done;
    writes.acknowledged.forEach((id) => acknowledged.add(id));
    firstId = writes.nextId();
  }

  const after = startServer(writeServer, { DATA_DIR: dataDir });
  await after.listening;
  const kept = new Set((await (await after.request('/api/test/rows')).json()) as number[]);
  expect(acknowledged.size).toBeGreaterThanOrEqual(300);
  expect([...acknowledged].filter((id) => !kept.has(id))).toEqual([]);
  after.child.kill('SIGTERM');
  expect(await after.exited).toEqual({ code: 0, signal: null });
});

it('keeps a second server off a data directory in use, until its holder is gone', async () => {
  const first = startServer('server/server.ts', { DATA_DIR: dataDir });
  await first.listening;

  const second = startServer('server/server.ts', { DATA_DIR: dataDir });
  expect((await second.exited).code).toBe(1);
  expect(second.output()).toContain(
    `The data directory ${dataDir} is in use by another Splitline server (pid ${first.child.pid})`,
  );
  expect((await first.request('/api/health')).status).toBe(200);

  await killHard(first); // leaves a stale lock file behind
  expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(true);
  const third = startServer('server/server.ts', { DATA_DIR: dataDir });
  await third.listening;
  expect((await third.request('/api/health')).status).toBe(200);

  third.child.kill('SIGTERM'); // graceful: closes the database, releases the lock
  expect(await third.exited).toEqual({ code: 0, signal: null });
  expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false);
});
