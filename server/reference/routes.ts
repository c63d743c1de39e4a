import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PositionBody, SportBody } from '../../contract/athlete';
import { MessageBody } from '../../contract/errors';
import { referenceData } from './repository';
import { security } from '../plugins/route-schema';

/** Reference data changes only with a release; browsers may keep it for an hour. */
const CACHE_CONTROL = 'private, max-age=3600';

/** `GET /api/sport`, `GET /api/position`: the reference lists athletes refer to. */
const referenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['reference'];

  app.get(
    '/sport',
    {
      schema: {
        summary: 'Every sport (by id; "Other" last)',
        tags,
        security,
        response: { 200: Type.Array(SportBody), 401: MessageBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return (await referenceData(app.db)).sports;
    },
  );

  app.get(
    '/position',
    {
      schema: {
        summary: 'Every position of every sport (by sport, then in the usual order)',
        tags,
        security,
        response: { 200: Type.Array(PositionBody), 401: MessageBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return (await referenceData(app.db)).positions;
    },
  );
};

export default referenceRoutes;
