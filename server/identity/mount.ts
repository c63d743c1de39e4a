import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { widenFormAction } from './form-guard';
import { PROVIDER_ROUTES } from './provider';

/** Root paths handed to the provider; everything else stays Fastify's. */
const MOUNTED = [
  ...new Set(
    Object.values(PROVIDER_ROUTES).map((route) => route.replace(/^(\/\.well-known).*$/, '$1')),
  ),
];

/**
 * Mounts the provider with @fastify/middie on its paths only. Middie runs in onRequest,
 * before Fastify reads a body, so the provider parses its own form posts. Middie strips
 * the mount path from req.url; the provider routes on the full path, so it is restored.
 */
export async function mountProvider(
  app: FastifyInstance,
  provider: Provider,
  appOrigins: string[],
): Promise<string[]> {
  if (!app.hasDecorator('use')) await app.register(middie);
  const handle = provider.callback();
  for (const path of MOUNTED) {
    app.use(path, (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
      req.url = auth0LogoutParams(req.originalUrl ?? req.url ?? '/');
      widenFormAction(res, appOrigins);
      void handle(req, res);
    });
  }
  return MOUNTED;
}

/**
 * Auth0's /v2/logout takes `returnTo`; OpenID's end-session endpoint takes
 * `post_logout_redirect_uri`. Rename it so that the SDK's logout URL works unchanged.
 */
export function auth0LogoutParams(url: string): string {
  if (!url.startsWith(`${PROVIDER_ROUTES.end_session}?`)) return url;
  const parsed = new URL(url, 'http://x');
  const returnTo = parsed.searchParams.get('returnTo');
  if (returnTo !== null && !parsed.searchParams.has('post_logout_redirect_uri')) {
    parsed.searchParams.delete('returnTo');
    parsed.searchParams.set('post_logout_redirect_uri', returnTo);
  }
  return `${parsed.pathname}${parsed.search}`;
}
