import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  EventBatchBody,
  EventBatchInput,
  EventBody,
  EventInput,
  EventUpdateInput,
} from '../../contract/event';
import { IdParams } from '../../contract/common';
import { MessageBody } from '../../contract/errors';
import { badRequest, notFound } from '../plugins/http-errors';
import { actorOf } from '../activity';
import { resultMaintenance } from './maintenance';
import { ingestEvents } from './ingest';
import { loadReferences, prepareEvent, Problems } from './prepare';
import { deleteEvent, findEvent, replaceEvent } from './repository';
import { eventBodyValidatorCompiler } from './validator';
import {
  common as commonErrors,
  done,
  security as userOnly,
  userOrApiKey,
} from '../plugins/route-schema';

const common = { ...commonErrors, 403: MessageBody };

/** 5,000 results with a few splits each are ~2 MB of JSON; room for many splits. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;
/** Results ("events"): ingest from devices and apps, corrections and deletion by a coach. */
const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['event'];
  const changed = resultMaintenance(app);

  app.post(
    '/event',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      validatorCompiler: eventBodyValidatorCompiler,
      schema: {
        summary:
          'Store one result, or a batch of up to 5,000 (all or nothing; idempotent by clientId)',
        description:
          'The body is one result, or `{ items: [...] }`. The whole batch is checked first; any ' +
          'wrong row answers 400 naming it (`items.3.splits.1.timeMs`) and nothing is stored. ' +
          'A result sent again under the same clientId changes nothing and is answered with the ' +
          'stored id; a clientId stored before with other content answers 409 and nothing is ' +
          'stored. 201 when anything was stored, 200 when every result was stored before. ' +
          'Results faster than humanly possible are stored with `implausible: true` and kept ' +
          'off the boards. Accepts an API key.',
        tags,
        security: userOrApiKey,
        body: Type.Union([EventInput, EventBatchInput]),
        response: {
          200: Type.Union([EventBody, EventBatchBody]),
          201: Type.Union([EventBody, EventBatchBody]),
          409: MessageBody,
          413: MessageBody,
          ...common,
        },
      },
    },
    async (request, reply) => {
      const accountId = request.account.id;
      const body = request.body;
      const single = !('items' in body);
      const inputs = 'items' in body ? body.items : [body];
      const pathOf = single ? () => '' : (index: number) => `items.${index}.`;
      const { rows, stored } = await ingestEvents(
        app.db,
        accountId,
        inputs,
        pathOf,
        actorOf(request.account),
      );
      reply.code(stored.created > 0 ? 201 : 200);
      // After the commit; a batch of duplicates changed nothing and tells no screen.
      if (stored.created > 0) {
        changed(stored.created);
        await app.live.publishResults(accountId, {
          results: rows.map((row) => ({
            id: stored.refs.get(row.clientId)!.id,
            eventTypeId: row.eventTypeId,
            athleteId: row.athleteId,
          })),
        });
      }
      if (single) {
        const event = await findEvent(app.db, accountId, stored.refs.get(rows[0]!.clientId)!.id);
        // Deleted between the commit and this read: answer what was stored.
        if (!event) throw notFound();
        return event;
      }
      return {
        items: rows.map((row) => {
          const ref = stored.refs.get(row.clientId)!;
          return { id: Number(ref.id), clientId: row.clientId, implausible: ref.implausible };
        }),
        created: stored.created,
      };
    },
  );

  app.put(
    '/event/:id',
    {
      schema: {
        summary: 'Correct a result (checked again; the implausible flag and splits are recomputed)',
        tags,
        security: userOnly,
        params: IdParams,
        body: EventUpdateInput,
        response: { 200: EventBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const accountId = request.account.id;
      const { id } = request.params;
      const existing = await findEvent(app.db, accountId, id);
      if (!existing) throw notFound();
      const refs = await loadReferences(app.db, accountId, [request.body]);
      const problems = new Problems();
      const row = prepareEvent(request.body, refs, '', problems);
      if (!row) throw badRequest(problems.errors);
      if (!(await replaceEvent(app.db, accountId, id, row, actorOf(request.account))))
        throw notFound();
      changed(1);
      // Before and after: boards of the old event type and athlete change too.
      await app.live.publishResults(accountId, {
        results: [
          { id, eventTypeId: existing.eventTypeId, athleteId: existing.athleteId },
          { id, eventTypeId: row.eventTypeId, athleteId: row.athleteId },
        ],
      });
      const event = await findEvent(app.db, accountId, id);
      if (!event) throw notFound();
      return event;
    },
  );

  app.delete(
    '/event/:id',
    {
      schema: {
        summary: 'Delete a result and its splits',
        tags,
        security: userOnly,
        params: IdParams,
        response: { 204: done, 404: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const accountId = request.account.id;
      const { id } = request.params;
      const existing = await findEvent(app.db, accountId, id);
      if (!existing || !(await deleteEvent(app.db, accountId, id, actorOf(request.account))))
        throw notFound();
      changed(1);
      await app.live.publishResults(accountId, {
        results: [{ id, eventTypeId: existing.eventTypeId, athleteId: existing.athleteId }],
      });
      return reply.code(204).send(null);
    },
  );
};

export default eventRoutes;
