import { exportJWK, generateKeyPair, UnsecuredJWT } from 'jose';
import type { App } from '../../../server/app';
import { loadIdentityKeys } from '../../../server/identity/keys';
import { buildTestApp } from '../helpers/build-test-app';
import { mintAccessToken, type MintOptions } from '../identity/mint-token';
import { signUp } from '../user/accounts';

describe('authentication of the API', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ env: { DEFAULT_ATHLETE_SPOTS: '7' } });
    await app.ready();
  });
  afterAll(() => app.close());

  const getUser = (authorization?: string) =>
    app.inject({ url: '/api/user', headers: authorization ? { authorization } : {} });
  const bearer = async (options: MintOptions) => `Bearer ${await mintAccessToken(app, options)}`;

  function expectRefused(response: Awaited<ReturnType<typeof getUser>>) {
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(response.json()).toEqual({ message: expect.any(String) });
  }

  it('refuses a call without a token, or with another scheme', async () => {
    expectRefused(await getUser());
    expectRefused(await getUser('Basic YTpi'));
    expectRefused(await getUser('Bearer'));
  });

  it('refuses expired, foreign and forged tokens', async () => {
    const { signingKey } = await loadIdentityKeys(app.db);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forgedKey = { ...(await exportJWK(privateKey)), kid: signingKey.kid };
    const algNone = new UnsecuredJWT({ client_id: 'splitline-app' })
      .setSubject('00000000-0000-4000-8000-000000000009')
      .setIssuer(app.identity.issuer)
      .setAudience(app.identity.audience)
      .setExpirationTime('10m')
      .encode();
    const cases = {
      expired: await bearer({ expiresIn: -120 }),
      'wrong audience': await bearer({ audience: 'https://elsewhere.example.com/api' }),
      'wrong issuer': await bearer({ issuer: 'https://evil.example.com/' }),
      'bad signature': await bearer({ key: forgedKey }),
      'alg none': `Bearer ${algNone}`,
      garbage: 'Bearer not.a.jwt',
      'unknown API key': 'Bearer sl_live_0123456789',
    };
    for (const [name, authorization] of Object.entries(cases)) {
      const response = await getUser(authorization);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 401 });
      expectRefused(response);
    }
    // Refused tokens make no accounts.
    expect(await app.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('needs no token for the health check and the API reference', async () => {
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/docs/json')).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/docs', headers: { accept: 'text/html' } })).statusCode,
    ).toBeLessThan(400);
  });

  it('documents the user routes with their answers', async () => {
    const paths = (await app.inject('/api/docs/json')).json<{ paths: Record<string, object> }>()
      .paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/user',
        '/api/user/uploadlogo',
        '/api/user/purge',
        '/api/user/verification-email',
        '/api/user/password',
      ]),
    );
    expect(JSON.stringify(paths['/api/user'])).toContain('"401"');
  });

  it('makes the account on the first call, with the configured athlete spots', async () => {
    const coach = await signUp(app, 'First.Call@Example.com');
    const first = await app.inject({ url: '/api/user', headers: coach.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      email: 'first.call@example.com',
      emailVerified: false,
      athleteSpots: 7,
      hasUpdatedProfile: false,
      logoUrl: null,
    });
    const again = await app.inject({ url: '/api/user', headers: coach.headers });
    expect(again.json().id).toBe(first.json().id);
    const rows = await app.db
      .selectFrom('users')
      .select(['id', 'auth_subject'])
      .where('auth_subject', '=', coach.sub)
      .execute();
    expect(rows).toEqual([{ id: first.json().id, auth_subject: coach.sub }]);
  });

  it('makes one account when the first calls race', async () => {
    const coach = await signUp(app, 'race@example.com');
    const answers = await Promise.all(
      [1, 2, 3].map(() => app.inject({ url: '/api/user', headers: coach.headers })),
    );
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
  });

  it('keeps accounts apart: each token sees its own profile only', async () => {
    const anna = await signUp(app, 'anna@example.com');
    const ben = await signUp(app, 'ben@example.com');
    await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: anna.headers,
      payload: { firstName: 'Anna', lastName: 'Lind', organisation: 'North High' },
    });
    const annaView = (await app.inject({ url: '/api/user', headers: anna.headers })).json();
    const benView = (await app.inject({ url: '/api/user', headers: ben.headers })).json();
    expect(annaView).toMatchObject({ email: 'anna@example.com', firstName: 'Anna' });
    expect(benView).toMatchObject({ email: 'ben@example.com', firstName: '', organisation: '' });
    expect(benView.id).not.toBe(annaView.id);
  });
});

describe('/config.json with Auth0 configured', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({
      env: {
        AUTH0_DOMAIN: 'splitline.eu.auth0.com',
        AUTH0_CLIENT_ID: 'spa-client',
        AUTH0_AUDIENCE: 'https://api.splitline.app',
      },
    });
  });
  afterAll(() => app.close());

  it('points the app at the Auth0 tenant', async () => {
    const response = await app.inject('/config.json');
    expect(response.json()).toEqual({
      apiBase: '/api',
      auth: {
        domain: 'https://splitline.eu.auth0.com',
        clientId: 'spa-client',
        audience: 'https://api.splitline.app',
      },
    });
  });
});
