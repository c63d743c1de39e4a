import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { App } from '../../../server/app';
import { loadIdentityKeys } from '../../../server/identity/keys';
import { APP_CLIENT_ID } from '../../../server/identity/settings';

export interface MintOptions {
  sub?: string;
  /** Seconds from now; negative for a token that has expired. Default 600. */
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  /** Another private JWK (to test a bad signature). Default: the provider's own key. */
  key?: JWK & { kid?: string };
  claims?: JWTPayload;
}

/**
 * Mints an access token as the embedded provider would (same key, issuer, audience,
 * claims), so that API tests exercise the real token check without a sign-in.
 * @example const token = await mintAccessToken(app, { sub: credentialId });
 *          await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
 */
export async function mintAccessToken(app: App, options: MintOptions = {}): Promise<string> {
  const key = options.key ?? (await loadIdentityKeys(app.db)).signingKey;
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresIn ?? 600;
  return new SignJWT({
    client_id: APP_CLIENT_ID,
    scope: 'openid profile email offline_access',
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
    .setSubject(options.sub ?? '00000000-0000-4000-8000-000000000001')
    .setIssuer(options.issuer ?? app.identity.issuer)
    .setAudience(options.audience ?? app.identity.audience)
    .setIssuedAt(Math.min(now, now + expiresIn - 60))
    .setExpirationTime(now + expiresIn)
    .setJti(crypto.randomUUID())
    .sign(await importJWK(key, 'RS256'));
}
