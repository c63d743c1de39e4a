import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams, Line, MAX_ID } from '../../contract/common';
import { MessageBody } from '../../contract/errors';
import {
  ProfileBody,
  ProfileInput,
  ProfileListBody,
  ProfileListQuery,
  ReferenceVersionBody,
} from '../../contract/profile';
import { isUniqueViolation } from '../db/errors';
import { isTimeZone } from '../event';
import { badRequest, notFound } from '../plugins/http-errors';
import { common, done, security } from '../plugins/route-schema';
import { rebuildAccountProfiles } from './builder';
import { checkListQuery, listProfiles, type ProfileTable } from './list';
import { profileMaintenance } from './maintenance';
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

const ReferenceQuery = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })) },
  { additionalProperties: false },
);

const ATHLETE_NOT_FOUND = 'is not an athlete of this account';

const takenMessage = (day: string, id: number | string) =>
  `This athlete has a profile on ${day} already (profile ${id}); edit that one instead.`;

/**
 * Athlete profiles (`/api/profile`), the individual EAPI and EASI tables, the reference
 * tables (`/api/index-reference`) and the account's time zone (`/api/user/time-zone`).
 */
const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['profile'];
  const changed = profileMaintenance(app);

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
  async function save(accountId: string, input: ProfileInput, id?: number) {
    try {
      const saved = await saveManualProfile(app.db, accountId, input, id);
      changed(1);
      return saved;
    } catch (error) {
      if (!isUniqueViolation(error, PROFILE_DAY_INDEX)) throw error;
      const taken = await profileOnDay(app.db, accountId, input.athleteId, input.testedOn, id);
      throw badRequest({ testedOn: [takenMessage(input.testedOn, taken?.id ?? '?')] });
    }
  }

  const list = (url: string, table: ProfileTable, summary: string, description: string) =>
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
          tags,
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

  list(
    '/profile',
    'all',
    "A page of the account's athlete profiles",
    'Every profile, built from results or typed by hand.',
  );
  list(
    '/report/eapi/individual',
    'eapi',
    'A page of the EAPI table (profiles with an EAPI test)',
    'Profiles with any EAPI test measured (vertical jump, 10-yd, pro agility, 40-yd, broad jump).',
  );
  list(
    '/report/easi/individual',
    'easi',
    'A page of the EASI table (profiles with a sprint phase)',
    'Profiles with any EASI phase measured (acceleration, transition, top speed, flying 10).',
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
      const id = await save(accountId, request.body);
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
      const saved = await save(accountId, request.body, id);
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
      if (!(await deleteProfile(app.db, request.account.id, request.params.id))) throw notFound();
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
      const outcome = await rebuildProfile(app.db, accountId, id);
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

export default profileRoutes;
