import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { HealthBody } from '../../contract/health';
import { megabytes } from '../db/disk-space';
import { databaseErrorFacts, isDatabaseUnavailable } from '../db/unavailable';
import { version } from '../paths';

/**
 * `GET /api/health`, for load balancers and the start script: 200 when the database
 * answers a query, 503 otherwise (so that a broken instance is taken out of rotation).
 * On the embedded database, while its one session is held by another request's
 * transaction (an import), a statement answered in the last RECENT_ANSWER_MS is the
 * answer: the check would otherwise wait for that transaction (issue 31: health answers
 * within 200 ms meanwhile).
 *
 * DATA_DIR's free space (decision 039) adds `disk` and a `message` when it is low or
 * full; full is `degraded` with 200, since reads are still served.
 */
const RECENT_ANSWER_MS = 1000;

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** `disk` and `message` when DATA_DIR's disk is low or full; nothing when it is fine. */
  const diskFacts = async (): Promise<Pick<HealthBody, 'disk' | 'message'> | undefined> => {
    const reading = await app.disk.read();
    if (!reading || reading.state === 'ok') return undefined;
    const free = `${megabytes(reading.freeBytes)} free of ${megabytes(reading.sizeBytes)}`;
    const refuseBelow = megabytes(reading.thresholds.refuseBelow);
    if (reading.state === 'low') {
      const then = app.config.databaseUrl
        ? `uploads will fail once it is full`
        : `writes will be refused below ${refuseBelow}`;
      return {
        disk: 'low',
        message: `The disk of the data directory is running low (${free}); ${then}.`,
      };
    }
    const refused = app.config.databaseUrl
      ? 'uploads cannot be stored'
      : 'writes are refused (503) until space is freed';
    return {
      disk: 'full',
      message: `The disk of the data directory is nearly full (${free}, under ${refuseBelow}): ${refused}; reads are served.`,
    };
  };
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
      const disk = await diskFacts();
      try {
        if (!app.dbBusyButAnswering(RECENT_ANSWER_MS)) await sql`select 1`.execute(app.db);
        const status = disk?.disk === 'full' ? ('degraded' as const) : ('ok' as const);
        return { status, database: 'ok' as const, version, ...disk };
      } catch (error) {
        // An outage (decision 015) is a warning with its facts, as for every other request:
        // it repeats at each check while it lasts, and its stack says nothing.
        if (isDatabaseUnavailable(error)) {
          request.log.warn(
            { cause: databaseErrorFacts(error) },
            'health check: the database does not answer',
          );
        } else request.log.error({ err: error }, 'health check: the database does not answer');
        return reply.code(503).send({ status: 'error', database: 'error', version, ...disk });
      }
    },
  );
};

export default healthRoutes;
