import type { HealthBody } from '../../contract/health';
import type { App } from '../../server/app';
import type { StatFs } from '../../server/db/disk-space';
import { addAthletes, coach, countRows, sprint } from './event/fixtures';
import { buildTestApp } from './helpers/build-test-app';

/**
 * The disk guard (decision 039) through the API, with a stand-in for statfs so that the
 * disk can be "filled" and freed at will: writes answer 503 with Retry-After while less
 * than 64 MB are free (embedded database), reads go on, health and /metrics say why,
 * the log warns before, and writes are taken again as soon as space returns. The same on
 * a real, full tmpfs: disk-full.test.ts.
 */
const MB = 1024 * 1024;
const GB = 1024 * MB;
const embedded = !process.env.DATABASE_URL;

/** A 10 GB disk (warning below 512 MB) whose free space the test sets. */
const disk = { free: 5 * GB };
const statfs: StatFs = async () => ({
  bsize: 4096,
  blocks: (10 * GB) / 4096,
  bavail: disk.free / 4096,
});

let app: App;
let mine: { headers: Record<string, string>; id: string };
let athletes: number[];
const lines: { level: number; msg: string; freeBytes?: number }[] = [];

beforeAll(async () => {
  app = await buildTestApp({
    env: { METRICS_ENABLED: 'true' },
    disk: { statfs, writeMaxAgeMs: 0, reportMaxAgeMs: 0 },
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  // A write that gets past the guard and meets a full disk (a file, or the database).
  app.post('/api/test/enospc', async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
  app.post('/api/test/disk-full', async () => {
    throw new Error('insert failed', {
      cause: Object.assign(new Error('could not extend file "base/5/16384"'), { code: '53100' }),
    });
  });
  await app.ready();
  mine = await coach(app, 'disk@example.com');
  athletes = await addAthletes(app, mine.id, 2);
});
afterAll(() => app.close());
afterEach(() => {
  disk.free = 5 * GB;
});

const post = (clientId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/event',
    headers: mine.headers,
    payload: sprint(clientId, athletes[0]!),
  });
const health = async () => {
  const response = await app.inject('/api/health');
  return { status: response.statusCode, body: response.json<HealthBody>() };
};
const metric = async (name: string) => {
  const text = (await app.inject('/metrics')).body;
  const line = text.split('\n').find((row) => row.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

it('stores writes and says nothing while the disk has room', async () => {
  expect((await post('room-1')).statusCode).toBe(201);
  expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  expect((await health()).body).not.toHaveProperty('disk');
  expect(await metric('splitline_disk_free_bytes')).toBe(5 * GB);
  expect(await metric('splitline_disk_size_bytes')).toBe(10 * GB);
  expect(await metric('splitline_disk_low')).toBe(0);
  expect(await metric('splitline_disk_writes_refused')).toBe(0);
});

it('warns in the log, on /metrics and in health when the disk runs low, and still stores', async () => {
  disk.free = 300 * MB; // below 5 % of 10 GB
  expect((await post('low-1')).statusCode).toBe(201);
  const { status, body } = await health();
  expect(status).toBe(200);
  expect(body).toMatchObject({ status: 'ok', database: 'ok', disk: 'low' });
  expect(body.message).toBe(
    `The disk of the data directory is running low (300 MB free of 10,240 MB); ${
      embedded ? 'writes will be refused below 64 MB' : 'uploads will fail once it is full'
    }.`,
  );
  expect(await metric('splitline_disk_low')).toBe(1);
  expect(await metric('splitline_disk_writes_refused')).toBe(0);
  const warning = lines.find((line) => line.msg.startsWith('disk space low'));
  expect(warning).toMatchObject({
    level: 40,
    msg: embedded
      ? 'disk space low: 300 MB free of 10,240 MB on DATA_DIR; writes are refused below 64 MB'
      : 'disk space low: 300 MB free of 10,240 MB on DATA_DIR (logos, mail)',
    freeBytes: 300 * MB,
  });
});

(embedded ? it : it.skip)(
  'refuses writes with 503 and Retry-After when nearly full, serves reads, and takes writes again once space returns',
  async () => {
    const before = await countRows(app, mine.id);
    disk.free = 7 * MB;

    const refused = await post('full-1');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      message:
        "The server's disk is nearly full, so it cannot store changes right now. Nothing was changed; reading still works. Try again later.",
    });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: mine.headers,
      payload: {},
    });
    expect(put.statusCode).toBe(503);

    const read = await app.inject({ url: '/api/event?pageSize=10', headers: mine.headers });
    expect(read.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: mine.headers })).statusCode).toBe(200);

    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', database: 'ok', disk: 'full' });
    expect(body.message).toBe(
      'The disk of the data directory is nearly full (7 MB free of 10,240 MB, under 64 MB): writes are refused (503) until space is freed; reads are served.',
    );
    expect(await metric('splitline_disk_writes_refused')).toBe(1);
    expect(await metric('splitline_disk_refused_writes')).toBeGreaterThanOrEqual(2);
    expect(lines.find((line) => line.msg.startsWith('disk nearly full'))).toMatchObject({
      level: 50,
      msg: 'disk nearly full: 7 MB free of 10,240 MB on DATA_DIR; API writes are refused (503) until 64 MB are free',
    });
    expect(await countRows(app, mine.id)).toEqual(before);

    disk.free = 2 * GB; // an operator freed space: no restart
    expect((await post('full-2')).statusCode).toBe(201);
    expect((await post('full-1')).statusCode).toBe(201); // the refused one, sent again
    expect((await countRows(app, mine.id)).results).toBe(before.results + 2);
    expect((await health()).body).toEqual({
      status: 'ok',
      database: 'ok',
      version: expect.any(String),
    });
    expect(lines.some((line) => line.msg.startsWith('disk space back to normal'))).toBe(true);
  },
);

(embedded ? it.skip : it)(
  'on PostgreSQL stores writes (the database has its own disk) and says DATA_DIR is full',
  async () => {
    disk.free = 7 * MB;
    expect((await post('pg-full-1')).statusCode).toBe(201);
    expect(await health()).toMatchObject({
      status: 200,
      body: { status: 'degraded', disk: 'full' },
    });
    expect(await metric('splitline_disk_writes_refused')).toBe(0);
  },
);

it('answers a write that met a full disk past the guard with the same 503, not a 500', async () => {
  for (const url of ['/api/test/enospc', '/api/test/disk-full']) {
    const response = await app.inject({ method: 'POST', url });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json<{ message: string }>().message).toMatch(
      /^The server's disk is nearly full/,
    );
  }
  expect(lines.filter((line) => line.msg === 'write failed: the disk is full')).toHaveLength(2);
  expect(lines.some((line) => line.msg === 'request failed')).toBe(false);
});
