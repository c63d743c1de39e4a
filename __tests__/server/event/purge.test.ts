import type { NewApiKeyBody } from '../../../contract/integration';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, countRows, sprints } from './fixtures';

describe('DELETE /api/user/purge after ingest', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it("removes the account's results, splits and API keys (the key answers 401 after), not another's", async () => {
    const mine = await coach(app, 'purge-ingest@example.com');
    const theirs = await coach(app, 'purge-keep@example.com');
    const keys: string[] = [];
    for (const who of [mine, theirs]) {
      const athletes = await addAthletes(app, who.id, 3);
      const made = await app.inject({
        method: 'POST',
        url: '/api/integration/api-key',
        headers: who.headers,
        payload: { name: 'gates' },
      });
      const { key } = made.json<NewApiKeyBody>();
      keys.push(key);
      const posted = await app.inject({
        method: 'POST',
        url: '/api/event',
        headers: { authorization: `Bearer ${key}` },
        payload: { items: sprints('p', athletes, 20) },
      });
      expect(posted.statusCode).toBe(201);
    }
    const theirsBefore = await countRows(app, theirs.id);

    const purge = await app.inject({
      method: 'DELETE',
      url: '/api/user/purge',
      headers: mine.headers,
    });
    expect(purge.statusCode).toBe(204);

    expect(await countRows(app, mine.id)).toEqual({ results: 0, splits: 0 });
    const myKeys = await app.db
      .selectFrom('api_keys')
      .select('id')
      .where('account_id', '=', mine.id)
      .execute();
    expect(myKeys).toEqual([]);
    const withOldKey = await app.inject({
      url: '/api/event-type',
      headers: { authorization: `Bearer ${keys[0]}` },
    });
    expect(withOldKey.statusCode).toBe(401);
    expect(await countRows(app, theirs.id)).toEqual(theirsBefore);
    const theirKey = await app.inject({
      url: '/api/event-type',
      headers: { authorization: `Bearer ${keys[1]}` },
    });
    expect(theirKey.statusCode).toBe(200);
  });
});
