import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { migrateEmbeddedToPostgres } from '../../../server/backup/migrate-to-postgres';
import { openDatabase } from '../../../server/db/connect';
import { buildTestApp } from '../helpers/build-test-app';
import { tableCounts } from '../helpers/table-counts';
import { addAthletes, coach, sprints } from '../event/fixtures';

/**
 * `npm run migrate-to-postgres`: an embedded installation copied into an empty
 * PostgreSQL database (a schema of its own on the test server), then the server started
 * on it with the same DATA_DIR: the same access token and API key work, the answers are
 * the same, every table has the same rows, and new rows take new ids. The source is
 * always the embedded engine, also under `npm run test:pg`.
 */
jest.setTimeout(400_000);

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `m_${Math.random().toString(16).slice(2, 10)}`;
const targetUrl = (() => {
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
})();

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-migrate-'));
  const admin = await openDatabase({ databaseUrl: serverUrl, dataDir });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
});
afterAll(async () => {
  const admin = await openDatabase({ databaseUrl: serverUrl, dataDir });
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
  await admin.close();
  await fs.promises.rm(dataDir, { recursive: true, force: true });
});

const env = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
// No delivery worker: it would record attempts and change the answers between the counts.
const webhooks = { enabled: false };
const kept = (extra: Record<string, string>) => ({
  env: { DATA_DIR: dataDir, ...extra },
  cleanup: async () => undefined,
});

it('copies an embedded installation into PostgreSQL; tokens, API keys and answers carry over', async () => {
  // 1. The embedded installation in use: a coach, athletes, results by API key, an
  //    order and the ledger, a webhook (its secret sealed by DATA_DIR's key) and its outbox.
  const embedded = await buildTestApp({ database: kept({ DATABASE_URL: '' }), env, webhooks });
  await embedded.ready();
  const made = await coach(embedded, 'mover@example.com');
  const athletes = await addAthletes(embedded, made.id, 8);
  const keyResponse = await embedded.inject({
    method: 'POST',
    url: '/api/integration/api-key',
    headers: made.headers,
    payload: { name: 'Gate 1' },
  });
  expect(keyResponse.statusCode).toBe(201);
  const apiKey = { authorization: `Bearer ${keyResponse.json<{ key: string }>().key}` };
  const hook = await embedded.inject({
    method: 'POST',
    url: '/api/integration/webhook',
    headers: made.headers,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['result.created'] },
  });
  expect(hook.statusCode).toBe(201);
  const ingest = await embedded.inject({
    method: 'POST',
    url: '/api/event',
    headers: apiKey,
    payload: { items: sprints('before', athletes, 24) },
  });
  expect(ingest.statusCode).toBe(201);
  const order = await embedded.inject({
    method: 'POST',
    url: '/api/store/order',
    headers: made.headers,
    payload: { packageId: 'spots-25' },
  });
  expect(order.statusCode).toBe(201);

  const samples = [
    '/api/user',
    '/api/athlete',
    '/api/event',
    '/api/leaderboard',
    '/api/store',
    '/api/store/order',
    '/api/integration/api-key',
    '/api/integration/webhook',
  ];
  // One at a time: the embedded engine's admission gate sheds a burst on a busy machine.
  const answers = async (app: App) => {
    const out: { url: string; status: number; body: unknown }[] = [];
    for (const url of samples) {
      const response = await app.inject({ url, headers: made.headers });
      out.push({ url, status: response.statusCode, body: response.json<unknown>() });
    }
    return out;
  };
  const before = await answers(embedded);
  expect(before.filter((answer) => answer.status !== 200)).toEqual([]);
  const rowsBefore = await tableCounts(embedded.db);
  const maxResult = await embedded.db
    .selectFrom('results')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  await embedded.close();

  // 2. The move.
  const moved = await migrateEmbeddedToPostgres(dataDir, targetUrl);
  expect(moved.restore.totalRows).toBe(moved.backup.totalRows);
  expect(fs.existsSync(moved.backup.file)).toBe(true);

  // 3. The server on PostgreSQL, same DATA_DIR.
  const postgres = await buildTestApp({
    database: kept({ DATABASE_URL: targetUrl }),
    env,
    webhooks,
  });
  await postgres.ready();
  try {
    expect(await tableCounts(postgres.db)).toEqual(rowsBefore);
    expect(await answers(postgres)).toEqual(before);
    // The API key still works, and new results take ids after the copied ones.
    const after = await postgres.inject({
      method: 'POST',
      url: '/api/event',
      headers: apiKey,
      payload: { items: sprints('after', athletes, 3) },
    });
    expect(after.statusCode).toBe(201);
    const newIds = after.json<{ items: { id: number }[] }>().items.map((item) => item.id);
    expect(Math.min(...newIds)).toBeGreaterThan(Number(maxResult.id));
    // Rows of every identity-keyed table can be added: a new athlete, order and key.
    const athlete = await postgres.inject({
      method: 'POST',
      url: '/api/athlete',
      headers: made.headers,
      payload: { firstName: 'New', lastName: 'Runner' },
    });
    expect(athlete.statusCode).toBe(201);
    expect(athlete.json<{ id: number }>().id).toBeGreaterThan(Math.max(...athletes));
    const secondOrder = await postgres.inject({
      method: 'POST',
      url: '/api/store/order',
      headers: made.headers,
      payload: { packageId: 'spots-100' },
    });
    expect(secondOrder.statusCode).toBe(201);
    expect(secondOrder.json<{ id: number }>().id).toBeGreaterThan(order.json<{ id: number }>().id);
  } finally {
    await postgres.close();
  }

  // 4. A second run finds the database in use and says so in one sentence.
  await expect(migrateEmbeddedToPostgres(dataDir, targetUrl)).rejects.toThrow(
    /^The target database is not empty \(it has \d+ tables\); restore into a fresh DATA_DIR or an empty PostgreSQL database\.$/,
  );
});
