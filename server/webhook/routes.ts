import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../contract/common';
import { actorOf } from '../activity';
import { MessageBody } from '../../contract/errors';
import {
  DeliveryBody,
  DeliveryListBody,
  DeliveryListQuery,
  MAX_WEBHOOKS,
  NewWebhookBody,
  RecoverBody,
  RecoverInput,
  ResumedWebhookBody,
  WebhookBody,
  WebhookInput,
  WebhookListBody,
} from '../../contract/webhook';
import { badRequest, notFound } from '../plugins/http-errors';
import { common as commonErrors, done, security } from '../plugins/route-schema';
import {
  createSubscription,
  deleteSubscription,
  findSubscription,
  listDeliveries,
  listSubscriptions,
  queueTestEvent,
  setSubscriptionState,
  toDeliveryBody,
  toWebhookBody,
  updateSubscription,
} from './subscriptions';
import { recoverMissed, recoverySince } from './recover';
import { targetProblem } from './targets';

const common = { ...commonErrors, 403: MessageBody };

/**
 * Webhook subscriptions of the signed-in account and their delivery log
 * (contract/webhook.ts, docs/webhooks.md). A coach's session only: an API key gets 403
 * (plugins/auth.ts API_KEY_ROUTES). Another account's subscription is a 404.
 */
const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integration'];
  const base = '/integration/webhook';
  const notFoundAnswer = { 404: MessageBody };

  /** The URL's problem, as a 400 at `url`. */
  const checkUrl = async (url: string) => {
    const problem = await targetProblem(url.trim(), app.config.webhookAllowPrivateTargets);
    if (problem) throw badRequest({ url: [problem] });
  };

  app.get(
    base,
    {
      schema: {
        summary: "The account's webhook subscriptions, newest first (never their secrets)",
        tags,
        security,
        response: { 200: WebhookListBody, ...common },
      },
    },
    async (request) => {
      const items = (await listSubscriptions(app.db, request.account.id)).map(toWebhookBody);
      return { items, totalCount: items.length, pageNumber: 1, pageSize: items.length };
    },
  );

  app.post(
    base,
    {
      schema: {
        summary: `Subscribe a URL to events (at most ${MAX_WEBHOOKS}); the answer is the only time the secret is shown`,
        tags,
        security,
        body: WebhookInput,
        response: { 201: NewWebhookBody, ...common },
      },
    },
    async (request, reply) => {
      await checkUrl(request.body.url);
      const made = await createSubscription(
        app.db,
        request.account.id,
        request.body,
        MAX_WEBHOOKS,
        app.webhooks.secrets.seal,
        actorOf(request.account),
      );
      if (!made) {
        throw badRequest({
          url: [`An account may have ${MAX_WEBHOOKS} webhooks; delete one first.`],
        });
      }
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ ...toWebhookBody(made.row), secret: made.secret });
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        summary: 'One webhook subscription',
        tags,
        security,
        params: IdParams,
        response: { 200: WebhookBody, ...notFoundAnswer, ...common },
      },
    },
    async (request) => {
      const row = await findSubscription(app.db, request.account.id, request.params.id);
      if (!row) throw notFound();
      return toWebhookBody(row);
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        summary: 'Change the URL, description or events of a subscription (its secret stays)',
        tags,
        security,
        params: IdParams,
        body: WebhookInput,
        response: { 200: WebhookBody, ...notFoundAnswer, ...common },
      },
    },
    async (request) => {
      if (!(await findSubscription(app.db, request.account.id, request.params.id)))
        throw notFound();
      await checkUrl(request.body.url);
      const row = await updateSubscription(
        app.db,
        request.account.id,
        request.params.id,
        request.body,
        actorOf(request.account),
      );
      if (!row) throw notFound();
      return toWebhookBody(row);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        summary: 'Delete a subscription with its queued deliveries and log',
        tags,
        security,
        params: IdParams,
        response: { 204: done, ...notFoundAnswer, ...common },
      },
    },
    async (request, reply) => {
      const { account } = request;
      if (!(await deleteSubscription(app.db, account.id, request.params.id, actorOf(account))))
        throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:id/pause`,
    {
      schema: {
        summary: 'Pause a subscription: deliveries wait until it is resumed',
        tags,
        security,
        params: IdParams,
        response: { 200: WebhookBody, ...notFoundAnswer, ...common },
      },
    },
    async (request) => {
      const row = await setSubscriptionState(
        app.db,
        request.account.id,
        request.params.id,
        'pause',
        actorOf(request.account),
      );
      if (!row) throw notFound();
      return toWebhookBody(row);
    },
  );

  app.post(
    `${base}/:id/resume`,
    {
      schema: {
        summary:
          'Resume a subscription: what waited is sent; a disabled one also gets the events it has not received since its last successful delivery',
        tags,
        security,
        params: IdParams,
        response: { 200: ResumedWebhookBody, ...notFoundAnswer, ...common },
      },
    },
    async (request) => {
      const before = await findSubscription(app.db, request.account.id, request.params.id);
      if (!before) throw notFound();
      const row = await setSubscriptionState(
        app.db,
        request.account.id,
        request.params.id,
        'resume',
        actorOf(request.account),
      );
      if (!row) throw notFound();
      let recovered = 0;
      let since: Date | undefined;
      if (before.status === 'disabled') {
        since = await recoverySince(app.db, row, app.webhooks.settings.keepDays);
        recovered = await recoverMissed(app.db, row, since);
      }
      app.webhooks.wake();
      return {
        ...toWebhookBody(row),
        recovered,
        recoveredSince: since?.toISOString() ?? null,
      };
    },
  );

  app.post(
    `${base}/:id/recover`,
    {
      schema: {
        summary:
          'Send again the events since an instant that this subscription has not received (missed while disabled, or failed)',
        tags,
        security,
        params: IdParams,
        body: RecoverInput,
        response: { 202: RecoverBody, ...notFoundAnswer, ...common },
      },
    },
    async (request, reply) => {
      const row = await findSubscription(app.db, request.account.id, request.params.id);
      if (!row) throw notFound();
      const since = new Date(request.body.since);
      const { keepDays } = app.webhooks.settings;
      const oldest = Date.now() - keepDays * 24 * 60 * 60_000;
      if (Number.isNaN(since.getTime())) throw badRequest({ since: ['Enter an ISO instant.'] });
      if (since.getTime() > Date.now())
        throw badRequest({ since: ['The instant is in the future.'] });
      if (since.getTime() < oldest - 60_000) {
        throw badRequest({
          since: [
            `Events are kept ${keepDays} days: choose an instant after ${new Date(oldest).toISOString()}.`,
          ],
        });
      }
      const recovered = await recoverMissed(app.db, row, since);
      app.webhooks.wake();
      return reply.code(202).send({ recovered, since: since.toISOString() });
    },
  );

  app.post(
    `${base}/:id/test`,
    {
      schema: {
        summary: 'Send a webhook.test event to this subscription only',
        tags,
        security,
        params: IdParams,
        response: { 202: DeliveryBody, ...notFoundAnswer, ...common },
      },
    },
    async (request, reply) => {
      const row = await findSubscription(app.db, request.account.id, request.params.id);
      if (!row) throw notFound();
      const delivery = await queueTestEvent(app.db, row);
      app.webhooks.wake();
      return reply.code(202).send(toDeliveryBody(delivery));
    },
  );

  app.get(
    `${base}/:id/delivery`,
    {
      schema: {
        summary: "A subscription's deliveries, newest first",
        tags,
        security,
        params: IdParams,
        querystring: DeliveryListQuery,
        response: { 200: DeliveryListBody, ...notFoundAnswer, ...common },
      },
    },
    async (request) => {
      const row = await findSubscription(app.db, request.account.id, request.params.id);
      if (!row) throw notFound();
      return listDeliveries(app.db, request.account.id, row.id, request.query);
    },
  );
};

export default webhookRoutes;
