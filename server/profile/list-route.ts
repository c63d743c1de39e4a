import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageBody } from '../../contract/errors';
import { ProfileListBody, ProfileListQuery } from '../../contract/profile';
import { badRequest, notFound } from '../plugins/http-errors';
import { common, security } from '../plugins/route-schema';
import { checkListQuery, listProfiles, type ProfileTable } from './list';

/**
 * `GET` of one of the three profile tables: `/api/profile` (every profile, this domain)
 * and the individual EAPI and EASI tables (`/api/report/{eapi,easi}/individual`,
 * server/report), the same table filtered by index.
 */
export function profileListRoute(
  app: Parameters<FastifyPluginAsyncTypebox>[0],
  url: string,
  table: ProfileTable,
  summary: string,
  description: string,
) {
  app.get(
    url,
    {
      schema: {
        summary,
        description:
          `${description} DateCreated is the testing day; OverallIndex is the ` +
          `${table === 'easi' ? 'EASI' : 'EAPI'} (profiles without one last, in both ` +
          'directions). Name queries match the start of the name, ignoring case and accents. ' +
          'startDate/endDate are inclusive testing days. rosterId -1 means every athlete, ' +
          "else the roster's current members.",
        tags: ['profile'],
        security,
        querystring: ProfileListQuery,
        response: { 200: ProfileListBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const errors = checkListQuery(request.query);
      if (errors) throw badRequest(errors);
      const page = await listProfiles(app.db, request.account.id, table, request.query);
      if (!page) throw notFound('Roster not found');
      return page;
    },
  );
}
