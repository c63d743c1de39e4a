import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { EventTypeListBody, type EventTypeBody } from '../../contract/event';
import { MessageBody } from '../../contract/errors';
import type { Database } from '../db/schema';
import { userOrApiKey } from '../plugins/route-schema';

/**
 * The built-in event types and the account's own, each with its standard split
 * distances and the account's aliases of it, by id. Reference data that the app and
 * timing devices read (an API key may): a handful of rows, two indexed queries.
 */
export async function listEventTypes(
  db: Kysely<Database>,
  accountId: string,
): Promise<EventTypeBody[]> {
  const [types, aliases] = await Promise.all([
    db
      .selectFrom('event_types')
      .select([
        'id',
        'account_id',
        'code',
        'name',
        'unit',
        'lower_is_better',
        'distance_mode',
        'default_distance_mm',
        'split_distances_mm',
      ])
      .where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', accountId)]))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('event_aliases')
      .select(['id', 'event_type_id', 'name', 'distance_mm'])
      .where('account_id', '=', accountId)
      .orderBy('name')
      .execute(),
  ]);
  return types.map((type) => ({
    id: type.id,
    code: type.code,
    name: type.name,
    unit: type.unit,
    lowerIsBetter: type.lower_is_better,
    builtIn: type.account_id === null,
    distanceMode: type.distance_mode,
    defaultDistanceMm: type.default_distance_mm,
    splitDistancesMm: type.split_distances_mm,
    aliases: aliases
      .filter((alias) => alias.event_type_id === type.id)
      .map((alias) => ({ id: Number(alias.id), name: alias.name, distanceMm: alias.distance_mm })),
  }));
}

const eventTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/event-type',
    {
      schema: {
        summary: "The event types (built-in and the account's) with their split distances",
        description: 'Reference data for the app and for devices. Accepts an API key.',
        tags: ['reference'],
        security: userOrApiKey,
        response: { 200: EventTypeListBody, 401: MessageBody, 403: MessageBody },
      },
    },
    async (request) => {
      const items = await listEventTypes(app.db, request.account.id);
      return { items, totalCount: items.length, pageNumber: 1, pageSize: items.length };
    },
  );
};

export default eventTypeRoutes;
