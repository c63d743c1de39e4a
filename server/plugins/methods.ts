import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody } from '../../contract/errors';

/** The API's paths: only these answer 405 (the app's paths fall back to the app). */
const API = '/api';

/** The order `Allow` lists methods in: reads first, as HTTP lists them. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A route's path as a regular expression: `:id` is one segment, `*` the rest. */
function pathPattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

const byOrder = (a: string, b: string) =>
  (METHOD_ORDER.indexOf(a) + 1 || 99) - (METHOD_ORDER.indexOf(b) + 1 || 99) || a.localeCompare(b);

/**
 * 405 Method Not Allowed, with `Allow`, for a path of the API that exists with other
 * methods (`TRACE /api/sport`: `Allow: GET, HEAD`); 404 only for a path no route has.
 * Fastify has no 405 of its own: its router finds no route for the method and answers
 * the not-found handler. So an `onRoute` hook on the root instance (every route of every
 * scope passes it, added after this plugin) collects the methods of each API path, and
 * the not-found handler of `/api` looks the request's path up among them. GET routes
 * answer HEAD too (Fastify's `exposeHeadRoutes`). The body is the `{ message }` of every
 * other client error (contract/errors.ts).
 */
export default fp(
  async (app) => {
    const methodsByUrl = new Map<string, Set<string>>();
    app.addHook('onRoute', (route) => {
      if (route.url !== API && !route.url.startsWith(`${API}/`)) return;
      const methods = methodsByUrl.get(route.url) ?? new Set<string>();
      for (const method of [route.method].flat()) {
        methods.add(method);
        if (method === 'GET') methods.add('HEAD');
      }
      methodsByUrl.set(route.url, methods);
    });

    let patterns: [RegExp, Set<string>][] | undefined;
    /** The methods some route takes at this path (a path may match several patterns). */
    function allowedAt(path: string): string[] {
      patterns ??= [...methodsByUrl].map(([url, methods]) => [pathPattern(url), methods]);
      const allowed = new Set<string>();
      for (const [pattern, methods] of patterns) {
        if (pattern.test(path)) for (const method of methods) allowed.add(method);
      }
      return [...allowed].sort(byOrder);
    }

    await app.register(
      async (api) => {
        api.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
          const path = request.url.split('?')[0]!;
          const allowed = allowedAt(path);
          if (allowed.length === 0) {
            const body: MessageBody = { message: 'Not found' };
            return reply.code(404).send(body);
          }
          const body: MessageBody = {
            message: `${request.method} is not allowed here; this path takes ${allowed.join(', ')}`,
          };
          return reply.code(405).header('allow', allowed.join(', ')).send(body);
        });
      },
      { prefix: API },
    );
  },
  { name: 'methods', fastify: '5.x' },
);
