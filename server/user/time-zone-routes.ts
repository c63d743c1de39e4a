import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Line } from '../../contract/common';
import { isTimeZone } from '../event';
import { badRequest } from '../plugins/http-errors';
import { common, done, security } from '../plugins/route-schema';
import { rebuildAccountProfiles, sharedProfileMaintenance } from '../profile';

/** `PUT /api/user/time-zone`: the IANA zone whose days group results into profiles. */
const TimeZoneInput = Type.Object(
  {
    timeZone: Line({
      minLength: 1,
      maxLength: 100,
      description: 'An IANA time zone, e.g. America/Chicago (the browser’s).',
    }),
  },
  { title: 'TimeZoneInput', additionalProperties: false },
);

/**
 * The account's time zone (`PUT /api/user/time-zone`): a change rebuilds, in the same
 * transaction, the profiles built from results (server/profile), on the new zone's days.
 */
const timeZoneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const changed = sharedProfileMaintenance(app);

  app.put(
    '/user/time-zone',
    {
      schema: {
        summary: "Save the account's time zone (its days group results into profiles)",
        description:
          'The app saves the browser’s zone. A change rebuilds the profiles built from results ' +
          'on the days of the new zone; profiles typed by hand keep their day.',
        tags: ['user'],
        security,
        body: TimeZoneInput,
        response: { 204: done, ...common },
      },
    },
    async (request, reply) => {
      const { timeZone } = request.body;
      if (!isTimeZone(timeZone)) {
        throw badRequest({ timeZone: ['is not a time zone this server knows (IANA name)'] });
      }
      const accountId = request.account.id;
      const rebuilt = await app.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({ time_zone: timeZone })
          .where('id', '=', accountId)
          .where('time_zone', '<>', timeZone)
          .executeTakeFirst();
        return updated.numUpdatedRows > 0n ? rebuildAccountProfiles(trx, accountId) : 0;
      });
      changed(rebuilt);
      return reply.code(204).send(null);
    },
  );
};

export default timeZoneRoutes;
