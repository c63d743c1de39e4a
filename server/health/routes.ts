import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthBody } from '../../contract/health';
import { version } from '../paths';

/**
 * `GET /api/health`, for load balancers and the start script: 200 when the database
 * answers a query, 503 otherwise (so that a broken instance is taken out of rotation).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the server and its database work',
        tags: ['health'],
        response: { 200: HealthBody, 503: HealthBody },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: 'ok' as const, version };
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database does not answer');
        return reply.code(503).send({ status: 'error', database: 'error', version });
      }
    },
  );
};

export default healthRoutes;
