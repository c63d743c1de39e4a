import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MAX_ROSTERS,
  RosterBody,
  RosterInput,
  RosterListBody,
  RosterMembersInput,
} from '../../contract/athlete';
import { actorOf } from '../activity';
import { MessageBody } from '../../contract/errors';
import { IdParams } from '../../contract/common';
import { distinctIds, listIds } from '../db/ids';
import { isUniqueViolation } from '../db/errors';
import { badRequest, notFound } from '../plugins/http-errors';
import {
  changeMembers,
  createRoster,
  deleteRoster,
  findRoster,
  listRosters,
  renameRoster,
  rosterNamed,
} from './repository';
import { common, done, security } from '../plugins/route-schema';

export const rosterClash = (existing: string): string =>
  `A roster named "${existing}" exists already; roster names must differ (ignoring case).`;
export const rostersFull = (): string =>
  `This account has ${MAX_ROSTERS} rosters, the most it may have; delete one first.`;

/** Separates roster names in the CSV `rosters` column, so no name may contain it. */
export const ROSTER_SEPARATOR = ';';
export const rosterSeparatorRule = `must not contain "${ROSTER_SEPARATOR}" (it separates roster names in CSV files)`;

/** Trims the name; a blank one is refused like a missing one. */
function rosterName(input: RosterInput): string {
  const name = input.name.trim();
  if (!name) throw badRequest({ name: ['must not be empty'] });
  if (name.includes(ROSTER_SEPARATOR)) throw badRequest({ name: [rosterSeparatorRule] });
  return name;
}

/**
 * `/api/roster`: the account's rosters. Deleting a roster keeps its athletes; names are
 * trimmed and unique per account ignoring case (docs/data-model.md).
 */
const rosterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['roster'];

  app.get(
    '/roster',
    {
      schema: {
        summary: 'Every roster of the account, by name, with its number of athletes',
        tags,
        security,
        response: { 200: RosterListBody, ...common },
      },
    },
    async (request): Promise<RosterListBody> => {
      const all = await listRosters(app.db, request.account.id);
      // A member limited to some rosters sees those only (contract/permissions.ts `filtered`).
      const limit = request.member?.rosterIds;
      const items = limit ? all.filter((roster) => limit.includes(String(roster.id))) : all;
      return { items, totalCount: items.length, pageNumber: 1, pageSize: MAX_ROSTERS };
    },
  );

  app.post(
    '/roster',
    {
      schema: {
        summary: 'Create a roster',
        tags,
        security,
        body: RosterInput,
        response: { 201: RosterBody, ...common },
      },
    },
    async (request, reply) => {
      const outcome = await createRoster(
        app.db,
        request.account.id,
        rosterName(request.body),
        actorOf(request.account),
      );
      if (!outcome.ok) {
        throw badRequest({
          name: ['full' in outcome ? rostersFull() : rosterClash(outcome.clash)],
        });
      }
      return reply.code(201).send(outcome.roster);
    },
  );

  app.put(
    '/roster/:id',
    {
      schema: {
        summary: 'Rename a roster',
        tags,
        security,
        params: IdParams,
        body: RosterInput,
        response: { 200: RosterBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.params;
      const name = rosterName(request.body);
      let renamed: boolean;
      try {
        renamed = await renameRoster(app.db, accountId, id, name, actorOf(request.account));
      } catch (error) {
        if (!isUniqueViolation(error, 'rosters_name')) throw error;
        throw badRequest({
          name: [rosterClash((await rosterNamed(app.db, accountId, name, id)) ?? name)],
        });
      }
      const roster = renamed ? await findRoster(app.db, accountId, id) : undefined;
      if (!roster) throw notFound();
      return roster;
    },
  );

  app.delete(
    '/roster/:id',
    {
      schema: {
        summary: 'Delete a roster (its athletes stay)',
        tags,
        security,
        params: IdParams,
        response: { 204: done, 404: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { account } = request;
      if (!(await deleteRoster(app.db, account.id, request.params.id, actorOf(account))))
        throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/roster/:id/athlete',
    {
      schema: {
        summary: 'Add and remove athletes of a roster in bulk (all or nothing)',
        description:
          'Every id must be an athlete of the account, else 400 and nothing changes. ' +
          'Adding a member again or removing a non-member changes nothing.',
        tags,
        security,
        params: IdParams,
        body: RosterMembersInput,
        response: { 200: RosterBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.params;
      const add = distinctIds(request.body.add);
      const remove = distinctIds(request.body.remove);
      const both = add.filter((athleteId) => remove.includes(athleteId));
      if (both.length > 0) {
        throw badRequest({
          remove: [`Athletes ${listIds(both)} are both added and removed; choose one.`],
        });
      }
      const outcome = await changeMembers(
        app.db,
        accountId,
        id,
        { add, remove },
        actorOf(request.account),
      );
      if (!outcome.ok) {
        if ('notFound' in outcome) throw notFound();
        const unknown = outcome.unknownAthletes;
        const errors: Record<string, string[]> = {};
        const message = (ids: number[]) =>
          `${ids.length === 1 ? 'This id is not an athlete' : 'These ids are not athletes'} of this account: ${listIds(ids)}.`;
        const unknownAdded = add.filter((athleteId) => unknown.includes(athleteId));
        const unknownRemoved = remove.filter((athleteId) => unknown.includes(athleteId));
        if (unknownAdded.length > 0) errors.add = [message(unknownAdded)];
        if (unknownRemoved.length > 0) errors.remove = [message(unknownRemoved)];
        throw badRequest(errors);
      }
      const roster = await findRoster(app.db, accountId, id);
      if (!roster) throw notFound(); // deleted between the change and this read
      return roster;
    },
  );
};

export default rosterRoutes;
