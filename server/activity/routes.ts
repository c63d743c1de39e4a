import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityListBody,
  ActivityListQuery,
  ActivityMemberListBody,
} from '../../contract/activity';
import { MessageBody } from '../../contract/errors';
import { common, security } from '../plugins/route-schema';
import { activityMembers, listActivity } from './list';

/**
 * `/api/activity`: the account's activity log, for signed-in users only (an API key gets
 * the auth hook's 403: it is not in API_KEY_ROUTES). Each account reads its own log.
 */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['activity'];

  app.get(
    '/activity',
    {
      schema: {
        summary: "A page of the account's activity log (who changed what, and when)",
        description:
          'Newest first by default. `member` is an `actor.sub`; `startDate`/`endDate` are ' +
          'whole days in `tz` (UTC by default), both inclusive. Entries are never changed ' +
          'or removed: a batch of results or a CSV import is one entry with its `count`, and ' +
          'a corrected result holds its values `before` and `after`.',
        tags,
        security,
        querystring: ActivityListQuery,
        response: { 200: ActivityListBody, 403: MessageBody, ...common },
      },
    },
    (request) => listActivity(app.db, request.account.id, request.query),
  );

  app.get(
    '/activity/member',
    {
      schema: {
        summary: 'The members who appear in the activity log (the member filter)',
        tags,
        security,
        response: { 200: ActivityMemberListBody, 403: MessageBody, ...common },
      },
    },
    (request) => activityMembers(app.db, request.account.id),
  );
};

export default activityRoutes;
