import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../contract/common';
import { MessageBody } from '../../contract/errors';
import { OrderBody, OrderInput, OrderListBody, StoreBody } from '../../contract/store';
import { badRequest, HttpError, notFound } from '../plugins/http-errors';
import { common as commonErrors, security } from '../plugins/route-schema';
import { balance } from './ledger';
import { createOrder, getOrder, listOrders, toOrderBody } from './orders';
import { PaymentUnavailable } from './payments';
import { paymentProvider } from './provider';

const common = { ...commonErrors, 403: MessageBody };

/** The Store of the signed-in account: its balance, the packages, and its orders. */
const storeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['store'];
  const { storeCurrency: currency, storePackages: packages } = app.config;
  const payments = await paymentProvider(app.config, app.db, app.log);

  app.get(
    '/store',
    {
      schema: {
        summary: "The account's athlete spots and credit, the packages and the payment provider",
        tags,
        security,
        response: { 200: StoreBody, ...common },
      },
    },
    async (request) => {
      const { spotsLeft, creditCents } = await balance(app.db, request.account.id);
      return {
        athleteSpots: Math.max(0, spotsLeft),
        creditCents,
        currency,
        provider: payments.name,
        packages: packages.map((p) => ({ ...p, currency })),
      };
    },
  );

  app.post(
    '/store/order',
    {
      schema: {
        summary:
          'Order a package. With the manual provider the order stays pending until an administrator confirms it; with Stripe the answer has the checkoutUrl to pay at',
        description:
          'The same idempotencyKey again answers the order it made (200) instead of a second one; ' +
          'so does another order of a package that has a pending order (one open order per package). ' +
          'With Stripe, 502 when Stripe could not start the payment (the order is cancelled, nothing charged).',
        tags,
        security,
        body: OrderInput,
        response: { 200: OrderBody, 201: OrderBody, 502: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { packageId, idempotencyKey } = request.body;
      const pkg = packages.find((p) => p.id === packageId);
      if (!pkg) {
        throw badRequest({
          packageId: [`is not a package of this store (${packages.map((p) => p.id).join(', ')})`],
        });
      }
      const result = await createOrder(
        app.db,
        request.account.id,
        pkg,
        currency,
        payments.name,
        idempotencyKey ?? randomUUID(),
      );
      if (result.kind === 'key-reused') {
        throw badRequest({
          idempotencyKey: ['was already used for an order of another package'],
        });
      }
      let started;
      try {
        started = await payments.start(result.order);
      } catch (error) {
        if (!(error instanceof PaymentUnavailable)) throw error;
        throw new HttpError(502, {
          message:
            'The payment service did not answer, so the order was cancelled and nothing was charged. Try again in a moment.',
        });
      }
      return reply.code(result.kind === 'created' ? 201 : 200).send(toOrderBody(started));
    },
  );

  app.get(
    '/store/order',
    {
      schema: {
        summary: "The account's orders, newest first",
        tags,
        security,
        response: { 200: OrderListBody, ...common },
      },
    },
    async (request) => {
      const items = (await listOrders(app.db, request.account.id)).map(toOrderBody);
      return { items, totalCount: items.length, pageNumber: 1, pageSize: items.length };
    },
  );

  app.get(
    '/store/order/:id',
    {
      schema: {
        summary: 'One order of the account: its receipt',
        tags,
        security,
        params: IdParams,
        response: { 200: OrderBody, 404: MessageBody, ...common },
      },
    },
    async (request) => {
      const order = await getOrder(app.db, request.account.id, request.params.id);
      if (!order) throw notFound();
      return toOrderBody(order);
    },
  );
};

export default storeRoutes;
