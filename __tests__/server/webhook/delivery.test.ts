import { Webhook } from 'standardwebhooks';
import type { EventBody } from '../../../contract/event';
import type {
  DeliveryBody,
  DeliveryListBody,
  ResumedWebhookBody,
  WebhookBody,
  WebhookEventType,
} from '../../../contract/webhook';
import type { App } from '../../../server/app';
import { webhookQueueStats } from '../../../server/webhook';
import { fanOut } from '../../../server/webhook/queue';
import { addAthletes, coach, sprint, sprints } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import {
  eventually,
  startReceiver,
  subscribe,
  verified,
  webhookTestApp,
  type Receiver,
} from './receiver';

/**
 * Delivery end to end: the outbox written with the change, the worker sending signed
 * requests to a real receiver on 127.0.0.1 (allowed by the operator setting), retries
 * on a fast schedule, pause and resume, auto-disable, and private targets refused at
 * delivery when the setting is off.
 */
describe('webhook delivery', () => {
  const t = webhookTestApp('delivery@example.com', {
    webhookTimeoutMs: 300,
    webhooks: { retryScheduleMs: [50, 100], pollMs: 20, leaseMs: 5_000 },
    athletes: 3,
  });
  const subscribeTo = (events: WebhookEventType[], url = t.receiver.url) =>
    subscribe(t.app, t.mine.headers, { url, events });
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/event', headers: t.mine.headers, payload });
  const deliveries = async (id: number) =>
    (
      await t.app.inject({
        url: `/api/integration/webhook/${id}/delivery?pageSize=100`,
        headers: t.mine.headers,
      })
    ).json<DeliveryListBody>();
  const events = () => t.app.db.selectFrom('webhook_events').selectAll().execute();

  it('delivers result.created signed, with the result as the API shows it', async () => {
    const hook = await subscribeTo(['result.created']);
    const created = await post(sprint('signed-1', t.athletes[0]!));
    expect(created.statusCode).toBe(201);
    const [request] = await t.receiver.waitFor(1);
    // The receiver's own library verifies the signature (and the timestamp's freshness).
    const body = verified<{ type: string; timestamp: string; data: EventBody }>(
      request!,
      hook.secret,
    );
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['user-agent']).toMatch(/^Splitline-Webhooks\//);
    expect(body.type).toBe('result.created');
    expect(body.data).toEqual(created.json<EventBody>());
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ),
    ).toThrow();
    await eventually(async () => (await deliveries(hook.id)).items[0]?.status === 'delivered');
    const log = await deliveries(hook.id);
    expect(log.items[0]).toMatchObject({
      messageId: request!.headers['webhook-id'],
      eventType: 'result.created',
      attempts: 1,
      statusCode: 200,
      nextAttemptAt: null,
      responseExcerpt: 'ok',
    });
  });

  it('writes one event per new result of a batch in one go, none for a retried upload', async () => {
    const hook = await subscribeTo(['result.created']);
    const batch = sprints('batch', t.athletes, 50);
    const first = await post({ items: batch });
    expect(first.statusCode).toBe(201);
    expect((await post({ items: batch })).statusCode).toBe(200); // the same upload again
    const ids = new Set(first.json<{ items: { id: number }[] }>().items.map((r) => String(r.id)));
    const batchEvents = (await events()).filter((e) => ids.has(String(e.subject_id)));
    expect(batchEvents).toHaveLength(50);
    await t.receiver.waitFor(50);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.receiver.received).toHaveLength(50);
    expect(new Set(t.receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(50);

    // The log: pages of the subscription's deliveries, newest first.
    const page = async (n: number) =>
      (
        await t.app.inject({
          url: `/api/integration/webhook/${hook.id}/delivery?pageNumber=${n}&pageSize=20`,
          headers: t.mine.headers,
        })
      ).json<DeliveryListBody>();
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => [p.totalCount, p.items.length])).toEqual([
      [50, 20],
      [50, 20],
      [50, 10],
    ]);
    const logIds = pages.flatMap((p) => p.items.map((d) => d.id));
    expect(logIds).toEqual([...logIds].sort((a, b) => b - a));
    expect(new Set(logIds).size).toBe(50);
    await eventually(async () => (await webhookQueueStats(t.app.db)).due === 0);
    expect(await webhookQueueStats(t.app.db)).toMatchObject({ due: 0, retrying: 0 });
  });

  it('writes nothing when no subscription takes the type, and nothing when the batch fails', async () => {
    await t.app.db.deleteFrom('webhook_events').execute();
    expect((await post(sprint('nobody-1', t.athletes[0]!))).statusCode).toBe(201);
    await subscribeTo(['athlete.created']);
    expect((await post(sprint('nobody-2', t.athletes[0]!))).statusCode).toBe(201);
    expect(await events()).toEqual([]);

    await subscribeTo(['result.created']);
    // A batch with a clientId reused for other content answers 409: its transaction rolls
    // back, with the events of the rows it had inserted.
    const reused = { ...sprint('nobody-1', t.athletes[0]!), timeMs: 4900, splits: [] };
    const failed = await post({ items: [sprint('fresh-1', t.athletes[1]!), reused] });
    expect(failed.statusCode).toBe(409);
    expect(await events()).toEqual([]);
  });

  it('announces result.updated and result.deleted, and athlete.created and updated', async () => {
    const hook = await subscribeTo([
      'result.updated',
      'result.deleted',
      'athlete.created',
      'athlete.updated',
    ]);
    const made = await post({ items: [sprint('edit-1', t.athletes[0]!)] });
    const id = made.json<{ items: { id: number }[] }>().items[0]!.id;
    const { clientId: _clientId, ...edit } = sprint('edit-1', t.athletes[0]!);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/event/${id}`,
      headers: t.mine.headers,
      payload: { ...edit, timeMs: 4999, splits: [] },
    });
    expect(put.statusCode).toBe(200);
    // Sent before the delete: a result.updated fanned out after it carries only the id.
    await t.receiver.waitFor(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/event/${id}`,
      headers: t.mine.headers,
    });
    expect(removed.statusCode).toBe(204);
    const athlete = await t.app.inject({
      method: 'POST',
      url: '/api/athlete',
      headers: t.mine.headers,
      payload: { firstName: 'Ada', lastName: 'Hook' },
    });
    expect(athlete.statusCode).toBe(201);
    const athleteId = athlete.json<{ id: number }>().id;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/athlete/${athleteId}`,
      headers: t.mine.headers,
      payload: { firstName: 'Ada', lastName: 'Hooked' },
    });
    expect(edited.statusCode).toBe(200);
    const received = await t.receiver.waitFor(4);
    const bodies = received.map((r) => JSON.parse(r.body) as { type: string; data: unknown });
    const byType = Object.fromEntries(bodies.map((b) => [b.type, b.data]));
    expect(Object.keys(byType).sort()).toEqual([
      'athlete.created',
      'athlete.updated',
      'result.deleted',
      'result.updated',
    ]);
    expect(byType['result.updated']).toEqual(put.json<EventBody>());
    expect(byType['result.deleted']).toEqual({ id });
    const shown = (
      await t.app.inject({ url: `/api/athlete/${athleteId}`, headers: t.mine.headers })
    ).json();
    expect(byType['athlete.updated']).toEqual(shown);
    expect(byType['athlete.created']).toMatchObject({ id: athleteId, lastName: 'Hook' });
    expect((await deliveries(hook.id)).totalCount).toBe(4);
  });

  it('announces profile.created once per new profile, with the profile as the API shows it', async () => {
    await subscribeTo(['profile.created']);
    const eapi = (clientId: string, markMm: number) => ({
      clientId,
      athleteId: t.athletes[2]!,
      eventTypeId: 5,
      markMm,
      recordedAt: '2025-05-01T15:00:00.000Z',
      source: 'device',
      program: 'eapi',
    });
    expect((await post(eapi('jump-1', 600))).statusCode).toBe(201);
    const [request] = await t.receiver.waitFor(1);
    const body = JSON.parse(request!.body) as { type: string; data: { id: number } };
    expect(body.type).toBe('profile.created');
    const shown = await t.app.inject({
      url: `/api/profile/${body.data.id}`,
      headers: t.mine.headers,
    });
    expect(body.data).toEqual(shown.json());
    expect(body.data).toMatchObject({ athleteId: t.athletes[2] });
    // A second result of the same athlete and day changes the profile: not a new one.
    expect((await post(eapi('jump-2', 650))).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.receiver.received).toHaveLength(1);
  });

  it('retries after 500s and timeouts under the same webhook-id, then delivers once', async () => {
    const hook = await subscribeTo(['result.created']);
    t.receiver.answers.push(500, 'hang');
    await post(sprint('retry-1', t.athletes[0]!));
    const received = await t.receiver.waitFor(3);
    await eventually(async () => (await deliveries(hook.id)).items[0]?.status === 'delivered');
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    const [delivery] = (await deliveries(hook.id)).items as [DeliveryBody];
    expect(delivery).toMatchObject({ attempts: 3, statusCode: 200, error: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.receiver.received).toHaveLength(3);
  });

  it('fails a delivery after the last retry and keeps a short excerpt of the answer', async () => {
    const hook = await subscribeTo(['result.created']);
    t.receiver.answers.push(500, 502, 503);
    await post(sprint('fail-1', t.athletes[0]!));
    await eventually(async () => (await deliveries(hook.id)).items[0]?.status === 'failed');
    const [delivery] = (await deliveries(hook.id)).items as [DeliveryBody];
    expect(delivery).toMatchObject({
      attempts: 3,
      statusCode: 503,
      error: 'HTTP 503',
      nextAttemptAt: null,
    });
    expect(delivery.responseExcerpt).toHaveLength(200);
    const row = (
      await t.app.inject({ url: `/api/integration/webhook/${hook.id}`, headers: t.mine.headers })
    ).json<WebhookBody>();
    expect(row).toMatchObject({ consecutiveFailures: 1, status: 'active', lastStatusCode: 503 });
  });

  it('holds deliveries while paused and sends them on resume', async () => {
    const hook = await subscribeTo(['result.created']);
    const base = `/api/integration/webhook/${hook.id}`;
    await t.app.inject({ method: 'POST', url: `${base}/pause`, headers: t.mine.headers });
    await post(sprint('paused-1', t.athletes[0]!));
    await eventually(async () => (await deliveries(hook.id)).totalCount === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.receiver.received).toHaveLength(0);
    expect((await deliveries(hook.id)).items[0]!.status).toBe('pending');
    await t.app.inject({ method: 'POST', url: `${base}/resume`, headers: t.mine.headers });
    await t.receiver.waitFor(1);
  });

  it('disables a subscription after WEBHOOK_DISABLE_AFTER_FAILURES failed deliveries in a row; resume clears it and sends them again', async () => {
    const hook = await subscribeTo(['result.created']);
    t.receiver.answers.push(...Array<number>(60).fill(500));
    await post({ items: sprints('disable', t.athletes, 20) });
    await eventually(async () => {
      const row = (
        await t.app.inject({ url: `/api/integration/webhook/${hook.id}`, headers: t.mine.headers })
      ).json<WebhookBody>();
      return row.status === 'disabled';
    }, 20_000);
    const row = (
      await t.app.inject({ url: `/api/integration/webhook/${hook.id}`, headers: t.mine.headers })
    ).json<WebhookBody>();
    expect(row.disabledReason).toBe('20 deliveries in a row failed; last: HTTP 500');
    expect(row.consecutiveFailures).toBe(20);
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/integration/webhook/${hook.id}/resume`,
      headers: t.mine.headers,
    });
    expect((await webhookQueueStats(t.app.db)).failed).toBe(0); // due again, from attempt 1
    expect(resumed.json<ResumedWebhookBody>()).toMatchObject({
      status: 'active',
      disabledReason: null,
      consecutiveFailures: 0,
      // The 20 failed deliveries: nothing reached the receiver since the webhook was made.
      recovered: 20,
      recoveredSince: row.createdAt,
    });
    // The receiver answers again: each of the 20 is delivered, under its webhook-id.
    await t.receiver.waitFor(80, 20_000);
    await eventually(async () =>
      (await deliveries(hook.id)).items.every((d) => d.status === 'delivered'),
    );
    expect(new Set(t.receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(20);
  });

  it('sends a test event to that subscription only (202 with the queued delivery)', async () => {
    const hook = await subscribeTo(['result.created']);
    const other = await startReceiver();
    try {
      await subscribeTo(['result.created'], other.url);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/integration/webhook/${hook.id}/test`,
        headers: t.mine.headers,
      });
      expect(response.statusCode).toBe(202);
      const queued = response.json<DeliveryBody>();
      expect(queued).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
      const [request] = await t.receiver.waitFor(1);
      expect(request!.headers['webhook-id']).toBe(queued.messageId);
      expect(JSON.parse(request!.body)).toMatchObject({
        type: 'webhook.test',
        data: { webhookId: hook.id, message: expect.any(String) },
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

/** The operator setting off: a target that resolves to a private address is refused when sending. */
describe('webhook delivery to private addresses', () => {
  let app: App;
  let receiver: Receiver;
  beforeAll(async () => {
    app = await buildTestApp({ webhooks: { retryScheduleMs: [], pollMs: 20 } });
    await app.ready();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await app.close();
  });

  // 'compatible': loopback as an IPv4-compatible IPv6 literal ([::127.0.0.1], issue 31).
  const hosts: Record<string, string> = {
    ip: '127.0.0.1',
    name: 'localhost',
    compatible: '[::127.0.0.1]',
  };
  it.each([['ip'], ['name'], ['compatible']])(
    'refuses at delivery a URL that now points at loopback (%s)',
    async (kind) => {
      const mine = await coach(app, `rebind-${kind}@example.com`);
      const url = receiver.url.replace('127.0.0.1', hosts[kind]!);
      // Saved as if it had passed the check (its name resolved elsewhere then: rebinding).
      const { id } = await app.db
        .insertInto('webhook_subscriptions')
        .values({
          account_id: mine.id,
          url,
          events: ['result.created'],
          secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [athlete] = await addAthletes(app, mine.id, 1);
      await app.inject({
        method: 'POST',
        url: '/api/event',
        headers: mine.headers,
        payload: sprint(`rebind-${kind}`, athlete!),
      });
      let log: DeliveryListBody | undefined;
      await eventually(async () => {
        log = (
          await app.inject({
            url: `/api/integration/webhook/${id}/delivery`,
            headers: mine.headers,
          })
        ).json<DeliveryListBody>();
        return log.items[0]?.status === 'failed';
      });
      expect(log!.items[0]!.error).toMatch(/^Refused address: .*loopback, private or link-local/);
      expect(receiver.received).toHaveLength(0);
    },
  );
});

/**
 * Thin result events: written with the result's id alone; the payload is built when the
 * worker fans the event out (here called by hand: no worker runs) and frozen from then on.
 */
describe('result events frozen at fan-out', () => {
  let app: App;
  let mine: { headers: Record<string, string>; id: string };
  let athletes: number[];
  beforeAll(async () => {
    app = await buildTestApp({
      config: { webhookAllowPrivateTargets: true },
      webhooks: { enabled: false },
    });
    await app.ready();
    mine = await coach(app, 'frozen@example.com');
    athletes = await addAthletes(app, mine.id, 2);
  });
  afterAll(() => app.close());

  const event = async (id: number, type: string) =>
    app.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('subject_id', '=', String(id))
      .where('type', '=', type)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  it('takes the result as it is at fan-out, only its id if deleted, and keeps that payload', async () => {
    const hook = await app.inject({
      method: 'POST',
      url: '/api/integration/webhook',
      headers: mine.headers,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['result.created', 'result.updated'] },
    });
    expect(hook.statusCode).toBe(201);
    const made = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: { items: [sprint('frozen-1', athletes[0]!), sprint('frozen-2', athletes[1]!)] },
    });
    expect(made.statusCode).toBe(201);
    const [kept, gone] = made.json<{ items: { id: number }[] }>().items.map((r) => r.id) as [
      number,
      number,
    ];
    expect(await event(kept, 'result.created')).toMatchObject({
      payload: null,
      message_id: null, // given at fan-out
      fanned_out: false,
    });

    const { clientId: _clientId, ...edit } = sprint('frozen-1', athletes[0]!);
    const put = (timeMs: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/event/${kept}`,
        headers: mine.headers,
        payload: { ...edit, timeMs, splits: [] },
      });
    const edited = await put(4999);
    expect(edited.statusCode).toBe(200);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/event/${gone}`,
      headers: mine.headers,
    });
    expect(removed.statusCode).toBe(204);

    expect(await fanOut(app.db, 100)).toBe(3);
    // The result as the API shows it (the PUT's answer: findEvent).
    const shown = edited.json<EventBody>();
    expect(shown.timeMs).toBe(4999);
    // Both events of the kept result show it as it was at fan-out (after the edit).
    expect((await event(kept, 'result.created')).payload).toEqual(shown);
    expect((await event(kept, 'result.updated')).payload).toEqual(shown);
    expect(await event(gone, 'result.created')).toMatchObject({
      payload: { id: gone },
      fanned_out: true,
    });
    const deliveries = await app.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries).toHaveLength(3);
    const created = await event(kept, 'result.created');
    expect(created.message_id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(deliveries.find((d) => d.event_id === created.id)?.message_id).toBe(created.message_id);
    expect(new Set(deliveries.map((d) => d.message_id)).size).toBe(3);

    // A later edit is a new event; the ones fanned out keep their payload (a retry sends
    // the same body under the same webhook-id).
    const before = await event(kept, 'result.created');
    expect((await put(4888)).statusCode).toBe(200);
    expect(await fanOut(app.db, 100)).toBe(1);
    expect(await event(kept, 'result.created')).toEqual(before);
    expect((await event(kept, 'result.updated')).payload).toEqual(shown);
    const latest = await app.db
      .selectFrom('webhook_events')
      .select('payload')
      .where('subject_id', '=', String(kept))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest.payload).toMatchObject({ id: kept, timeMs: 4888 });
  });
});
