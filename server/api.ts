import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import activityRoutes from './activity/routes';
import athleteCsvRoutes from './athlete/csv-routes';
import athleteRoutes from './athlete/routes';
import eventRoutes from './event/routes';
import resultReadRoutes from './event/list/routes';
import { healthRoutes } from './health';
import integrationRoutes from './integration/routes';
import eventTypeRoutes from './reference/event-types';
import referenceRoutes from './reference/routes';
import { individualReportRoutes, reportRoutes } from './report';
import rosterRoutes from './roster/routes';
import { leaderboardRoutes } from './leaderboard';
import profileRoutes from './profile/routes';
import { streamRoutes } from './live';
import storeRoutes from './store/routes';
import stripeWebhookRoutes from './store/stripe-webhook';
import logoRoutes from './user/logo-routes';
import timeZoneRoutes from './user/time-zone-routes';
import userRoutes from './user/routes';
import webhookRoutes from './webhook/routes';
import { rosterLimit, workspaceRoutes } from './workspace';
import { refuseUndeclaredQueries } from './plugins/validators';

/**
 * Everything under /api: one registration per domain folder. Only the health check and
 * Stripe's webhook are public (load balancers and Stripe call them without a token; the
 * webhook checks Stripe's signature instead; /api/docs lives outside this plugin). Every domain goes into the guarded scope, whose hook (plugins/auth.ts)
 * answers 401 without a valid access token or API key, 403 to a key on a route keys may
 * not call (API_KEY_ROUTES), and sets `request.account`.
 */
const api: FastifyPluginAsyncTypebox = async (app) => {
  // A route that declares no query string takes none (docs/api-input.md).
  refuseUndeclaredQueries(app);
  await app.register(healthRoutes);
  await app.register(stripeWebhookRoutes);

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', guarded.authenticate);
    // The roster limit of a member limited to some rosters (contract/permissions.ts).
    guarded.addHook('preHandler', rosterLimit);
    await guarded.register(userRoutes);
    await guarded.register(logoRoutes);
    await guarded.register(referenceRoutes);
    await guarded.register(rosterRoutes);
    await guarded.register(athleteRoutes);
    await guarded.register(athleteCsvRoutes);
    await guarded.register(eventRoutes);
    await guarded.register(eventTypeRoutes);
    await guarded.register(integrationRoutes);
    await guarded.register(resultReadRoutes);
    await guarded.register(leaderboardRoutes);
    await guarded.register(streamRoutes);
    await guarded.register(profileRoutes);
    await guarded.register(individualReportRoutes);
    await guarded.register(timeZoneRoutes);
    await guarded.register(reportRoutes);
    await guarded.register(storeRoutes);
    await guarded.register(webhookRoutes);
    await guarded.register(workspaceRoutes);
    await guarded.register(activityRoutes);
  });
};

export default api;
