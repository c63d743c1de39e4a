import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppConfigBody } from '../../contract/app-config';
import { APP_CLIENT_ID } from '../identity';

/** The identity provider's client id of the app (IDENTITY.md). */
export const appClientId = APP_CLIENT_ID;

/**
 * `GET /config.json`: where the app finds its API and identity provider at run time,
 * so that one build serves every deployment. Embedded: the provider lives at the
 * server's own origin and the API is its audience. Auth0: the tenant, the app's Auth0
 * client and the API identifier (AUTH0_* variables).
 */
const appConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { identity, config } = app;
  const auth0 = identity.mode === 'auth0';
  const body: AppConfigBody = {
    apiBase: '/api',
    auth: {
      // The issuer is the domain plus '/', as auth0-spa-js checks it.
      domain: identity.issuer.replace(/\/+$/, ''),
      clientId: auth0 ? (config.auth0ClientId ?? '') : appClientId,
      audience: identity.audience,
    },
    // Absent, not empty, when off: the app then never even loads the analytics code.
    ...(config.posthog
      ? { telemetry: { posthogKey: config.posthog.key, posthogHost: config.posthog.host } }
      : {}),
  };
  app.get(
    '/config.json',
    {
      schema: {
        summary: "The app's runtime configuration",
        tags: ['app'],
        response: { 200: AppConfigBody },
      },
    },
    async (_request, reply) => {
      // Never cached: a changed deployment reaches the app on its next load.
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};

export default appConfigRoutes;
