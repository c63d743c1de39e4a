import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WebhookBody } from '../../../contract/webhook';
import type { App } from '../../../server/app';
import { openDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import { openSecret, sealSecret, UnreadableSecretError } from '../../../server/webhook/secret-box';
import { KEY_FILE, keyId, keyring } from '../../../server/webhook/secret-keys';
import { coach } from '../event/fixtures';
import { buildTestApp, testDatabase, type Store } from '../helpers/build-test-app';
import { eventually, startReceiver, subscribe, verified, type Receiver } from './receiver';

/**
 * Issue 31: webhook signing secrets are stored sealed (AES-256-GCM) with a key the
 * operator gives (WEBHOOK_SECRET_KEY) or the server makes in DATA_DIR (mode 0600); the
 * secrets in clear of an older database are sealed at the next start; a rotation seals
 * them again with the new key while the previous one still opens them; a server without
 * the key of its secrets refuses to start. Each delivery still verifies with the secret
 * the coach was shown.
 */
const keyA = randomBytes(32);
const keyB = randomBytes(32);
const keyC = randomBytes(32);

describe('secret box', () => {
  it('seals so that only the same account and a key of the ring open it', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const sealed = sealSecret(keyring(keyA), 'account-1', secret);
    expect(sealed).toMatch(new RegExp(`^sealed:v1:${keyId(keyA)}:[\\w-]{16}:[\\w-]+$`));
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealSecret(keyring(keyA), 'account-1', secret)).not.toBe(sealed); // a fresh IV
    expect(openSecret(keyring(keyA), 'account-1', sealed)).toBe(secret);
    // After a rotation: the previous key opens, the new one seals.
    expect(openSecret(keyring(keyB, [keyA]), 'account-1', sealed)).toBe(secret);
    expect(() => openSecret(keyring(keyB), 'account-1', sealed)).toThrow(UnreadableSecretError);
    expect(() => openSecret(keyring(keyA), 'account-2', sealed)).toThrow(/does not open/);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => openSecret(keyring(keyA), 'account-1', flipped)).toThrow(UnreadableSecretError);
    // A secret in clear (before migration 026) opens as it is.
    expect(openSecret(keyring(keyA), 'account-1', secret)).toBe(secret);
  });

  it('refuses a shortened authentication tag (a 4-byte tag is 2^32 forgeries away)', () => {
    // Sealed empty, the data is the 16-byte tag alone; cut to its first 4 bytes, GCM
    // checks those 4 bytes only, unless the length of the tag is fixed.
    const sealed = sealSecret(keyring(keyA), 'account-1', '');
    const [, , id, iv, data] = sealed.split(':');
    const tag = Buffer.from(data!, 'base64url');
    expect(tag).toHaveLength(16);
    for (const bytes of [4, 8, 12, 15]) {
      const cut = `sealed:v1:${id}:${iv}:${tag.subarray(0, bytes).toString('base64url')}`;
      expect(() => openSecret(keyring(keyA), 'account-1', cut)).toThrow(UnreadableSecretError);
    }
    expect(() => openSecret(keyring(keyA), 'account-1', `sealed:v1:${id}:${iv}:`)).toThrow(
      UnreadableSecretError,
    );
    expect(openSecret(keyring(keyA), 'account-1', sealed)).toBe('');
  });
});

describe('webhook secrets at rest', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const env = (current?: Buffer, previous: Buffer[] = []): Record<string, string> => ({
    ...(current ? { WEBHOOK_SECRET_KEY: current.toString('base64') } : {}),
    ...(previous.length > 0
      ? { WEBHOOK_SECRET_KEY_PREVIOUS: previous.map((k) => k.toString('hex')).join(', ') }
      : {}),
  });
  const start = async (database: Store, keys: Record<string, string>) => {
    const app = await buildTestApp({
      database,
      env: keys,
      config: { webhookAllowPrivateTargets: true },
      webhooks: { pollMs: 20, retryScheduleMs: [] },
    });
    await app.ready();
    return app;
  };
  const stored = async (app: App) =>
    app.db.selectFrom('webhook_subscriptions').select(['id', 'secret', 'secret_prefix']).execute();
  /** Queues a test event of the subscription (202). */
  const testEvent = async (app: App, headers: Record<string, string>, id: string | number) => {
    const queued = await app.inject({
      method: 'POST',
      url: `/api/integration/webhook/${id}/test`,
      headers,
    });
    expect(queued.statusCode).toBe(202);
  };
  /** The receiver's request number `index` (once it arrives) verifies with `secret`. */
  const arrivesSigned = async (index: number, secret: string) => {
    const request = (await receiver.waitFor(index + 1))[index]!;
    expect(() => verified(request, secret)).not.toThrow();
  };
  /** A test event through the worker: it verifies with `secret` at the receiver. */
  const verifies = async (
    app: App,
    headers: Record<string, string>,
    id: string | number,
    secret: string,
  ) => {
    const before = receiver.received.length;
    await testEvent(app, headers, id);
    await arrivesSigned(before, secret);
  };

  it('stores the secret sealed with a key made in DATA_DIR (0600), signs with it, and rotates', async () => {
    const database = await testDatabase();
    try {
      let app = await start(database, {});
      const mine = await coach(app, 'sealed@example.com');
      const { id, secret, secretPrefix } = await subscribe(app, mine.headers, {
        url: receiver.url,
        events: ['result.created'],
      });
      const file = path.join(app.config.dataDir, KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const generated = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
      const [row] = await stored(app);
      expect(row!.secret).toMatch(new RegExp(`^sealed:v1:${keyId(generated)}:`));
      expect(row!.secret).not.toContain(secret.slice(6));
      expect(row!.secret_prefix).toBe(secret.slice(0, 10));
      expect(secretPrefix).toBe(secret.slice(0, 10));
      await verifies(app, mine.headers, id, secret);
      await app.close();

      // The operator's key from now on: the generated one opens what it sealed (it
      // counts as previous), and the start seals everything again with the new one.
      app = await start(database, env(keyA));
      expect((await stored(app))[0]!.secret).toMatch(new RegExp(`^sealed:v1:${keyId(keyA)}:`));
      await verifies(app, mine.headers, id, secret);
      await app.close();
      fs.rmSync(file);

      // Rotation: B current, A previous; then B alone.
      app = await start(database, env(keyB, [keyA]));
      expect((await stored(app))[0]!.secret).toMatch(new RegExp(`^sealed:v1:${keyId(keyB)}:`));
      await app.close();
      app = await start(database, env(keyB));
      await verifies(app, mine.headers, id, secret);
      const shown = await app.inject({
        url: `/api/integration/webhook/${id}`,
        headers: mine.headers,
      });
      expect(shown.json<WebhookBody>().secretPrefix).toBe(secret.slice(0, 10));
      await app.close();

      // A server without the key of its secrets does not start.
      await expect(start(database, env(keyC))).rejects.toThrow(
        /cannot open: 1 with key k[0-9a-f]{8}\. Set WEBHOOK_SECRET_KEY/,
      );
    } finally {
      await database.cleanup();
    }
  }, 120_000);

  it('gives a delivery back uncounted to a server that has its key (a rolling rotation)', async () => {
    const database = await testDatabase();
    const lines: { level: number; msg: string; key?: string }[] = [];
    try {
      // A server still on key A, while another one has restarted with B (A previous).
      let app = await buildTestApp({
        database,
        env: env(keyA),
        config: { webhookAllowPrivateTargets: true },
        webhooks: { pollMs: 20, retryScheduleMs: [], leaseMs: 1_000 },
        logger: {
          level: 'warn',
          stream: { write: (line: string) => lines.push(JSON.parse(line) as never) },
        },
      });
      await app.ready();
      const mine = await coach(app, 'rolling@example.com');
      const { id, secret } = await subscribe(app, mine.headers, {
        url: receiver.url,
        events: ['result.created'],
      });
      // What the other server's start wrote: the secret sealed again with B.
      await app.db
        .updateTable('webhook_subscriptions')
        .set({ secret: sealSecret(keyring(keyB, [keyA]), mine.id, secret) })
        .where('id', '=', String(id))
        .execute();
      const before = receiver.received.length;
      await testEvent(app, mine.headers, id);
      await eventually(async () => lines.some((line) => line.msg.includes('given back')));
      const [logged] = lines.filter((line) => line.msg.includes('given back'));
      expect(logged).toMatchObject({ level: 50, key: keyId(keyB) });
      // Not an attempt: nothing sent, nothing counted, the webhook as it was.
      const delivery = () =>
        app.db
          .selectFrom('webhook_deliveries')
          .select(['status', 'attempts', 'error', 'leased_until'])
          .where('subscription_id', '=', String(id))
          .executeTakeFirstOrThrow();
      expect(await delivery()).toMatchObject({ status: 'pending', attempts: 0, error: null });
      const hook = await app.db
        .selectFrom('webhook_subscriptions')
        .select(['status', 'consecutive_failures'])
        .where('id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(hook).toEqual({ status: 'active', consecutive_failures: 0 });
      expect(receiver.received).toHaveLength(before);
      await app.close();

      // The server with key B takes it once the hold runs out, and signs it with the secret.
      app = await start(database, env(keyB, [keyA]));
      try {
        await arrivesSigned(before, secret);
        await eventually(async () => (await delivery()).status === 'delivered');
        expect((await delivery()).attempts).toBe(1);
      } finally {
        await app.close();
      }
    } finally {
      await database.cleanup();
    }
  }, 120_000);

  it('seals at the next start the secrets an older database kept in clear (migration 026)', async () => {
    // A database as it was before 026: the embedded one in a new DATA_DIR, or a schema
    // of its own on DATABASE_URL's server.
    let database: Store;
    if (process.env.DATABASE_URL) {
      database = await testDatabase();
    } else {
      const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-secrets-'));
      database = {
        env: { DATA_DIR: dataDir },
        cleanup: () => fs.promises.rm(dataDir, { recursive: true, force: true }),
      };
    }
    try {
      const handle = await openDatabase({
        databaseUrl: database.env.DATABASE_URL,
        dataDir: database.env.DATA_DIR!,
      });
      const secret = `whsec_${randomBytes(32).toString('base64')}`;
      try {
        const before = Object.fromEntries(
          Object.entries(migrations).filter(([name]) => name < '026'),
        );
        await migrateToLatest(handle.db as Kysely<unknown>, before);
        const { id: accountId } = await handle.db
          .insertInto('users')
          .values({ auth_subject: 'legacy', email: 'legacy@example.com' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await handle.db
          .insertInto('webhook_subscriptions')
          .values({ account_id: accountId, url: receiver.url, events: ['result.created'], secret })
          .execute();
      } finally {
        await handle.close();
      }

      const app = await start(database, env(keyA));
      try {
        const [row] = await stored(app);
        expect(row!.secret).toMatch(new RegExp(`^sealed:v1:${keyId(keyA)}:`));
        expect(row!.secret).not.toContain(secret.slice(6));
        expect(row!.secret_prefix).toBe(secret.slice(0, 10));
        expect(openSecret(keyring(keyA), (await accountOf(app, row!.id))!, row!.secret)).toBe(
          secret,
        );
      } finally {
        await app.close();
      }
    } finally {
      await database.cleanup();
    }
  }, 120_000);

  const accountOf = async (app: App, id: string) =>
    (
      await app.db
        .selectFrom('webhook_subscriptions')
        .select('account_id')
        .where('id', '=', id)
        .executeTakeFirst()
    )?.account_id;
});
