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

/**
 * Builds the access-token check of the API: RS256 only, our issuer, our audience, not
 * expired (30 s leeway), signed by a key of the issuer's JWKS.
 * @example const verify = createTokenVerifier({ issuer, audience, keys: remoteJwks(issuer) });
 *          const { sub } = await verify(bearer);
 */
export function createTokenVerifier({
  issuer,
  audience,
  keys,
}: {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}): TokenVerifier {
  return async (token) => {
    if (!token) throw new InvalidTokenError('no token');
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ['RS256'],
        clockTolerance: 30,
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
