import { timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityKeys } from './keys';

/**
 * Cross-site request forgery defences of our forms, in three layers:
 * - the provider's cookies are SameSite=Lax, so a cross-site POST carries none of them;
 * - a POST whose Origin header names another site is refused outright;
 * - interaction forms carry a token bound to the interaction uid (an HMAC with the
 *   server's stored secret), and the interaction cookie must name the same uid.
 */
export function interactionToken(keys: IdentityKeys, uid: string): string {
  return keys.mac('interaction-form', uid);
}

export function isValidInteractionToken(keys: IdentityKeys, uid: string, token: unknown): boolean {
  const expected = Buffer.from(interactionToken(keys, uid));
  const given = Buffer.from(typeof token === 'string' ? token : '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A preHandler refusing a POST from another origin (browsers send Origin on every POST). */
export function sameOriginOnly(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (request.method === 'POST' && origin && origin !== 'null' && origin !== allowed) {
      return reply
        .code(403)
        .type('text/plain; charset=utf-8')
        .send('Forbidden: this form was sent from another site.');
    }
  };
}

/**
 * Widens form-action of the security policy that the security plugin sets for the app:
 * a sign-in form ends in a redirect to the app, which lives on another origin in
 * development (the webpack dev server), and Chrome checks form-action on redirects.
 * (Framing for silent sign-in needs nothing here: for response_mode=web_message the
 * provider drops frame-ancestors and X-Frame-Options itself.)
 */
export function widenFormAction(res: ServerResponse, appOrigins: string[]): void {
  const csp = res.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  res.setHeader(
    'content-security-policy',
    csp.replace(/form-action [^;]*/, `form-action 'self' ${appOrigins.join(' ')}`),
  );
}
