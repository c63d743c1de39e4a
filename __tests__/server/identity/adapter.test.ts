import type { Adapter } from 'oidc-provider';
import type { App } from '../../../server/app';
import { createAdapterClass, purgeExpired } from '../../../server/identity/adapter';
import { loadIdentityKeys } from '../../../server/identity/keys';
import { buildTestApp } from '../helpers/build-test-app';

describe('identity storage adapter', () => {
  let app: App;
  let Adapter: new (model: string) => Adapter;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    Adapter = createAdapterClass(app.db);
  });
  afterAll(() => app.close());

  it('stores, finds, replaces and destroys a payload', async () => {
    const sessions = new Adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    await expect(sessions.find('s1')).resolves.toEqual({ uid: 'u1', accountId: 'a1' });
    await expect(sessions.findByUid('u1')).resolves.toEqual({ uid: 'u1', accountId: 'a1' });
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    await expect(sessions.find('s1')).resolves.toMatchObject({ accountId: 'a2' });
    await expect(new Adapter('Grant').find('s1')).resolves.toBeUndefined(); // models are apart
    await sessions.destroy('s1');
    await expect(sessions.find('s1')).resolves.toBeUndefined();
  });

  it('hides expired rows and purges them', async () => {
    const interactions = new Adapter('Interaction');
    await interactions.upsert('old', { uid: 'x' }, 1);
    await app.db
      .updateTable('identity_store')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', 'old')
      .execute();
    await interactions.upsert('forever', { uid: 'y' });
    await expect(interactions.find('old')).resolves.toBeUndefined();
    await expect(purgeExpired(app.db)).resolves.toBeGreaterThanOrEqual(1);
    const left = await app.db
      .selectFrom('identity_store')
      .select('id')
      .where('model', '=', 'Interaction')
      .execute();
    expect(left.map((row) => row.id)).toEqual(['forever']);
  });

  it('reports a consumed token and refuses to consume it twice', async () => {
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    await expect(codes.find('c1')).resolves.toMatchObject({
      grantId: 'g1',
      consumed: expect.any(Number),
    });
    await expect(codes.consume('c1')).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('lets exactly one of two parallel consumes win', async () => {
    const tokens = new Adapter('RefreshToken');
    for (let round = 0; round < 5; round += 1) {
      await tokens.upsert(`r${round}`, { grantId: 'g2' }, 60);
      const outcomes = await Promise.allSettled([
        tokens.consume(`r${round}`),
        tokens.consume(`r${round}`),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    }
  });

  it('revokes everything of one grant in one model', async () => {
    const tokens = new Adapter('RefreshToken');
    await tokens.upsert('keep', { grantId: 'other' }, 60);
    await tokens.upsert('drop', { grantId: 'g3' }, 60);
    await tokens.revokeByGrantId('g3');
    await expect(tokens.find('drop')).resolves.toBeUndefined();
    await expect(tokens.find('keep')).resolves.toBeDefined();
  });
});

describe('identity keys', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('creates the signing key and cookie secret once, even when asked in parallel', async () => {
    const [a, b] = await Promise.all([loadIdentityKeys(app.db), loadIdentityKeys(app.db)]);
    const c = await loadIdentityKeys(app.db); // as after a restart
    expect(a.signingKey).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(a.signingKey.d).toBeDefined();
    for (const other of [b, c]) {
      expect(other.signingKey.kid).toBe(a.signingKey.kid);
      expect(other.cookieKeys).toEqual(a.cookieKeys);
    }
    const rows = await app.db.selectFrom('identity_keys').select('kid').execute();
    expect(rows).toHaveLength(2);
  });
});
