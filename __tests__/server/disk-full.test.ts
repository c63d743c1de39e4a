import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HealthBody } from '../../contract/health';
import type { NewApiKeyBody } from '../../contract/integration';
import { addAthletes, coach, sprint } from './event/fixtures';
import { buildTestApp, testDatabase, type Store } from './helpers/build-test-app';
import { startServer, type ServerProcess } from './helpers/server-process';

/**
 * Issue 36, "Disk full", on a real file system that fills up (decision 039): the real
 * server on the embedded database in a small tmpfs, a device posting results, and a file
 * that takes the free space down to 7 MB meanwhile. Writes must answer 503 with
 * Retry-After, reads and health go on (health says why), the log warns; once the file is
 * gone, writes are stored again without a restart, and every acknowledged result is
 * there while no refused one is. Then a start with 15 MB free: one sentence, no stack.
 *
 * Mounting a tmpfs needs root (CI runs as root); elsewhere the test is skipped, and
 * disk-guard.test.ts checks the same through a stand-in for statfs.
 */
jest.setTimeout(240_000);

const MB = 1024 * 1024;
const TMPFS_SIZE = '160m';

/** Why the test cannot run here (no tmpfs can be mounted), or undefined when it can. */
function cannotMount(): string | undefined {
  // The child servers run on the embedded database: once, in the embedded run.
  if (process.env.DATABASE_URL) return 'the embedded database only, run without DATABASE_URL';
  if (process.platform !== 'linux') return 'tmpfs is Linux only';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-tmpfs-probe-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe]);
    if (mounted.status !== 0) return `mount failed: ${mounted.stderr.toString().trim()}`;
    spawnSync('umount', [probe]);
    return undefined;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const skipReason = cannotMount();
const suite = skipReason ? describe.skip : describe;

function freeBytes(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

/** Writes `file` until `dir`'s file system has about `leave` bytes free. */
async function fillUntil(dir: string, file: string, leave: number): Promise<void> {
  const handle = await fs.promises.open(file, 'a');
  try {
    const chunk = Buffer.alloc(MB, 1);
    for (let free = freeBytes(dir); free > leave; free = freeBytes(dir)) {
      await handle.write(chunk.subarray(0, Math.min(MB, free - leave)));
    }
  } finally {
    await handle.close();
  }
}

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A device posting one result after another under new client ids, until stopped. */
function device(server: ServerProcess, key: string, athleteId: number) {
  const acknowledged: string[] = [];
  const refused: { clientId: string; retryAfter: string | null; message: string }[] = [];
  const other: string[] = [];
  let running = true;
  let n = 0;
  const done = (async () => {
    while (running) {
      const clientId = `disk-full-${n}`;
      const response = await server.request('/api/event', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(sprint(clientId, athleteId, {}, n)),
      });
      n += 1;
      const body = await response.text();
      if (response.status === 201) acknowledged.push(clientId);
      else if (response.status === 503) {
        const { message } = JSON.parse(body) as { message: string };
        refused.push({ clientId, retryAfter: response.headers.get('retry-after'), message });
        await new Promise((resolve) => setTimeout(resolve, 50)); // a device backs off
      } else other.push(`${response.status} ${body}`);
    }
  })();
  return {
    acknowledged,
    refused,
    other,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

suite(
  `a disk that fills up under the embedded database${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let mount: string;
    let dataDir: string;
    let store: Store;
    let key: string;
    let accountId: string;
    let athleteId: number;

    beforeAll(async () => {
      // An account with an athlete and a device's API key, made on a database of its own,
      // then copied onto a fresh tmpfs.
      store = await testDatabase();
      const app = await buildTestApp({ database: store });
      await app.ready();
      const owner = await coach(app, 'full-disk@example.com');
      accountId = owner.id;
      athleteId = (await addAthletes(app, owner.id, 1))[0]!;
      const made = await app.inject({
        method: 'POST',
        url: '/api/integration/api-key',
        headers: owner.headers,
        payload: { name: 'Lane 1 gates' },
      });
      key = made.json<NewApiKeyBody>().key;
      await app.close();

      mount = fs.mkdtempSync(path.join(os.tmpdir(), 'i36-disk-'));
      const mounted = spawnSync('mount', [
        '-t',
        'tmpfs',
        '-o',
        `size=${TMPFS_SIZE}`,
        'tmpfs',
        mount,
      ]);
      if (mounted.status !== 0) throw new Error(mounted.stderr.toString());
      dataDir = path.join(mount, 'data');
      await fs.promises.cp(store.env.DATA_DIR!, dataDir, { recursive: true });
    });

    afterAll(async () => {
      if (mount) {
        spawnSync('umount', [mount]);
        fs.rmSync(mount, { recursive: true, force: true });
      }
      await store?.cleanup();
    });

    it('refuses writes with 503 while full, serves reads and says why, recovers by itself, and loses nothing acknowledged', async () => {
      const filler = path.join(mount, 'filler');
      const server = startServer('server/server.ts', {
        DATA_DIR: dataDir,
        METRICS_ENABLED: 'true',
      });
      await server.listening;
      const gates = device(server, key, athleteId);
      const read = () =>
        server.request('/api/sport', { headers: { authorization: `Bearer ${key}` } });
      const health = async () => {
        const response = await server.request('/api/health');
        return { status: response.status, body: (await response.json()) as HealthBody };
      };
      try {
        await waitFor(() => gates.acknowledged.length >= 30);
        // A small disk is below the 200 MB warning line from the start.
        expect((await health()).body).toMatchObject({ status: 'ok', disk: 'low' });

        // Another program fills the disk while the device posts: 7 MB left, as in issue 36.
        await fillUntil(mount, filler, 7 * MB);
        const refusedBefore = gates.refused.length;
        await waitFor(() => gates.refused.length >= refusedBefore + 10);
        expect(gates.refused.at(-1)).toEqual({
          clientId: expect.any(String),
          retryAfter: '60',
          message:
            "The server's disk is nearly full, so it cannot store changes right now. Nothing was changed; reading still works. Try again later.",
        });
        expect((await read()).status).toBe(200);
        const full = await health();
        expect(full.status).toBe(200);
        expect(full.body).toMatchObject({ status: 'degraded', database: 'ok', disk: 'full' });
        expect(full.body.message).toMatch(
          /^The disk of the data directory is nearly full \(\d+(\.\d)? MB free of 160 MB, under 64 MB\): writes are refused \(503\) until space is freed; reads are served\.$/,
        );
        const metrics = await (await server.request('/metrics')).text();
        expect(metrics).toMatch(/^splitline_disk_writes_refused 1$/m);
        expect(metrics).toMatch(/^splitline_disk_low 1$/m);
        const free = Number(/^splitline_disk_free_bytes (\d+)$/m.exec(metrics)?.[1]);
        expect(free).toBeLessThan(8 * MB);
        expect(server.output()).toMatch(/"level":50,[^\n]*"msg":"disk nearly full: /);

        // The space comes back: the next writes are stored, without a restart.
        await fs.promises.rm(filler);
        const acknowledgedBefore = gates.acknowledged.length;
        await waitFor(() => gates.acknowledged.length >= acknowledgedBefore + 30);
        expect((await health()).body).toMatchObject({ status: 'ok', disk: 'low' });
      } finally {
        await gates.stop();
        server.child.kill('SIGTERM');
      }
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(gates.other).toEqual([]);
      expect(server.output()).toMatch(
        /"level":40,[^\n]*"msg":"disk space low: [^"]* \(API writes are accepted again\)"/,
      );

      // Every acknowledged result is stored, and no refused one.
      const app = await buildTestApp({ database: { ...store, env: { DATA_DIR: dataDir } } });
      try {
        await app.ready();
        const stored = new Set(
          (
            await app.db
              .selectFrom('results')
              .select('client_id')
              .where('account_id', '=', accountId)
              .execute()
          ).map((row) => row.client_id),
        );
        expect(gates.acknowledged.length).toBeGreaterThanOrEqual(60);
        expect(gates.acknowledged.filter((clientId) => !stored.has(clientId))).toEqual([]);
        expect(gates.refused.filter(({ clientId }) => stored.has(clientId))).toEqual([]);
        expect(stored.size).toBe(gates.acknowledged.length);
      } finally {
        await app.close();
      }
    });

    it('stops a start with 15 MB free with one sentence, and starts once space is back', async () => {
      const filler = path.join(mount, 'filler-start');
      await fillUntil(mount, filler, 15 * MB);
      const refused = startServer('server/server.ts', { DATA_DIR: dataDir });
      expect((await refused.exited).code).toBe(1);
      expect(refused.output().trim()).toMatch(
        new RegExp(
          `^Splitline cannot start\\. The disk of DATA_DIR=${dataDir} has 1[45](\\.\\d)? MB free; ` +
            `the embedded database needs at least 64 MB to open safely\\. Free some space on that ` +
            `disk, or move DATA_DIR to a larger one\\.$`,
        ),
      );
      expect(refused.output()).not.toContain('    at ');

      await fs.promises.rm(filler);
      const started = startServer('server/server.ts', { DATA_DIR: dataDir });
      await started.listening;
      expect((await started.request('/api/health')).status).toBe(200);
      started.child.kill('SIGTERM');
      expect(await started.exited).toEqual({ code: 0, signal: null });
    });
  },
);
