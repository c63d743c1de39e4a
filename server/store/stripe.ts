import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Config } from '../config';
import type { StripeSettings } from './config';
import type { Database } from '../db/schema';
import {
  cancelLocked,
  cancelUnstarted,
  fulfilLocked,
  lockOrder,
  orderById,
  refundLocked,
  setCheckout,
  type OrderChange,
  type OrderRow,
} from './orders';
import { PaymentUnavailable, type Payments } from './payments';

/**
 * Stripe Checkout (docs/store.md, decision 023): an order starts a Checkout Session and
 * the coach pays on Stripe's page; only the signed webhook (stripe-webhook.ts) fulfils,
 * cancels or refunds, each event once (`stripe_events`).
 */
type Db = Kysely<Database>;

/**
 * The official client, pointed at STRIPE_API_BASE when set (tests: a local fake of the API).
 * The package (219 modules) is loaded here, so that a server without Stripe never loads it.
 */
export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  // The package's ESM build: the same client as the CommonJS one its types here describe.
  const { default: StripeClient } = (await import('stripe')) as unknown as {
    default: typeof Stripe;
  };
  return new StripeClient(settings.secretKey, {
    // A coach waits on the answer; the idempotency key makes the package's retries safe.
    timeout: 15_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'Splitline' },
    ...(settings.api
      ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol }
      : {}),
  });
}

/** Where Stripe sends the coach back after paying or giving up: the Store, on this order. */
function storeUrl(config: Config, order: OrderRow): string {
  return `${config.publicUrl}/home/store/credit?order=${order.id}`;
}

export async function stripePayments(
  config: Config,
  settings: StripeSettings,
  db: Db,
  log: FastifyBaseLogger,
): Promise<Payments> {
  const client = await stripeClient(settings);
  return {
    name: 'stripe',
    async start(order) {
      if (order.provider !== 'stripe' || order.status !== 'pending') return order;
      if (order.checkout_session_id) return order;
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: order.currency.toLowerCase(),
                  unit_amount: Number(order.price_cents),
                  product_data: { name: `${order.spots} athlete spots` },
                },
              },
            ],
            // Informational (Stripe's dashboard, support): the webhook finds the order by
            // the session's id, which only this server stored.
            client_reference_id: String(order.id),
            metadata: { orderId: String(order.id), accountId: order.account_id },
            success_url: storeUrl(config, order),
            cancel_url: storeUrl(config, order),
          },
          // A retried order (same idempotency key, or a network retry of the package)
          // gets the same session from Stripe, never a second one.
          { idempotencyKey: `splitline-order-${order.id}` },
        );
      } catch (error) {
        log.error({ err: error, orderId: order.id }, 'stripe: the Checkout Session was not made');
        await cancelUnstarted(db, order.id);
        // A concurrent try of the same order may have stored its session meanwhile.
        const now = await orderById(db, order.id);
        if (now?.checkout_session_id) return now;
        throw new PaymentUnavailable('stripe did not start the payment');
      }
      const stored = await setCheckout(db, order.id, session.id, session.url);
      if (stored) return stored;
      const now = await orderById(db, order.id);
      if (now?.checkout_session_id === session.id) return now;
      throw new PaymentUnavailable('the order was cancelled while its payment started');
    },
  };
}

/** What an event did, as `stripe_events.outcome` records it. */
export interface EventResult {
  outcome: string;
  orderId?: string;
  paymentIntentId?: string;
}

function intentId(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

function changeOutcome(change: OrderChange, done: string): string {
  if (change.kind === 'done') return done;
  if (change.kind === 'refused') return `refused: ${change.reason}`;
  return change.kind === 'already' ? `unchanged (${change.order.status})` : 'not-found';
}

/**
 * Serialises the work on one PaymentIntent (its completion and its refund) across
 * transactions, taken before any account lock: a refund that races its payment is either
 * seen by the completion or finds the order.
 */
async function lockPaymentIntent(trx: Db, paymentIntentId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`stripe:${paymentIntentId}`}, 0))`.execute(
    trx,
  );
}

/** checkout.session.completed / async_payment_succeeded: the payment arrived (or will). */
async function sessionPaid(
  trx: Db,
  session: Stripe.Checkout.Session,
  log: FastifyBaseLogger,
): Promise<EventResult> {
  const paymentIntentId = intentId(session.payment_intent);
  if (paymentIntentId) await lockPaymentIntent(trx, paymentIntentId);
  const order = await lockOrder(trx, 'checkout_session_id', session.id);
  if (!order) {
    log.warn({ sessionId: session.id }, 'stripe: a completed session of no order; ignored');
    return { outcome: 'unknown session', paymentIntentId };
  }
  const result = { orderId: order.id, paymentIntentId };
  if (
    session.amount_total !== Number(order.price_cents) ||
    session.currency?.toUpperCase() !== order.currency
  ) {
    log.error(
      { orderId: order.id, amount: session.amount_total, currency: session.currency },
      'stripe: the session paid another amount than the order; not fulfilled',
    );
    return { ...result, outcome: 'refused: the amount differs from the order' };
  }
  if (paymentIntentId && !order.payment_intent_id) {
    await trx
      .updateTable('store_orders')
      .set({ payment_intent_id: paymentIntentId })
      .where('id', '=', order.id)
      .execute();
  }
  // Delayed methods (bank debits) complete the session unpaid; async_payment_succeeded follows.
  if (session.payment_status !== 'paid') return { ...result, outcome: 'awaiting payment' };
  const change = await fulfilLocked(trx, order);
  if (change.kind === 'refused') {
    log.error(
      { orderId: order.id, reason: change.reason },
      'stripe: paid for an order that cannot be fulfilled; refund it in the Stripe dashboard',
    );
  }
  if (change.kind !== 'done' || !paymentIntentId) {
    return { ...result, outcome: changeOutcome(change, 'fulfilled') };
  }
  // A refund that arrived before the payment (out of order) is applied now.
  const earlyRefund = await trx
    .selectFrom('stripe_events')
    .select('id')
    .where('payment_intent_id', '=', paymentIntentId)
    .where('type', '=', 'charge.refunded')
    .where('outcome', '=', 'refund before payment')
    .executeTakeFirst();
  if (!earlyRefund) return { ...result, outcome: 'fulfilled' };
  const refund = await refundLocked(trx, change.order);
  return {
    ...result,
    outcome: changeOutcome(refund, `fulfilled, then refunded (${earlyRefund.id})`),
  };
}

/** checkout.session.expired / async_payment_failed: a pending order is cancelled. */
async function sessionUnpaid(trx: Db, session: Stripe.Checkout.Session): Promise<EventResult> {
  const order = await lockOrder(trx, 'checkout_session_id', session.id);
  if (!order) return { outcome: 'unknown session' };
  return { orderId: order.id, outcome: changeOutcome(await cancelLocked(trx, order), 'cancelled') };
}

/** charge.refunded: a full refund takes the order's spots back (if they are free). */
async function chargeRefunded(
  trx: Db,
  charge: Stripe.Charge,
  log: FastifyBaseLogger,
): Promise<EventResult> {
  const paymentIntentId = intentId(charge.payment_intent);
  if (!paymentIntentId) return { outcome: 'ignored: no payment intent' };
  await lockPaymentIntent(trx, paymentIntentId);
  const order = await lockOrder(trx, 'payment_intent_id', paymentIntentId);
  if (!order) {
    // Before its payment's event (out of order), or a charge that is not the Store's.
    return { outcome: 'refund before payment', paymentIntentId };
  }
  const result = { orderId: order.id, paymentIntentId };
  if (!charge.refunded) {
    log.warn(
      { orderId: order.id, refunded: charge.amount_refunded },
      'stripe: a partial refund; the order keeps its spots (an operator decides)',
    );
    return { ...result, outcome: 'partial refund recorded' };
  }
  const change = await refundLocked(trx, order);
  if (change.kind === 'refused') {
    log.error(
      { orderId: order.id, reason: change.reason },
      'stripe: refunded at Stripe, but the spots are taken; delete athletes, then npm run store -- refund',
    );
  }
  return { ...result, outcome: changeOutcome(change, 'refunded') };
}

async function act(trx: Db, event: Stripe.Event, log: FastifyBaseLogger): Promise<EventResult> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(trx, event.data.object, log);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return sessionUnpaid(trx, event.data.object);
    case 'charge.refunded':
      return chargeRefunded(trx, event.data.object, log);
    default:
      return { outcome: 'ignored' };
  }
}

/**
 * Acts on a verified Stripe event once: its id goes into `stripe_events` in the
 * transaction that changes the order and books the ledger, so a replay, a retry or a
 * concurrent second delivery (which waits on the id's key) changes nothing.
 * Answers `duplicate` for an event already processed.
 */
export function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<EventResult | 'duplicate'> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type, outcome: 'processing' })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return 'duplicate' as const;
    const result = await act(trx, event, log);
    await trx
      .updateTable('stripe_events')
      .set({
        outcome: result.outcome,
        order_id: result.orderId ?? null,
        payment_intent_id: result.paymentIntentId ?? null,
      })
      .where('id', '=', event.id)
      .execute();
    return result;
  });
}
