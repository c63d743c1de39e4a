import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  AthleteBody,
  AthleteInput,
  AthleteListBody,
  AthleteListQuery,
  DEFAULT_PAGE_SIZE,
} from '../../contract/athlete';
import { MessageBody } from '../../contract/errors';
import { isUniqueViolation } from '../db/errors';
import { badRequest, notFound } from '../plugins/http-errors';
import { unknownRosters } from '../roster';
import { referenceData } from '../reference';
import { IdParams } from '../../contract/common';
import { distinctIds, listIds } from '../db/ids';
import { filtersOf } from './list-query';
import {
  asSeenBy,
  athleteWithExternalId,
  createAthlete,
  deleteAthlete,
  findAthlete,
  listAthletes,
  NoAthleteSpotsError,
  updateAthlete,
} from './repository';
import { checkAthlete, type AthleteValues } from './validate';
import { actorOf } from '../activity';
import { common, done, security } from '../plugins/route-schema';

/** The 400 of an addition beyond the account's athlete spots (PRODUCT.md: "a clear message"). */
export const NO_SPOTS_MESSAGE =
  'No athlete spots left: this account may add 0 more athletes (its limit is reached). ' +
  'Buy more athlete spots in the Store, or delete athletes who have left.';

/**
 * The 400 of an external id taken. A member limited to some rosters (`named` false) is
 * not told the name: the athlete may be on another roster (decision 041).
 */
export const externalIdTaken = (
  athlete: { first_name: string; last_name: string },
  named = true,
): string =>
  `${named ? `${athlete.first_name} ${athlete.last_name}` : 'Another athlete'} has this external id already; external ids must be unique.`;

/**
 * Checks an AthleteInput against the rules and the account's data; throws the 400. The
 * roster limit of a member was checked by the guard (`athleteForm`); here it only keeps
 * other rosters' athletes unnamed (`limited`).
 */
async function checkInput(
  app: FastifyInstance,
  accountId: string,
  input: AthleteInput,
  limited: boolean,
  exceptId?: number,
): Promise<{ values: AthleteValues; rosterIds: number[] }> {
  const { values, errors } = checkAthlete(input, await referenceData(app.db));
  const rosterIds = distinctIds(input.rosterIds);
  const [unknown, taken] = await Promise.all([
    unknownRosters(app.db, accountId, rosterIds),
    values.externalId === null
      ? undefined
      : athleteWithExternalId(app.db, accountId, values.externalId, exceptId),
  ]);
  if (unknown.length > 0) {
    errors.rosterIds = [
      `${unknown.length === 1 ? 'This id is not a roster' : 'These ids are not rosters'} of this account: ${listIds(unknown)}.`,
    ];
  }
  if (taken) (errors.externalId ??= []).push(externalIdTaken(taken, !limited));
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { values, rosterIds };
}

/** Runs a write; an external id taken meanwhile (the unique index) is the same 400. */
async function guardExternalId<T>(
  app: FastifyInstance,
  accountId: string,
  values: AthleteValues,
  limited: boolean,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error, 'athletes_external_id') || values.externalId === null)
      throw error;
    const taken = await athleteWithExternalId(app.db, accountId, values.externalId);
    throw badRequest({
      externalId: [taken ? externalIdTaken(taken, !limited) : 'is taken by another athlete'],
    });
  }
}

/**
 * `/api/athlete`: the athlete table (the spec's filters), one athlete, and the changes.
 * CSV import and export are in ./csv-routes.ts.
 */
const athleteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['athlete'];

  app.get(
    '/athlete',
    {
      schema: {
        summary: "A page of the account's athletes (the athlete table's filters)",
        description:
          'Name queries match the start of the name, ignoring case and accents ("EMI" finds ' +
          '"Émile"). Name sorts break ties by id in the same direction, so pages never ' +
          'repeat or skip an athlete; None orders by id. rosterId -1 means every athlete.',
        tags,
        security,
        querystring: AthleteListQuery,
        response: { 200: AthleteListBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const list = await listAthletes(app.db, request.account.id, filtersOf(request.query), {
        pageNumber: request.query.pageNumber ?? 1,
        pageSize: request.query.pageSize ?? DEFAULT_PAGE_SIZE,
      });
      if (!list) throw notFound('Roster not found');
      const limit = request.member?.rosterIds;
      return limit ? { ...list, items: list.items.map((item) => asSeenBy(item, limit)) } : list;
    },
  );

  app.post(
    '/athlete',
    {
      schema: {
        summary: 'Add an athlete (takes one athlete spot)',
        description:
          'A member limited to some rosters puts the athlete on at least one of those, and ' +
          'on no other roster.',
        tags,
        security,
        body: AthleteInput,
        response: { 201: AthleteBody, ...common },
      },
    },
    async (request, reply) => {
      const accountId = request.account.id;
      const limited = Boolean(request.member?.rosterIds);
      const { values, rosterIds } = await checkInput(app, accountId, request.body, limited);
      let id: string;
      try {
        id = await guardExternalId(app, accountId, values, limited, () =>
          createAthlete(app.db, accountId, values, rosterIds, actorOf(request.account)),
        );
      } catch (error) {
        if (error instanceof NoAthleteSpotsError)
          throw badRequest({ athleteSpots: [NO_SPOTS_MESSAGE] });
        throw error;
      }
      const athlete = await findAthlete(app.db, accountId, Number(id));
      if (!athlete) throw notFound(); // deleted between the insert and this read
      return reply.code(201).send(asSeenBy(athlete, request.member?.rosterIds));
    },
  );

  app.get(
    '/athlete/:id',
    {
      schema: {
        summary: 'One athlete',
        tags,
        security,
        params: IdParams,
        response: { 200: AthleteBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const athlete = await findAthlete(app.db, request.account.id, request.params.id);
      if (!athlete) throw notFound();
      return asSeenBy(athlete, request.member?.rosterIds);
    },
  );

  app.put(
    '/athlete/:id',
    {
      schema: {
        summary: "Replace an athlete's fields and rosters",
        description:
          'Every field is replaced: an optional field left out becomes empty, and ' +
          'rosterIds left out takes the athlete off every roster. A member limited to some ' +
          "rosters changes the athlete's memberships of those only, and keeps the athlete " +
          'on at least one of them.',
        tags,
        security,
        params: IdParams,
        body: AthleteInput,
        response: { 200: AthleteBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.params;
      if (!(await findAthlete(app.db, accountId, id))) throw notFound();
      // A member limited to some rosters changes the athlete's memberships of theirs only.
      const limit = request.member?.rosterIds ?? null;
      const { values, rosterIds } = await checkInput(app, accountId, request.body, !!limit, id);
      const updated = await guardExternalId(app, accountId, values, !!limit, () =>
        updateAthlete(app.db, accountId, id, values, rosterIds, actorOf(request.account), limit),
      );
      const athlete = updated ? await findAthlete(app.db, accountId, id) : undefined;
      if (!athlete) throw notFound();
      return asSeenBy(athlete, limit);
    },
  );

  app.delete(
    '/athlete/:id',
    {
      schema: {
        summary: 'Delete an athlete with their results (gives the athlete spot back)',
        tags,
        security,
        params: IdParams,
        response: { 204: done, 404: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { account } = request;
      if (!(await deleteAthlete(app.db, account.id, request.params.id, actorOf(account))))
        throw notFound();
      return reply.code(204).send(null);
    },
  );
};

export default athleteRoutes;
