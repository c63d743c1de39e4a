import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams, MAX_ID } from '../../contract/common';
import { actorOf, type Actor } from '../activity';
import { MessageBody } from '../../contract/errors';
import { ProfileBody, ProfileInput, ReferenceVersionBody } from '../../contract/profile';
import { isUniqueViolation } from '../db/errors';
import { badRequest, notFound } from '../plugins/http-errors';
import { common, done, security } from '../plugins/route-schema';
import { profileListRoute } from './list-route';
import { sharedProfileMaintenance } from './maintenance';
import { findReferenceVersion, toReferenceVersionBody } from './references';
import {
  deleteProfile,
  findProfile,
  PROFILE_DAY_INDEX,
  profileAthlete,
  profileOnDay,
  rebuildProfile,
  saveManualProfile,
} from './repository';

const ReferenceQuery = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })) },
  { additionalProperties: false },
);

const ATHLETE_NOT_FOUND = 'is not an athlete of this account';

const takenMessage = (day: string, id: number | string) =>
  `This athlete has a profile on ${day} already (profile ${id}); edit that one instead.`;

/**
 * Athlete profiles (`/api/profile`) and the reference tables (`/api/index-reference`).
 * The individual EAPI and EASI tables are server/report's, the account's time zone
 * server/user's.
 */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['profile'];
  const changed = sharedProfileMaintenance(app);

  /** Checks a manual profile's references; throws the 400. */
  async function checkInput(accountId: string, input: ProfileInput, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    if (!(await profileAthlete(app.db, accountId, input.athleteId))) {
      errors.athleteId = [ATHLETE_NOT_FOUND];
    } else {
      const taken = await profileOnDay(
        app.db,
        accountId,
        input.athleteId,
        input.testedOn,
        exceptId,
      );
      if (taken) errors.testedOn = [takenMessage(input.testedOn, taken.id)];
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  /** Saves; a profile of the same day written meanwhile (the unique index) is the same 400. */
  async function save(accountId: string, actor: Actor, input: ProfileInput, id?: number) {
    try {
      const saved = await saveManualProfile(app.db, accountId, input, id, actor);
      changed(1);
      return saved;
    } catch (error) {
      if (!isUniqueViolation(error, PROFILE_DAY_INDEX)) throw error;
      const taken = await profileOnDay(app.db, accountId, input.athleteId, input.testedOn, id);
      throw badRequest({ testedOn: [takenMessage(input.testedOn, taken?.id ?? '?')] });
    }
  }

  profileListRoute(
    app,
    '/profile',
    'all',
    "A page of the account's athlete profiles",
    'Every profile, built from results or typed by hand.',
  );
  app.post(
    '/profile',
    {
      schema: {
        summary: 'Add a profile typed by hand (origin manual)',
        description:
          'The server scores it with the current reference version. bodyweightKg left out is ' +
          "the athlete's weight. One profile per athlete and day: a second is a 400 on testedOn.",
        tags,
        security,
        body: ProfileInput,
        response: { 201: ProfileBody, ...common },
      },
    },
    async (request, reply) => {
      const accountId = request.account.id;
      await checkInput(accountId, request.body);
      const id = await save(accountId, actorOf(request.account), request.body);
      const profile =
        id === undefined ? undefined : await findProfile(app.db, accountId, Number(id));
      // The athlete was deleted between the check and the write.
      if (!profile) throw badRequest({ athleteId: [ATHLETE_NOT_FOUND] });
      return reply.code(201).send(profile);
    },
  );

  app.get(
    '/profile/:id',
    {
      schema: {
        summary: 'One profile',
        tags,
        security,
        params: IdParams,
        response: { 200: ProfileBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const profile = await findProfile(app.db, request.account.id, request.params.id);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.put(
    '/profile/:id',
    {
      schema: {
        summary: 'Replace a profile by hand (it becomes manual: results no longer change it)',
        description:
          'Every measurement is replaced: one left out becomes null. POST ' +
          '/api/profile/{id}/rebuild turns it back into a profile built from results.',
        tags,
        security,
        params: IdParams,
        body: ProfileInput,
        response: { 200: ProfileBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.params;
      if (!(await findProfile(app.db, accountId, id))) throw notFound();
      await checkInput(accountId, request.body, id);
      const saved = await save(accountId, actorOf(request.account), request.body, id);
      const profile = saved === undefined ? undefined : await findProfile(app.db, accountId, id);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.delete(
    '/profile/:id',
    {
      schema: {
        summary: 'Delete a profile',
        description:
          'A profile built from results comes back when a result of its day is added or corrected.',
        tags,
        security,
        params: IdParams,
        response: { 204: done, 404: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { account } = request;
      if (!(await deleteProfile(app.db, account.id, request.params.id, actorOf(account))))
        throw notFound();
      changed(1);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/profile/:id/rebuild',
    {
      schema: {
        summary: "Rebuild a profile from its day's EAPI results (it becomes origin results)",
        description:
          'A 400 (nothing changed) when the day has no EAPI result to build from: a manual ' +
          'profile is not lost.',
        tags,
        security,
        params: IdParams,
        response: { 200: ProfileBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.params;
      const outcome = await rebuildProfile(app.db, accountId, id, actorOf(request.account));
      if (outcome === 'missing') throw notFound();
      if (outcome === 'empty') {
        throw badRequest({
          id: ['has no EAPI results on its day to build from; it was left as it is'],
        });
      }
      changed(1);
      const profile = await findProfile(app.db, accountId, id);
      if (!profile) throw notFound();
      return profile;
    },
  );

  app.get(
    '/index-reference',
    {
      schema: {
        summary: 'The reference tables the index is scored with (current, or ?version=)',
        tags,
        security,
        querystring: ReferenceQuery,
        response: { 200: ReferenceVersionBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const version = await findReferenceVersion(app.db, request.query.version);
      if (!version) throw notFound('Reference version not found');
      return toReferenceVersionBody(version);
    },
  );
};

export default profileRoutes;
