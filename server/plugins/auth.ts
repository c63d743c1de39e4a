import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';
import { permissionOf, type RoutePermission } from '../../contract/permissions';
import { WORKSPACE_HEADER } from '../../contract/workspace';
import { InvalidTokenError } from '../identity';
import {
  findApiKey,
  hashApiKey,
  LAST_USED_INTERVAL_MS,
  looksLikeApiKey,
  touchApiKey,
} from '../integration';
import { createAccount, signInEmail } from '../user';
import { claimOrphanWorkspace, resolveMember, type Member, type Resolved } from '../workspace';
import { badRequest } from './http-errors';

/** Who a request under /api acts for. Every query of a route is scoped by `id`. */
export interface Account {
  /**
   * The workspace the request acts in: its users.id, the `account_id` of everything it
   * owns (decision 035: the account row is the workspace). The signed-in user's own
   * users.id is `request.member.userId`.
   */
  id: string;
  /** The signed-in identity's subject (the access token's `sub`). */
  sub: string;
  /** The signed-in user's own address. */
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
    /**
     * Set by `authenticate`: the signed-in user's membership of `account.id`, read from
     * the database on every request (a removed or demoted member loses access at once).
     * Null for an API key, and on the routes a user without a workspace may call
     * (contract/permissions.ts `identity`) when they belong to none.
     */
    member: Member | null;
    /** Set by `authenticate`: the signed-in user's own users.id (API keys: the workspace's). */
    userId: string;
  }
}

/**
 * What an API key may call: the routes of contract/permissions.ts with a `key` level,
 * as `METHOD route-pattern` (HEAD with GET). Any other route answers 403 to a key.
 */
export { API_KEY_ROUTES } from '../workspace';

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** 401 in the API's `{ message }` shape, with the header RFC 6750 asks for. */
function unauthorized(reply: FastifyReply, message: string): FastifyReply {
  const body: MessageBody = { message };
  return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send(body);
}

/** 403: a valid API key or member on a call it may not make. */
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
/** The route's path as the OpenAPI document and the permissions table spell it. */
function routePath(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '').replace(/:(\w+)/g, '{$1}');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace the request names (X-Splitline-Workspace), if any; 400 when malformed. */
function workspaceHeader(request: FastifyRequest): string | undefined {
  const value = request.headers[WORKSPACE_HEADER];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw badRequest({ [WORKSPACE_HEADER]: ['must be a workspace id (a UUID)'] });
  }
  return value.toLowerCase();
}

/**
 * Why the signed-in user may not make this call in this workspace (403), or undefined:
 * the permissions table (contract/permissions.ts) by role, then the roster limit's
 * `refused` routes. A route missing from the table is the owners' alone.
 */
function refusalOf(
  resolved: Resolved,
  wanted: string | undefined,
  permission: RoutePermission | undefined,
): string | undefined {
  const member = resolved.member;
  const inWanted = member && (!wanted || member.workspaceId === wanted);
  if (!inWanted) {
    if (permission?.identity) return undefined;
    return wanted
      ? 'You are not a member of this workspace: an owner removed you, or it is not yours. Choose another workspace.'
      : 'You do not belong to any workspace: accept an invitation, or ask an owner for one.';
  }
  const roles = permission?.roles ?? ['owner'];
  if (!roles.includes(member.role)) {
    return `Your role in this workspace (${member.role}) does not allow this; ask an owner of the workspace.`;
  }
  if (member.rosterIds && permission?.roster === 'refused') {
    return 'You see only some rosters of this workspace, and this is not available to members limited to rosters; ask an owner.';
  }
  return undefined;
}

export default fp(
  async (app) => {
    app.decorateRequest('account', null as unknown as Account);
    app.decorateRequest('member', null);
    app.decorateRequest('userId', '');

    const authenticate: onRequestAsyncHookHandler = async function (request, reply) {
      const token = bearerToken(request);
      if (!token) return unauthorized(reply, 'Sign in first: this call needs an access token.');
      if (looksLikeApiKey(token)) {
        const key = await findApiKey(app.db, hashApiKey(token));
        if (!key) return unauthorized(reply, 'This API key is not known.');
        if (key.revoked) return unauthorized(reply, 'This API key was revoked.');
        const permission = permissionOf(request.method, routePath(request));
        if (!permission?.key) {
          return forbidden(
            reply,
            'An API key may only send results (POST /api/event) and read the roster and reference data; sign in for this call.',
          );
        }
        if (permission.key === 'write' && key.access === 'read') {
          return forbidden(
            reply,
            'This API key is read-only: make a read-write key to send results.',
          );
        }
        request.userId = key.accountId;
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
      const wanted = workspaceHeader(request);
      let resolved: Resolved | undefined = await resolveMember(app.db, sub, wanted);
      if (!resolved) {
        await createAccount(app.db, {
          sub,
          email: await signInEmail(app, sub, claims),
          athleteSpots: app.config.defaultAthleteSpots,
        });
        resolved = await resolveMember(app.db, sub, wanted);
        if (!resolved) throw new Error('the account row vanished right after its insert');
      }
      if (!resolved.member && (await claimOrphanWorkspace(app.db, resolved.userId))) {
        resolved = (await resolveMember(app.db, sub, wanted)) ?? resolved;
      }
      const permission = permissionOf(request.method, routePath(request));
      const refusal = refusalOf(resolved, wanted, permission);
      if (refusal) return forbidden(reply, refusal);
      const member = resolved.member ?? null;
      request.userId = resolved.userId;
      request.member = member;
      request.account = {
        id: member?.workspaceId ?? resolved.userId,
        sub,
        email: resolved.email,
        emailVerified: claims.emailVerified,
      };
    };
    app.decorate('authenticate', authenticate);
  },
  { name: 'auth', dependencies: ['config', 'database', 'identity'], fastify: '5.x' },
);
