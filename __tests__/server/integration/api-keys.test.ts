import { createHash } from 'node:crypto';
import type { EventBatchBody } from '../../../contract/event';
import type { ApiKeyListBody, NewApiKeyBody } from '../../../contract/integration';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, sprint, sprints } from '../event/fixtures';

/** API keys: made and listed by a signed-in coach, used by devices for results and reference data only. */
describe('API keys', () => {
  let app: App;
  let mine: { headers: Record<string, string>; id: string };
  let athletes: number[];
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'keys@example.com');
    athletes = await addAthletes(app, mine.id, 5);
  });
  afterAll(() => app.close());

  const makeKey = async (name: string, headers = mine.headers) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/integration/api-key',
      headers,
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json<NewApiKeyBody>();
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const list = async (headers = mine.headers) =>
    (await app.inject({ url: '/api/integration/api-key', headers })).json<ApiKeyListBody>();

  it('shows a new key once, stores only its hash, and lists it without the key', async () => {
    const made = await makeKey('  Lane 1 gates ');
    expect(made).toEqual({
      id: expect.any(Number),
      name: 'Lane 1 gates',
      key: expect.stringMatching(/^sl_live_[A-Za-z0-9_-]{43}$/),
      prefix: made.key.slice(0, 12),
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
      // Read-write unless asked otherwise (decision 035).
      access: 'write',
    });
    const row = await app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', String(made.id))
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(12));

    const listed = await list();
    const { key: _key, ...shown } = made;
    expect(listed.items).toContainEqual(shown);
    expect(JSON.stringify(listed)).not.toContain(made.key.slice(12));
    // Two keys never collide.
    expect((await makeKey('second')).key).not.toBe(made.key);
  });

  it('lets a key send results and read event types, for its own account', async () => {
    const { key } = await makeKey('Timing app');
    const post = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: bearer(key),
      payload: { items: sprints('key', athletes, 10) },
    });
    expect(post.statusCode).toBe(201);
    expect(post.json<EventBatchBody>().created).toBe(10);
    const stored = await app.db
      .selectFrom('results')
      .select('account_id')
      .where('client_id', 'like', 'key-%')
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => row.account_id === mine.id)).toBe(true);

    const types = await app.inject({ url: '/api/event-type', headers: bearer(key) });
    expect(types.statusCode).toBe(200);
  });

  it('keeps a key to its account: athletes of another account are not found', async () => {
    const other = await coach(app, 'keys-other@example.com');
    const theirAthlete = (await addAthletes(app, other.id, 1))[0]!;
    const { key } = await makeKey('Mine only');
    const response = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: bearer(key),
      payload: sprint('foreign', theirAthlete),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { athleteId: ['is not an athlete of this account'] },
    });
  });

  it('answers 403 to a key on every other call', async () => {
    const { key, id } = await makeKey('Limited');
    const stored = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint('for-403', athletes[0]!),
    });
    const resultId = stored.json<{ id: number }>().id;
    const calls: [string, string, object?][] = [
      ['GET', '/api/user'],
      ['PUT', '/api/user', { firstName: 'A', lastName: 'B' }],
      ['DELETE', '/api/user/purge'],
      ['GET', '/api/integration/api-key'],
      ['POST', '/api/integration/api-key', { name: 'from a key' }],
      ['DELETE', `/api/integration/api-key/${id}`],
      ['PUT', `/api/event/${resultId}`, {}],
      ['DELETE', `/api/event/${resultId}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: bearer(key),
        payload,
      });
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json()).toEqual({ message: expect.stringContaining('API key') });
      expect(response.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    }
    // Nothing happened: the result and the keys are still there.
    expect((await list()).items.find((k) => k.id === id)?.revokedAt).toBeNull();
    const again = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint('for-403', athletes[0]!),
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 401 to a revoked key and to an unknown one, and revoking is idempotent', async () => {
    const { key, id } = await makeKey('Old tablet');
    expect((await app.inject({ url: '/api/event-type', headers: bearer(key) })).statusCode).toBe(
      200,
    );
    const revoke = () =>
      app.inject({
        method: 'DELETE',
        url: `/api/integration/api-key/${id}`,
        headers: mine.headers,
      });
    expect((await revoke()).statusCode).toBe(204);
    const revokedAt = (await list()).items.find((k) => k.id === id)!.revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    expect((await revoke()).statusCode).toBe(204);
    expect((await list()).items.find((k) => k.id === id)!.revokedAt).toBe(revokedAt);

    for (const token of [key, `${key}x`, 'sl_live_not-a-key']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/event',
        headers: bearer(token),
        payload: sprint('after-revoke', athletes[0]!),
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    // On a route keys may not call, an unknown key is still a 401, not a 403.
    expect((await app.inject({ url: '/api/user', headers: bearer(key) })).statusCode).toBe(401);
  });

  it("answers 404 when revoking another account's key", async () => {
    const other = await coach(app, 'keys-thief@example.com');
    const { id } = await makeKey('Not theirs');
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/integration/api-key/${id}`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
    expect((await list()).items.find((k) => k.id === id)?.revokedAt).toBeNull();
    expect((await list(other.headers)).items).toEqual([]);
  });

  it('notes when a key was last used, at most once a minute', async () => {
    const { key, id } = await makeKey('Busy gates');
    await app.inject({ url: '/api/event-type', headers: bearer(key) });
    const first = (await list()).items.find((k) => k.id === id)!.lastUsedAt;
    expect(first).toEqual(expect.any(String));
    await app.inject({ url: '/api/event-type', headers: bearer(key) });
    expect((await list()).items.find((k) => k.id === id)!.lastUsedAt).toBe(first);
    // A minute later, the next call notes it again.
    await app.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(Date.now() - 61_000) })
      .where('id', '=', String(id))
      .execute();
    await app.inject({ url: '/api/event-type', headers: bearer(key) });
    const later = (await list()).items.find((k) => k.id === id)!.lastUsedAt!;
    expect(Date.now() - new Date(later).getTime()).toBeLessThan(10_000);
  });

  it('refuses an empty name, and more than 50 keys in use', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/api/integration/api-key',
      headers: mine.headers,
      payload: { name: '   ' },
    });
    expect(empty.json()).toEqual({ errors: { name: ['must not be empty'] } });
    const busy = await coach(app, 'keys-many@example.com');
    for (let i = 0; i < 50; i++) await makeKey(`key ${i}`, busy.headers);
    const tooMany = await app.inject({
      method: 'POST',
      url: '/api/integration/api-key',
      headers: busy.headers,
      payload: { name: 'one more' },
    });
    expect(tooMany.statusCode).toBe(409);
    const { items } = await list(busy.headers);
    await app.inject({
      method: 'DELETE',
      url: `/api/integration/api-key/${items[0]!.id}`,
      headers: busy.headers,
    });
    await makeKey('after revoking one', busy.headers);
  });

  it('documents the routes and which ones take a key', async () => {
    const doc = (await app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security?: object[]; summary?: string }>>;
      components: { securitySchemes: Record<string, object> };
    }>();
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    expect(doc.paths['/api/event']!.post!.security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/event-type']!.get!.security).toEqual([
      { bearerAuth: [] },
      { apiKey: [] },
    ]);
    expect(doc.paths['/api/integration/api-key']!.post!.security).toEqual([{ bearerAuth: [] }]);
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!/^\/api\/(event|integration)/.test(path)) continue;
      for (const [method, operation] of Object.entries(methods)) {
        expect({ path, method, summary: Boolean(operation.summary) }).toEqual({
          path,
          method,
          summary: true,
        });
      }
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/event',
        '/api/event/{id}',
        '/api/event-type',
        '/api/integration/api-key',
        '/api/integration/api-key/{id}',
      ]),
    );
  });
});
