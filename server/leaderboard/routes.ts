import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageBody, ValidationErrorBody } from '../../contract/errors';
import {
  DEFAULT_ATHLETES_PER_LEADERBOARD,
  DEFAULT_LEADERBOARD_EVENT_TYPE,
  LeaderboardQuery,
} from '../../contract/event-query';
import { LeaderboardBody } from '../../contract/leaderboard';
import { isTimeZone, nextDay, startOfDay } from '../event';
import { badRequest } from '../plugins/http-errors';
import { AnswerCache } from './answers';
import { readLeaderboard, type LeaderboardRead, type LeaderboardRequest } from './leaderboard';
import type { BoardFilters } from './queries';

/**
 * The spec's `GET /leaderboard` (sections 3, 7, 9): the boards of one event type for the
 * signed-in account. Filters that match nothing give empty boards; a filter value that
 * cannot be right (an event type the account does not have, a lane that is not a lane
 * number, a start after the end) is a 400 naming the field.
 */
const leaderboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Identical boards answered once while nothing changed (embedded database only: answers.ts).
  const answers = app.config.databaseUrl
    ? undefined
    : new AnswerCache<LeaderboardRead | undefined>(app.changes);
  const read = (board: LeaderboardRequest) => {
    if (!answers) return readLeaderboard(app.db, board);
    const { accountId, ...rest } = board;
    return answers.get(accountId, JSON.stringify(rest), () => readLeaderboard(app.db, board));
  };

  app.get(
    '/leaderboard',
    {
      schema: {
        summary: 'The leaderboard of an event type: a board per split distance',
        description:
          'Each board ranks the best `athletesPerLeaderboard` results with a time at its ' +
          'distance (a run of that distance, or a split of a longer run); mistimed runs ' +
          'never count. `isDistinct`: one entry per athlete, their best. Dates are whole ' +
          'days of `tz` (UTC by default), both inclusive, as in the results tables.',
        tags: ['leaderboard'],
        security: [{ bearerAuth: [] }],
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardBody, 400: ValidationErrorBody, 401: MessageBody },
      },
    },
    async (request) => {
      const query = request.query;
      const errors: Record<string, string[]> = {};
      let laneId: number | undefined;
      if (query.laneId !== undefined) {
        if (/^\d{1,2}$/.test(query.laneId)) laneId = Number(query.laneId);
        else errors.laneId = ['must be a lane number from 0 to 99'];
      }
      if (query.startDate && query.endDate && query.startDate > query.endDate) {
        errors.startDate = ['must not be after endDate'];
      }
      const tz = query.tz ?? 'UTC';
      if (!isTimeZone(tz))
        errors.tz = ['is not a time zone this server knows (an IANA name such as America/Chicago)'];
      if (Object.keys(errors).length > 0) throw badRequest(errors);

      const filters: BoardFilters = {
        from: query.startDate ? startOfDay(query.startDate, tz) : undefined,
        to: query.endDate ? startOfDay(nextDay(query.endDate), tz) : undefined,
        laneId,
        sportId: query.sportId,
        positionId: query.positionId,
        rosterId: query.rosterId,
      };
      const answer = await read({
        accountId: request.account.id,
        eventTypeId: query.eventTypeId ?? DEFAULT_LEADERBOARD_EVENT_TYPE,
        athletesPerLeaderboard: query.athletesPerLeaderboard ?? DEFAULT_ATHLETES_PER_LEADERBOARD,
        isDistinct: query.isDistinct ?? false,
        distanceMm: query.distance,
        filters,
      });
      if (!answer) throw badRequest({ eventTypeId: ['is not an event type of this account'] });
      request.log.debug({ shape: answer.shape }, 'leaderboard query shape');
      return answer.body;
    },
  );
};

export default leaderboardRoutes;
