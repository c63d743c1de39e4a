import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';
import { InvalidTokenError } from '../identity';
import {
  findApiKey,
  hashApiKey,
  LAST_USED_INTERVAL_MS,
  looksLikeApiKey,
  touchApiKey,
} from '../integration';
import { createAccount, findAccountBySubject, signInEmail } from '../user';

/** Who a request under /api acts for. Every query of a route is scoped by `id`. */
export interface Account {
  /** users.id, the `account_id` of everything the account owns. */
  id: string;
  /** The identity's subject (the access token's `sub`). */
  sub: string;
  email: string;
  /** The token's `email_verified` claim, when it has one (Auth0 with an Action). */
  emailVerified: boolean | undefined;
  /** Set when the request came with an API key (api_keys.id) instead of a sign-in. */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook that guards the API (api.ts adds it to its private scope). */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `authenticate`: present on every route in the guarded scope. */
    account: Account;
  }
}

/**
 * What an API key may call (PRODUCT.md: keys "may only write results and read reference
 * data"): `METHOD route-pattern`. Any other route answers 403 to a key.
 */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/event',
  'GET /api/event-type',
  'GET /api/sport',
  'GET /api/position',
  'HEAD /api/event-type',
  'HEAD /api/sport',
  'HEAD /api/position',
]);

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** 401 in the API's `{ message }` shape, with the header RFC 6750 asks for. */
function unauthorized(reply: FastifyReply, message: string): FastifyReply {
  const body: MessageBody = { message };
  return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send(body);
}

/** 403 for a valid API key on a call that needs a signed-in user. */
function forbidden(reply: FastifyReply, message: string): FastifyReply {
  const body: MessageBody = { message };
  return reply.code(403).header('www-authenticate', 'Bearer error="insufficient_scope"').send(body);
}

/**
 * Authentication of the API: an API key (`Bearer sl_live_...`, looked up by its hash:
 * integration/api-keys.ts) on the few routes keys may call, or a valid access token of our identity provider (signature,
 * RS256, issuer, audience, expiry: identity/verify-token.ts), then its account, made on
 * the first call of a new identity with the configured athlete allowance. One indexed
 * query per request once the account exists.
 */
export default fp(
  async (app) => {
    app.decorateRequest('account', null as unknown as Account);

    const authenticate: onRequestAsyncHookHandler = async function (request, reply) {
      const token = bearerToken(request);
      if (!token) return unauthorized(reply, 'Sign in first: this call needs an access token.');
      if (looksLikeApiKey(token)) {
        const key = await findApiKey(app.db, hashApiKey(token));
        if (!key) return unauthorized(reply, 'This API key is not known.');
        if (key.revoked) return unauthorized(reply, 'This API key was revoked.');
        if (!API_KEY_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) {
          return forbidden(
            reply,
            'An API key may only send results (POST /api/event) and read reference data; sign in for this call.',
          );
        }
        request.account = {
          id: key.accountId,
          sub: key.sub,
          email: key.email,
          emailVerified: undefined,
          apiKeyId: key.keyId,
        };
        if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
          await touchApiKey(app.db, key.keyId);
        }
        return;
      }
      let verified;
      try {
        verified = await app.identity.verifyAccessToken(token);
      } catch (error) {
        if (!(error instanceof InvalidTokenError)) throw error;
        request.log.info({ reason: error.message }, 'access token refused');
        return unauthorized(reply, 'Your sign-in is not valid or has expired; sign in again.');
      }
      const { sub, payload } = verified;
      const claims = {
        email: typeof payload.email === 'string' ? payload.email : undefined,
        emailVerified:
          typeof payload.email_verified === 'boolean' ? payload.email_verified : undefined,
      };
      const row =
        (await findAccountBySubject(app.db, sub)) ??
        (await createAccount(app.db, {
          sub,
          email: await signInEmail(app, sub, claims),
          athleteSpots: app.config.defaultAthleteSpots,
        }));
      request.account = { id: row.id, sub, email: row.email, emailVerified: claims.emailVerified };
    };
    app.decorate('authenticate', authenticate);
  },
  { name: 'auth', dependencies: ['config', 'database', 'identity'], fastify: '5.x' },
);
