import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';
import { InvalidTokenError } from '../identity/verify-token';
import { signInEmail } from '../user/identity-facts';
import { createAccount, findAccountBySubject } from '../user/repository';

/** Who a request under /api acts for. Every query of a route is scoped by `id`. */
export interface Account {
  /** users.id, the `account_id` of everything the account owns. */
  id: string;
  /** The identity's subject (the access token's `sub`). */
  sub: string;
  email: string;
  /** The token's `email_verified` claim, when it has one (Auth0 with an Action). */
  emailVerified: boolean | undefined;
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
 * API keys (`Bearer sk_...`, a later issue) will be told apart here: looked up by
 * hash in api_keys and allowed to write results only. Until then they are refused like
 * any other token that does not verify.
 */
const API_KEY_PREFIX = 'sk_';

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** 401 in the API's `{ message }` shape, with the header RFC 6750 asks for. */
function unauthorized(reply: FastifyReply, message: string): FastifyReply {
  const body: MessageBody = { message };
  return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send(body);
}

/**
 * Authentication of the API: a valid access token of our identity provider (signature,
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
      if (token.startsWith(API_KEY_PREFIX)) {
        return unauthorized(reply, 'API keys are not accepted yet.');
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
