import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import healthRoutes from './health/routes';
import leaderboardRoutes from './leaderboard/routes';
import streamRoutes from './live/routes';
import logoRoutes from './user/logo-routes';
import userRoutes from './user/routes';

/**
 * Everything under /api: one registration per domain folder. Only the health check is
 * public (load balancers call it without a token; /api/docs lives outside this
 * plugin). Every domain goes into the guarded scope, whose hook (plugins/auth.ts)
 * answers 401 without a valid access token and sets `request.account`.
 */
const api: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(healthRoutes);

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', guarded.authenticate);
    await guarded.register(userRoutes);
    await guarded.register(logoRoutes);
    await guarded.register(leaderboardRoutes);
    await guarded.register(streamRoutes);
  });
};

export default api;
