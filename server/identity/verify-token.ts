import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { publicJwk } from './keys';

/** What the API learns from a valid access token. */
export interface VerifiedToken {
  sub: string;
  /** oidc-provider writes `client_id`; Auth0 writes `azp`. */
  clientId: string | undefined;
  scope: string;
  payload: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

/** A token that must be answered with 401; `reason` is for the log, not the client. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** How long a verified token is taken on trust again, and how many are kept. */
export interface TokenCacheSettings {
  /** At most this long after its check, and never past its expiry (default 60 s). */
  maxAgeMs: number;
  /** Tokens kept; the oldest check goes first (default 1,000). */
  size: number;
  /** The clock (tests). */
  now?: () => number;
}

const DEFAULT_CACHE: TokenCacheSettings = { maxAgeMs: 60_000, size: 1_000 };
/** jose's `clockTolerance` below, in ms: an expired token is accepted this long. */
const CLOCK_TOLERANCE_MS = 30_000;

/**
 * Builds the access-token check of the API: RS256 only, our issuer, our audience, not
 * expired (30 s leeway), signed by a key of the issuer's JWKS.
 *
 * A token that passed is answered from memory when it comes again (a dashboard sends
 * the same token with every call until it is refreshed): the same string always checks
 * the same, except for the clock, so an entry lasts until the token expires, and at
 * most `maxAgeMs` (a key taken out of the JWKS stops being honoured within that time).
 * The signature check is most of the API's own CPU for a small read (0.3 ms of ~2.5 ms
 * per leaderboard request, plus a hop to libuv's thread pool). Failures are not kept.
 * @example const verify = createTokenVerifier({ issuer, audience, keys: remoteJwks(issuer) });
 *          const { sub } = await verify(bearer);
 */
export function createTokenVerifier({
  issuer,
  audience,
  keys,
  cache = DEFAULT_CACHE,
}: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
  cache?: TokenCacheSettings;
}): TokenVerifier {
  const now = cache.now ?? Date.now;
  const verified = new Map<string, { token: VerifiedToken; until: number }>();

  const check = async (token: string): Promise<VerifiedToken> => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_MS / 1000,
        currentDate: new Date(now()),
      });
      if (typeof payload.sub !== 'string' || !payload.sub)
        throw new InvalidTokenError('token without subject');
      const clientId = (payload.client_id ?? payload.azp) as string | undefined;
      return {
        sub: payload.sub,
        clientId,
        scope: typeof payload.scope === 'string' ? payload.scope : '',
        payload,
      };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JOSEError)
        throw new InvalidTokenError(error.code, { cause: error });
      throw error;
    }
  };

  return async (token) => {
    if (!token) throw new InvalidTokenError('no token');
    const at = now();
    const kept = verified.get(token);
    if (kept && at < kept.until) return kept.token;
    if (kept) verified.delete(token);
    const result = await check(token);
    if (cache.size > 0) {
      const expires =
        typeof result.payload.exp === 'number'
          ? result.payload.exp * 1000 + CLOCK_TOLERANCE_MS
          : Infinity;
      if (verified.size >= cache.size) verified.delete(verified.keys().next().value!);
      verified.set(token, { token: result, until: Math.min(expires, at + cache.maxAgeMs) });
    }
    return result;
  };
}

/** Auth0 (or any remote issuer): its JWKS, fetched once and cached by jose. */
export function remoteJwks(issuer: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL('.well-known/jwks.json', issuer));
}

/**
 * The embedded provider: its public key straight from the key it signs with. Fetching
 * our own /.well-known/jwks.json would cost an HTTP round trip to ourselves, need an
 * address of this server reachable from inside it (PUBLIC_URL may be a proxy's), and
 * fail while the server is still starting; every process reads the same key from the
 * database, so the local set is the same one the provider publishes.
 */
export function localJwks(signingKey: JWK): JWTVerifyGetKey {
  return createLocalJWKSet({ keys: [publicJwk(signingKey)] });
}
