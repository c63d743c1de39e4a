import SwaggerParser from '@apidevtools/swagger-parser';
import type { OrderBody, StoreBody } from '../../../contract/store';
import type { App } from '../../../server/app';
import { balance } from '../../../server/store';
import { createOrder } from '../../../server/store/orders';
import { runStoreCommand } from '../../../server/store/operator';
import { newCoach, type Coach } from '../athlete/helpers';
import {
  FakeStripeApi,
  paidSession,
  refundedCharge,
  signedDelivery,
  stripeEvent,
  type FakeSession,
} from '../fixtures/stripe-api';
import { buildTestApp } from '../helpers/build-test-app';

const SECRET_KEY = 'sk_test_splitline_store';
const WEBHOOK_SECRET = 'whsec_splitline_store_test';

/**
 * The Store with Stripe: Checkout Sessions made through the official package against a
 * local fake of Stripe's API, and fulfilment only from signed webhook events (signed by
 * the package's own test helper), once per event.
 */
describe('the Store with Stripe', () => {
  let app: App;
  let stripe: FakeStripeApi;
  beforeAll(async () => {
    stripe = await new FakeStripeApi(SECRET_KEY).start();
    app = await buildTestApp({
      env: {
        STORE_PACKAGES: '100=179, 10=19.5',
        STORE_CURRENCY: 'EUR',
        PUBLIC_URL: 'https://splitline.example.com',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.base,
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stripe.stop();
  });

  const order = async (coach: Coach, packageId = 'spots-10', idempotencyKey?: string) => {
    const response = await coach.post('/api/store/order', { packageId, idempotencyKey });
    expect([200, 201]).toContain(response.statusCode);
    const body = response.json<OrderBody>();
    const session = [...stripe.sessions.values()].find((s) => s.url === body.checkoutUrl);
    if (!session) throw new Error(`no session for ${response.body}`);
    return { order: body, session };
  };
  const deliver = (event: object, secret = WEBHOOK_SECRET) =>
    app.inject(signedDelivery(event, secret));
  const completed = (session: FakeSession, pi = `pi_${session.id}`) =>
    stripeEvent('checkout.session.completed', paidSession(session, pi));
  const entries = (accountId: string) =>
    app.db
      .selectFrom('ledger_entries')
      .select(['kind', 'spots', 'credit_cents'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  const receipt = async (coach: Coach, id: number) =>
    (await coach.get(`/api/store/order/${id}`)).json<OrderBody>();
  const processed = (id: string) =>
    app.db.selectFrom('stripe_events').selectAll().where('id', '=', id).executeTakeFirst();

  it('starts a Checkout Session for an order and answers where to pay', async () => {
    const coach = await newCoach(app);
    expect((await coach.get('/api/store')).json<StoreBody>().provider).toBe('stripe');
    const before = stripe.requests.length;
    const { order: made, session } = await order(coach, 'spots-10', 'stripe-key-0001');
    expect(made).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      spots: 10,
      priceCents: 1950,
      checkoutUrl: session.url,
    });
    expect(made.message).toMatch(/Waiting for the payment at Stripe/);

    // What the package sent: form fields, the secret key, an idempotency key per order.
    const sent = stripe.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent[0]!.headers).toMatchObject({
      authorization: `Bearer ${SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': `splitline-order-${made.id}`,
    });
    const back = `https://splitline.example.com/home/store/credit?order=${made.id}`;
    expect(sent[0]!.form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1950',
      'line_items[0][price_data][product_data][name]': '10 athlete spots',
      client_reference_id: String(made.id),
      'metadata[orderId]': String(made.id),
      'metadata[accountId]': coach.accountId,
      success_url: back,
      cancel_url: back,
    });
    const stored = await app.db
      .selectFrom('store_orders')
      .select(['checkout_session_id', 'checkout_url'])
      .where('id', '=', String(made.id))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ checkout_session_id: session.id, checkout_url: session.url });

    // A retried request finds the order and its page; Stripe is not asked again.
    const again = await coach.post('/api/store/order', {
      packageId: 'spots-10',
      idempotencyKey: 'stripe-key-0001',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderBody>()).toEqual(made);
    expect(stripe.requests.length).toBe(before + 1);
    expect(await coach.spots()).toBe(50);
  });

  it('fulfils from the signed completed event once, with the operator’s ledger entries', async () => {
    const coach = await newCoach(app);
    const { order: made, session } = await order(coach);
    const event = completed(session);
    const response = await deliver(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(await coach.spots()).toBe(60);
    expect(await receipt(coach, made.id)).toMatchObject({
      status: 'fulfilled',
      checkoutUrl: null,
      fulfilledAt: expect.any(String),
    });
    const booked = [
      { kind: 'grant', spots: 50, credit_cents: '0' },
      { kind: 'credit_purchase', spots: 0, credit_cents: '1950' },
      { kind: 'spots_purchase', spots: 10, credit_cents: '-1950' },
    ];
    expect(await entries(coach.accountId)).toEqual(booked);
    expect(await processed(event.id)).toMatchObject({
      type: 'checkout.session.completed',
      order_id: String(made.id),
      payment_intent_id: `pi_${session.id}`,
      outcome: 'fulfilled',
    });

    // Stripe delivers again (a retry after a timeout, a replay from the dashboard).
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Another event about the same payment (a second event id) finds it fulfilled.
    const succeeded = stripeEvent(
      'checkout.session.async_payment_succeeded',
      paidSession(session, `pi_${session.id}`),
    );
    expect((await deliver(succeeded)).statusCode).toBe(200);
    expect((await processed(succeeded.id))?.outcome).toBe('unchanged (fulfilled)');
    // And the operator's command says it is done already.
    const operator = await runStoreCommand(app.db, ['fulfil', String(made.id)], () => 'x');
    expect(operator.lines[0]).toMatch(/already fulfilled/);
    expect(await entries(coach.accountId)).toEqual(booked);
    expect(await coach.spots()).toBe(60);
  });

  it('credits once when two deliveries of the same event arrive at the same time', async () => {
    for (let round = 0; round < 3; round += 1) {
      const coach = await newCoach(app);
      const { session } = await order(coach, 'spots-100');
      const event = completed(session);
      const responses = await Promise.all([deliver(event), deliver(event), deliver(event)]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(responses.filter((r) => !r.json<{ duplicate: boolean }>().duplicate)).toHaveLength(1);
      expect(await balance(app.db, coach.accountId)).toEqual({
        spotsTotal: 150,
        spotsLeft: 150,
        creditCents: 0,
      });
      expect(await entries(coach.accountId)).toHaveLength(3);
    }
  });

  it('answers 400 to a forged, tampered or missing signature and changes nothing', async () => {
    const coach = await newCoach(app);
    const { order: made, session } = await order(coach);
    const event = completed(session);
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      errors: { 'stripe-signature': ['does not verify: only Stripe may call this'] },
    });
    // Signed, then changed on the way (the amount, here the session's status).
    const genuine = signedDelivery(event, WEBHOOK_SECRET);
    const tampered = await app.inject({
      ...genuine,
      payload: genuine.payload.replace('"status":"complete"', '"status":"complete" '),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/store/stripe-webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({
      errors: { 'stripe-signature': ['is missing: only Stripe may call this'] },
    });
    // An old signature (replayed from a capture beyond the package's 5-minute tolerance).
    const stale = signedDelivery(event, WEBHOOK_SECRET);
    const old = Math.floor(Date.now() / 1000) - 3600;
    const staleHeader = stale.headers['stripe-signature'].replace(/t=\d+/, `t=${old}`);
    expect(
      (
        await app.inject({
          ...stale,
          headers: { ...stale.headers, 'stripe-signature': staleHeader },
        })
      ).statusCode,
    ).toBe(400);
    // Not JSON at all: the route reads nothing else.
    const text = await app.inject({
      method: 'POST',
      url: '/api/store/stripe-webhook',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);

    expect(await processed(event.id)).toBeUndefined();
    expect(await receipt(coach, made.id)).toMatchObject({ status: 'pending' });
    expect(await coach.spots()).toBe(50);
    // The genuine delivery still works afterwards.
    expect((await app.inject(genuine)).statusCode).toBe(200);
    expect(await coach.spots()).toBe(60);
  });

  it('handles events out of order: an expiry after payment, a refund before it', async () => {
    const coach = await newCoach(app);
    const { order: made, session } = await order(coach);
    const pi = `pi_${session.id}`;
    // Paid, then an expiry arrives late: nothing changes.
    await deliver(completed(session, pi));
    const expired = stripeEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await processed(expired.id))?.outcome).toBe('unchanged (fulfilled)');
    expect(await receipt(coach, made.id)).toMatchObject({ status: 'fulfilled' });
    expect(await coach.spots()).toBe(60);
    // Refunded at Stripe: the spots go back, once.
    const refund = stripeEvent('charge.refunded', refundedCharge(pi, 1950));
    expect((await deliver(refund)).statusCode).toBe(200);
    expect(await deliver(refund)).toMatchObject({ statusCode: 200 });
    expect(await receipt(coach, made.id)).toMatchObject({ status: 'refunded' });
    expect(await balance(app.db, coach.accountId)).toEqual({
      spotsTotal: 50,
      spotsLeft: 50,
      creditCents: 0,
    });

    // A second order whose refund arrives before its payment.
    const second = await order(coach);
    const pi2 = `pi_${second.session.id}`;
    const early = stripeEvent('charge.refunded', refundedCharge(pi2, 1950));
    expect((await deliver(early)).statusCode).toBe(200);
    expect(await processed(early.id)).toMatchObject({
      outcome: 'refund before payment',
      payment_intent_id: pi2,
      order_id: null,
    });
    expect(await balance(app.db, coach.accountId)).toMatchObject({ spotsTotal: 50 });
    const late = completed(second.session, pi2);
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await processed(late.id))?.outcome).toBe(`fulfilled, then refunded (${early.id})`);
    expect(await receipt(coach, second.order.id)).toMatchObject({ status: 'refunded' });
    expect(await balance(app.db, coach.accountId)).toEqual({
      spotsTotal: 50,
      spotsLeft: 50,
      creditCents: 0,
    });

    // An order that expires unpaid is cancelled; a payment event after it changes nothing.
    const third = await order(coach);
    await deliver(stripeEvent('checkout.session.expired', third.session));
    expect(await receipt(coach, third.order.id)).toMatchObject({
      status: 'cancelled',
      checkoutUrl: null,
    });
    const afterExpiry = completed(third.session);
    await deliver(afterExpiry);
    expect((await processed(afterExpiry.id))?.outcome).toBe('refused: the order is cancelled');
    expect(await coach.spots()).toBe(50);
  });

  it('ends refunded when a payment and its refund arrive at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const coach = await newCoach(app);
      const { order: made, session } = await order(coach);
      const pi = `pi_${session.id}`;
      const responses = await Promise.all([
        deliver(stripeEvent('charge.refunded', refundedCharge(pi, 1950))),
        deliver(completed(session, pi)),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await receipt(coach, made.id)).toMatchObject({ status: 'refunded' });
      expect(await balance(app.db, coach.accountId)).toEqual({
        spotsTotal: 50,
        spotsLeft: 50,
        creditCents: 0,
      });
    }
  });

  it('records a refund whose spots are taken, and a partial refund, without going negative', async () => {
    const coach = await newCoach(app, { spots: 0 });
    const { order: made, session } = await order(coach);
    const pi = `pi_${session.id}`;
    await deliver(completed(session, pi));
    await coach.createAthlete({ firstName: 'Ada', lastName: 'Taken' });
    const partial = stripeEvent('charge.refunded', refundedCharge(pi, 1950, false));
    await deliver(partial);
    expect((await processed(partial.id))?.outcome).toBe('partial refund recorded');
    const full = stripeEvent('charge.refunded', refundedCharge(pi, 1950));
    expect((await deliver(full)).statusCode).toBe(200);
    expect((await processed(full.id))?.outcome).toMatch(/^refused: the account has only 9 spots/);
    expect(await receipt(coach, made.id)).toMatchObject({ status: 'fulfilled' });
    expect(await balance(app.db, coach.accountId)).toEqual({
      spotsTotal: 10,
      spotsLeft: 9,
      creditCents: 0,
    });
  });

  it("never fulfils another account's order through the event's metadata", async () => {
    const [mine, theirs] = [await newCoach(app), await newCoach(app)];
    const own = await order(mine);
    const other = await order(theirs, 'spots-100');
    // My session, with metadata and reference naming their order: my order is fulfilled.
    const lying = stripeEvent('checkout.session.completed', {
      ...paidSession(own.session, 'pi_lying'),
      client_reference_id: String(other.order.id),
      metadata: { orderId: String(other.order.id), accountId: theirs.accountId },
    });
    await deliver(lying);
    expect(await mine.spots()).toBe(60);
    expect(await theirs.spots()).toBe(50);
    expect(await receipt(theirs, other.order.id)).toMatchObject({ status: 'pending' });
    // A session this server never made, naming their order: nothing happens.
    const invented = stripeEvent('checkout.session.completed', {
      ...paidSession(other.session, 'pi_invented'),
      id: 'cs_test_invented',
    });
    expect((await deliver(invented)).statusCode).toBe(200);
    expect((await processed(invented.id))?.outcome).toBe('unknown session');
    // Their session paid with another amount than their order's: not fulfilled.
    const cheap = stripeEvent('checkout.session.completed', {
      ...paidSession(other.session, 'pi_cheap'),
      amount_total: 100,
    });
    await deliver(cheap);
    expect((await processed(cheap.id))?.outcome).toBe('refused: the amount differs from the order');
    expect(await theirs.spots()).toBe(50);
  });

  it('documents the webhook as a public route in a valid API reference', async () => {
    const document = (await app.inject('/api/docs/json')).json<{
      paths: Record<string, { post?: { security?: unknown[] } }>;
    }>();
    const webhook = document.paths['/api/store/stripe-webhook']?.post;
    expect(webhook).toBeDefined();
    expect(webhook?.security ?? []).toEqual([]);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('cancels the order and answers 502 when Stripe does not start the payment', async () => {
    const coach = await newCoach(app);
    stripe.failNext();
    const response = await coach.post('/api/store/order', { packageId: 'spots-10' });
    expect(response.statusCode).toBe(502);
    expect(response.json<{ message: string }>().message).toMatch(/nothing was charged/);
    const [cancelled] = (await coach.get('/api/store/order')).json<{ items: OrderBody[] }>().items;
    expect(cancelled).toMatchObject({ status: 'cancelled', checkoutUrl: null });
    // The next try works.
    const { order: made } = await order(coach);
    expect(made.status).toBe('pending');
  });

  it('starts a Stripe order beside a pending order left from the manual provider', async () => {
    const coach = await newCoach(app);
    // Ordered before the operator switched the Store to Stripe: it stays for the operator.
    const manual = await createOrder(
      app.db,
      coach.accountId,
      app.config.storePackages.find((p) => p.id === 'spots-10')!,
      'EUR',
      'manual',
      'manual-key-0001',
    );
    expect(manual.kind).toBe('created');
    const { order: made, session } = await order(coach, 'spots-10', 'stripe-key-0002');
    expect(made).toMatchObject({ provider: 'stripe', status: 'pending', checkoutUrl: session.url });
    expect(made.id).not.toBe(Number(manual.order.id));
    // And a second click finds the Stripe order, not the manual one.
    const { order: again } = await order(coach, 'spots-10', 'stripe-key-0003');
    expect(again).toEqual(made);
  });
});

describe('the Store without Stripe', () => {
  it('has no Stripe webhook', async () => {
    const app = await buildTestApp();
    try {
      const event = stripeEvent('checkout.session.completed', {});
      const response = await app.inject(signedDelivery(event, WEBHOOK_SECRET));
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
