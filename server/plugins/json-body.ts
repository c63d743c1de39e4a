import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './http-errors';

/**
 * How deep a JSON body may nest arrays and objects. The deepest body the API takes is a
 * batch of results with splits (`{ items: [{ splits: [{ ... }] }] }`, five levels); this
 * leaves room for any body to come, and none that code walking the value (Ajv, our
 * checks, a logger) could overflow the stack on.
 */
export const MAX_JSON_DEPTH = 32;

/** What was wrong with a body as a whole (the field `body` of the 400). */
export const JSON_BODY_MESSAGES = {
  notUtf8: 'must be UTF-8 text',
  tooDeep: `must not nest arrays and objects more than ${MAX_JSON_DEPTH} deep`,
  loneSurrogate: 'must not contain a \\ud800-\\udfff escape without its pair (no Unicode text)',
} as const;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text, or `undefined` when its bytes are not UTF-8. */
function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * True when arrays and objects nest more than `limit` deep, read from the text itself in
 * one pass (brackets inside strings do not count), so that nothing is parsed first.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** A surrogate code unit without its pair (a pair matches as the one code point it is). */
const LONE_SURROGATE = /\p{Cs}/u;

/** A `\uD800`-`\uDFFF` escape in JSON text: only then can a parsed string hold a lone surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;

/**
 * True when a string (value or key) anywhere in the parsed value is not well-formed
 * UTF-16, i.e. holds a surrogate without its pair. Walked with a stack of its own, not
 * by recursion.
 */
export function holdsLoneSurrogate(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (LONE_SURROGATE.test(next)) return true;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * The JSON body parser of the whole server, in place of Fastify's: a body is taken only
 * when it is UTF-8 (Fastify's own decoding turns broken bytes into U+FFFD, which was
 * stored), nests at most MAX_JSON_DEPTH deep (checked on the text, before parsing), and
 * holds no unpaired surrogate escape (`"\ud800"`, which PostgreSQL's driver writes as
 * U+FFFD). Each is a 400 `{ errors: { body: [...] } }`. The rest is Fastify's parser as
 * it was (empty and malformed bodies, `__proto__` and `constructor` keys refused).
 * Scopes that read JSON bodies as bytes (Stripe's webhook) replace it with their own.
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (
        request: FastifyRequest,
        bytes: Buffer,
        done: (error: Error | null, body?: unknown) => void,
      ) => {
        const text = decodeUtf8(bytes);
        if (text === undefined) return done(badRequest({ body: [JSON_BODY_MESSAGES.notUtf8] }));
        if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
          return done(badRequest({ body: [JSON_BODY_MESSAGES.tooDeep] }));
        }
        void parseJson(request, text, (error, body) => {
          if (error) return done(error);
          if (SURROGATE_ESCAPE.test(text) && holdsLoneSurrogate(body)) {
            return done(badRequest({ body: [JSON_BODY_MESSAGES.loneSurrogate] }));
          }
          done(null, body);
        });
      },
    );
  },
  { name: 'json-body', fastify: '5.x' },
);
