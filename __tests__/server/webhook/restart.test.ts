import { sql } from 'kysely';
import type { DeliveryListBody, NewWebhookBody } from '../../../contract/webhook';
import type { App } from '../../../server/app';
import { fanOut } from '../../../server/webhook/queue';
import { addAthletes, coach, sprint } from '../event/fixtures';
import { buildTestApp, testDatabase, type Store } from '../helpers/build-test-app';
import { eventually, startReceiver, type Receiver } from './receiver';

/**
 * Delivery is durable: a delivery claimed by a server that then stops (closed mid-attempt,
 * or killed, leaving its lease behind) is completed by the next server on the same
 * database, once, under the same webhook-id.
 */
describe('webhook delivery across a restart', () => {
  let database: Store;
  let receiver: Receiver;
  const options = (leaseMs: number) => ({
    config: { webhookAllowPrivateTargets: true, webhookTimeoutMs: 5_000 },
    webhooks: { retryScheduleMs: [50], pollMs: 20, leaseMs },
  });
  beforeAll(async () => {
    database = await testDatabase();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.cleanup();
  });

  const deliveries = async (app: App, headers: Record<string, string>, id: number) =>
    (
      await app.inject({ url: `/api/integration/webhook/${id}/delivery`, headers })
    ).json<DeliveryListBody>();

  it('completes a delivery once after the server is closed mid-attempt and after a crash', async () => {
    let app = await buildTestApp({ ...options(60_000), database });
    await app.ready();
    const mine = await coach(app, 'restart@example.com');
    const [athlete] = await addAthletes(app, mine.id, 1);
    const hook = (
      await app.inject({
        method: 'POST',
        url: '/api/integration/webhook',
        headers: mine.headers,
        payload: { url: receiver.url, events: ['result.created'] },
      })
    ).json<NewWebhookBody>();

    // 1. The receiver holds the first request; the server closes during the attempt.
    receiver.answers.push('hang');
    await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint('restart-1', athlete!),
    });
    await receiver.waitFor(1);
    await app.close();

    app = await buildTestApp({ ...options(60_000), database });
    await app.ready();
    await receiver.waitFor(2);
    await eventually(
      async () => (await deliveries(app, mine.headers, hook.id)).items[0]?.status === 'delivered',
    );
    expect((await deliveries(app, mine.headers, hook.id)).items[0]).toMatchObject({
      attempts: 1, // the interrupted attempt was given back
      statusCode: 200,
    });

    // 2. A crash: the server dies with a delivery leased (kill -9 leaves the lease). Here
    // the lease is written as the dead worker would have left it; the next server waits
    // for it to run out, then delivers.
    await app.close();
    const before = receiver.received.length;
    app = await buildTestApp({
      ...options(60_000),
      database,
      webhooks: { enabled: false, retryScheduleMs: [50] },
    });
    await app.ready();
    await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint('restart-2', athlete!),
    });
    await eventually(async () => {
      // No worker in this app: the events wait in the outbox until made into deliveries.
      const { rows } = await sql<{ n: number }>`select count(*)::integer as n from webhook_events
        where not fanned_out`.execute(app.db);
      return rows[0]!.n === 1;
    });
    // The fan-out (which freezes the payload), then the claim the dead worker had made.
    expect(await fanOut(app.db, 100)).toBe(1);
    await sql`update webhook_deliveries set attempts = 1, last_attempt_at = now(),
      leased_until = now() + interval '1 second' where status = 'pending'`.execute(app.db);
    await app.close();
    expect(receiver.received.length).toBe(before);

    app = await buildTestApp({ ...options(60_000), database });
    await app.ready();
    try {
      await receiver.waitFor(before + 1);
      await eventually(async () =>
        (await deliveries(app, mine.headers, hook.id)).items.every((d) => d.status === 'delivered'),
      );
      const log = await deliveries(app, mine.headers, hook.id);
      expect(log.items[0]).toMatchObject({ attempts: 2, statusCode: 200 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Each event reached the receiver under one webhook-id, and no event twice but for the
      // interrupted attempt (the same id again, which a receiver drops as a replay).
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(3);
      expect(ids[0]).toBe(ids[1]);
      expect(ids[2]).not.toBe(ids[0]);
    } finally {
      await app.close();
    }
  }, 120_000); // three servers in turn on one database: slow on a busy machine
});
