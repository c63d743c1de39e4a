import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthBody } from '../../contract/health';
import { databaseErrorFacts, isDatabaseUnavailable } from '../db/unavailable';
import { version } from '../paths';

/**
 * `GET /api/health`, for load balancers and the start script: 200 when the database
 * answers a query, 503 otherwise (so that a broken instance is taken out of rotation).
 * On the embedded database, while its one session is held by another request's
 * transaction (an import), a statement answered in the last RECENT_ANSWER_MS is the
 * answer: the check would otherwise wait for that transaction (issue 31: health answers
 * within 200 ms meanwhile).
 */
const RECENT_ANSWER_MS = 1000;

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
        if (!app.dbBusyButAnswering(RECENT_ANSWER_MS)) await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: 'ok' as const, version };
      } catch (error) {
        // An outage (decision 015) is a warning with its facts, as for every other request:
        // it repeats at each check while it lasts, and its stack says nothing.
        if (isDatabaseUnavailable(error)) {
          request.log.warn(
            { cause: databaseErrorFacts(error) },
            'health check: the database does not answer',
          );
        } else request.log.error({ err: error }, 'health check: the database does not answer');
        return reply.code(503).send({ status: 'error', database: 'error', version });
      }
    },
  );
};

export default healthRoutes;
