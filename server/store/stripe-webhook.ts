import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type Stripe from 'stripe';
import { MessageBody, ValidationErrorBody } from '../../contract/errors';
import { badRequest } from '../plugins/http-errors';
import { applyStripeEvent, stripeClient } from './stripe';

const Received = Type.Object(
  {
    received: Type.Boolean(),
    duplicate: Type.Boolean({ description: 'The event was processed before; nothing changed.' }),
  },
  { title: 'StripeWebhookReceived' },
);

/**
 * `POST /api/store/stripe-webhook`: Stripe's events about the Store's payments
 * (docs/store.md). Public (Stripe has no session), registered only when Stripe is
 * configured. The signature is checked by the package's own verifier over the exact bytes
 * Stripe signed, so this scope (and only it) reads JSON bodies as raw buffers; anything
 * else, or a signature that does not verify, is a 400 and changes nothing.
 */
const stripeWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.config.stripe;
  if (!settings) return;
  const stripe = await stripeClient(settings);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/store/stripe-webhook',
    {
      schema: {
        summary: "Stripe's signed events: payments completed or expired, charges refunded",
        description:
          'Called by Stripe, not by the app. Each event is processed once by its id; a replay ' +
          'answers 200 with duplicate: true. A missing or wrong Stripe-Signature is a 400.',
        tags: ['store'],
        consumes: ['application/json'],
        response: { 200: Received, 400: ValidationErrorBody, 415: MessageBody },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
        throw badRequest({ 'stripe-signature': ['is missing: only Stripe may call this'] });
      }
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, settings.webhookSecret);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook: the signature does not verify');
        throw badRequest({ 'stripe-signature': ['does not verify: only Stripe may call this'] });
      }
      const result = await applyStripeEvent(app.db, event, request.log);
      if (result === 'duplicate') {
        request.log.info({ eventId: event.id, type: event.type }, 'stripe webhook: a replay');
        return { received: true, duplicate: true };
      }
      request.log.info(
        { eventId: event.id, type: event.type, ...result },
        'stripe webhook: processed',
      );
      return { received: true, duplicate: false };
    },
  );
};

export default stripeWebhookRoutes;
