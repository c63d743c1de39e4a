import { exportJWK, generateKeyPair, UnsecuredJWT } from 'jose';
import type { App } from '../../../server/app';
import { loadIdentityKeys } from '../../../server/identity/keys';
import { InvalidTokenError } from '../../../server/identity/verify-token';
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
