import type { Identity, IdentityRead } from '../../lib/session';
import type { AuthClient, IdTokenClaims } from './authClient';
import type { TokenRefresher } from './tokenRefresher';

/**
 * The app's view of the ID token claims.
 *
 * @example
 * toIdentity({ sub: 'a1', email: 'ada@example.com', email_verified: false, exp: 1700000000 });
 * // => { identity: { sub: 'a1', email: 'ada@example.com', emailVerified: false, name: 'ada@example.com' }, expiresAt: 1700000000 }
 */
export function toIdentity(claims: IdTokenClaims): IdentityRead {
  const identity: Identity = {
    sub: claims.sub,
    email: claims.email ?? '',
    emailVerified: claims.email_verified === true,
    name: claims.name ?? claims.email ?? '',
  };
  return { identity, expiresAt: typeof claims.exp === 'number' ? claims.exp : null };
}

/**
 * Gets a token (a new one when `force`), then reads the ID token that came with it:
 * the SDK updates the ID token on every token answer, so this is how the app refreshes
 * the identity (spec, section 4).
 *
 * @example
 * const { identity, expiresAt } = await readIdentity(client, refresher, true);
 */
export async function readIdentity(
  client: AuthClient,
  refresher: TokenRefresher,
  force: boolean,
): Promise<IdentityRead> {
  await (force ? refresher.refresh() : refresher.getToken({ forceRefresh: false }));
  const claims = await client.getIdTokenClaims();
  if (!claims) throw new Error('The identity provider returned no ID token.');
  return toIdentity(claims);
}

/** SDK error codes that mean the provider no longer knows this session. */
const sessionGoneCodes = new Set([
  'login_required',
  'consent_required',
  'invalid_grant',
  'missing_refresh_token',
]);

/**
 * True when a token call failed because the session is over, not because of the network.
 *
 * @example
 * isSessionGone({ error: 'invalid_grant' }); // true
 * isSessionGone(new TypeError('Failed to fetch')); // false
 */
export function isSessionGone(error: unknown): boolean {
  const code = (error as { error?: unknown } | null)?.error;
  return typeof code === 'string' && sessionGoneCodes.has(code);
}

/**
 * A sentence for the sign-in page out of whatever the SDK threw.
 *
 * @example
 * describeAuthError({ error: 'access_denied', error_description: 'Account blocked' }); // 'Account blocked'
 */
export function describeAuthError(error: unknown): string {
  const text = (error as { error_description?: unknown } | null)?.error_description;
  if (typeof text === 'string' && text) return text;
  return error instanceof Error ? error.message : String(error);
}

/**
 * When to refresh ahead of expiry: 60 s before `exp`, never sooner than 5 s from now.
 *
 * @example
 * refreshDelayMs(1_000_300, 1_000_000_000); // 240_000 (exp in 300 s, refresh in 240 s)
 */
export function refreshDelayMs(expiresAt: number | null, now: number): number {
  if (expiresAt === null) return 5 * 60_000;
  return Math.max(expiresAt * 1000 - 60_000 - now, 5_000);
}
