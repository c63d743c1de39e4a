import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import type { App } from '../../../server/app';
import { loadIdentityKeys } from '../../../server/identity/keys';
import {
  createTokenVerifier,
  InvalidTokenError,
  type TokenCacheSettings,
} from '../../../server/identity/verify-token';
import { buildIdentityApp } from './identity-app';
import { mintAccessToken } from './mint-token';

describe('access-token check of the API', () => {
  let app: App;
  const sub = '5d1c7f9e-3a57-4b8e-9f3e-2b0f6a1d9c44';

  beforeAll(async () => {
    ({ app } = await buildIdentityApp());
  });
  afterAll(() => app.close());

  const verify = (token: string) => app.identity.verifyAccessToken(token);

  it('accepts a token of our provider and reads client_id', async () => {
    await expect(verify(await mintAccessToken(app, { sub }))).resolves.toMatchObject({
      sub,
      clientId: 'splitline-app',
    });
  });

  it('reads azp when the token comes from Auth0', async () => {
    const token = await mintAccessToken(app, {
      sub,
      claims: { client_id: undefined, azp: 'auth0-app' },
    });
    await expect(verify(token)).resolves.toMatchObject({ clientId: 'auth0-app' });
  });

  it('rejects a missing, expired, foreign or forged token', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const { signingKey } = await loadIdentityKeys(app.db);
    const strangerKey = { ...(await exportJWK(privateKey)), kid: signingKey.kid }; // same kid, other key
    const unsigned = new UnsecuredJWT({ sub, client_id: 'splitline-app' })
      .setIssuer(app.identity.issuer)
      .setAudience(app.identity.audience)
      .setExpirationTime('10m')
      .encode();
    const cases: [string, string][] = [
      ['no token', ''],
      ['expired', await mintAccessToken(app, { sub, expiresIn: -120 })],
      [
        'wrong audience',
        await mintAccessToken(app, { sub, audience: 'https://other.example/api' }),
      ],
      ['wrong issuer', await mintAccessToken(app, { sub, issuer: 'https://evil.example/' })],
      ['alg none', unsigned],
      ['bad signature', await mintAccessToken(app, { sub, key: strangerKey })],
      ['not a JWT', 'abc.def'],
    ];
    for (const [label, token] of cases) {
      await expect(verify(token).then(() => label)).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });
});

describe('a verified token, when it comes again', () => {
  const issuer = 'https://id.example/';
  const audience = 'https://api.example/';
  const start = Date.UTC(2026, 10, 25, 12);
  let clock = start;
  let keyLookups = 0;
  let sign: (sub: string, expiresAt: number) => Promise<string>;
  let keys: () => Promise<Awaited<ReturnType<typeof generateKeyPair>>['publicKey']>;

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    keys = async () => {
      keyLookups++;
      return publicKey;
    };
    sign = (sub, expiresAt) =>
      new SignJWT({ client_id: 'splitline-app' })
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(Math.floor(start / 1000))
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .sign(privateKey);
  });
  beforeEach(() => {
    clock = start;
    keyLookups = 0;
  });

  const verifier = (cache: Partial<TokenCacheSettings> = {}) =>
    createTokenVerifier({
      issuer,
      audience,
      keys,
      cache: { maxAgeMs: 60_000, size: 1_000, now: () => clock, ...cache },
    });

  it('is answered without checking its signature again', async () => {
    const verify = verifier();
    const token = await sign('coach', start + 3_600_000);
    const first = await verify(token);
    clock += 59_000;
    await expect(verify(token)).resolves.toEqual(first);
    expect(keyLookups).toBe(1);
  });

  it('is checked again after the most time a check is kept', async () => {
    const verify = verifier();
    const token = await sign('coach', start + 3_600_000);
    await verify(token);
    clock += 60_000;
    await verify(token);
    expect(keyLookups).toBe(2);
  });

  it('is refused once it has expired, though it passed before', async () => {
    const verify = verifier();
    const token = await sign('coach', start + 10_000);
    await verify(token);
    clock += 10_000 + 29_000; // within the 30 s leeway
    await expect(verify(token)).resolves.toMatchObject({ sub: 'coach' });
    clock += 1_000;
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('is checked again when newer tokens took its place', async () => {
    const verify = verifier({ size: 2 });
    const tokens = await Promise.all(['a', 'b', 'c'].map((s) => sign(s, start + 3_600_000)));
    for (const token of tokens) await verify(token);
    await verify(tokens[2]!);
    expect(keyLookups).toBe(3);
    await verify(tokens[0]!);
    expect(keyLookups).toBe(4);
  });

  it('is never kept when it failed', async () => {
    const verify = verifier();
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('coach')
      .setIssuer('https://evil.example/')
      .setAudience(audience)
      .setExpirationTime(Math.floor((start + 3_600_000) / 1000))
      .sign((await generateKeyPair('RS256')).privateKey);
    await expect(verify(foreign)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(foreign)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(keyLookups).toBe(2);
  });
});
