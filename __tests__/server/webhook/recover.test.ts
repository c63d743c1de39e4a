import { sql } from 'kysely';
import type {
  DeliveryListBody,
  RecoverBody,
  ResumedWebhookBody,
  WebhookBody,
} from '../../../contract/webhook';
import { WEBHOOK_DISABLE_AFTER_FAILURES } from '../../../contract/webhook';
import { sprint } from '../event/fixtures';
import { recoverySince } from '../../../server/webhook/recover';
import { readOutbox } from '../identity/outbox';
import { eventually, subscribe, webhookTestApp } from './receiver';

/**
 * Issue 31: a disabled webhook's coach is mailed, and nothing is lost while it is
 * disabled: Resume sends what it has not received since its last successful delivery,
 * and `recover` sends what it has not received since an instant (within the 30 days
 * events are kept). A real receiver on 127.0.0.1; the mail goes to DATA_DIR/outbox.
 */
describe('webhook disable notice, resume and recover', () => {
  const t = webhookTestApp('recover@example.com', {
    webhookTimeoutMs: 1_000,
    webhooks: { retryScheduleMs: [50, 100], pollMs: 20 },
    athletes: 1,
  });
  const subscribeTo = () =>
    subscribe(t.app, t.mine.headers, { url: t.receiver.url, events: ['result.created'] });
  /** Disabled or active straight in the table, as by an operator. */
  const setStatus = (id: number, status: 'active' | 'disabled') =>
    sql`update webhook_subscriptions set status = ${status} where id = ${id}`.execute(t.app.db);
  const hook = async (id: number) =>
    (
      await t.app.inject({ url: `/api/integration/webhook/${id}`, headers: t.mine.headers })
    ).json<WebhookBody>();
  const deliveries = async (id: number) =>
    (
      await t.app.inject({
        url: `/api/integration/webhook/${id}/delivery?pageSize=100`,
        headers: t.mine.headers,
      })
    ).json<DeliveryListBody>().items;
  /** The disabled notices in DATA_DIR/outbox (the sign-up's verification mail is there too). */
  const notices = async () =>
    (await readOutbox(t.app.config.dataDir)).filter((mail) =>
      mail.text.includes('Subject: A Splitline webhook was disabled'),
    );
  let n = 0;
  const post = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      headers: t.mine.headers,
      payload: sprint(`recover-${++n}`, t.athletes[0]!),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const resultIds = (from = 0) =>
    t.receiver.received
      .slice(from)
      .map((r) => (JSON.parse(r.body) as { data: { id: number } }).data.id);
  const recover = (id: number, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/integration/webhook/${id}/recover`,
      headers: t.mine.headers,
      payload: payload as object,
    });

  it('mails the coach once when failures disable the webhook; Resume sends what it missed', async () => {
    const made = await subscribeTo();
    const delivered = await post();
    await t.receiver.waitFor(1);
    await eventually(async () => (await deliveries(made.id))[0]?.status === 'delivered');
    // One failed delivery short of the limit, as after 19 others.
    await t.app.db
      .updateTable('webhook_subscriptions')
      .set({ consecutive_failures: WEBHOOK_DISABLE_AFTER_FAILURES - 1 })
      .where('id', '=', String(made.id))
      .execute();
    t.receiver.answers.push(500, 500, 500);
    const failed = await post();
    await eventually(async () => (await hook(made.id)).status === 'disabled');

    await eventually(async () => (await notices()).length > 0);
    const [mail, ...more] = await notices();
    expect(more).toEqual([]);
    expect(mail!.text).toContain('To: recover@example.com');
    expect(mail!.text).toContain(t.receiver.url);
    expect(mail!.text).toContain(
      `${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries in a row failed; last: HTTP 500`,
    );
    expect(mail!.text).toContain(`${t.app.config.publicUrl}/home/integration`);

    // Stored while disabled: no delivery now, kept for the resume.
    const missed = await post();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.receiver.received).toHaveLength(4);
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/integration/webhook/${made.id}/resume`,
      headers: t.mine.headers,
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json<ResumedWebhookBody>()).toMatchObject({
      status: 'active',
      consecutiveFailures: 0,
      disabledReason: null,
      recovered: 2, // the failed one again, and the missed one
    });
    await t.receiver.waitFor(6);
    expect(resultIds(4).sort()).toEqual([failed, missed].sort());
    expect(resultIds()).toHaveLength(6); // the delivered one was not sent again
    expect(resultIds()[0]).toBe(delivered);
    // The failed one went out again under its webhook-id.
    const failedIds = t.receiver.received
      .filter((r) => (JSON.parse(r.body) as { data: { id: number } }).data.id === failed)
      .map((r) => r.headers['webhook-id']);
    expect(failedIds).toHaveLength(4);
    expect(new Set(failedIds).size).toBe(1);
    await eventually(async () =>
      (await deliveries(made.id)).every((d) => d.status === 'delivered'),
    );
    // One mail for the one disabling.
    expect(await notices()).toHaveLength(1);
  });

  it('recovers since an instant what the endpoint has not received, and nothing it has', async () => {
    const made = await subscribeTo();
    const since = new Date(Date.now() - 1000).toISOString();
    const delivered = await post();
    await t.receiver.waitFor(1);
    t.receiver.answers.push(500, 500, 500);
    const failed = await post();
    await eventually(async () => (await deliveries(made.id))[0]?.status === 'failed');
    // Disabled for a while (as by an operator): an event meanwhile gets no delivery.
    await setStatus(made.id, 'disabled');
    const missed = await post();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setStatus(made.id, 'active');
    expect(await deliveries(made.id)).toHaveLength(2);
    expect(t.receiver.received).toHaveLength(4);

    const response = await recover(made.id, { since });
    expect(response.statusCode).toBe(202);
    expect(response.json<RecoverBody>()).toEqual({ recovered: 2, since });
    await t.receiver.waitFor(6);
    expect(resultIds(4).sort()).toEqual([failed, missed].sort());
    await eventually(async () =>
      (await deliveries(made.id)).every((d) => d.status === 'delivered'),
    );
    // Again: everything since was received, nothing to send.
    expect((await recover(made.id, { since })).json<RecoverBody>().recovered).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resultIds()).toHaveLength(6);
    expect(resultIds().filter((id) => id === delivered)).toHaveLength(1);
  });

  it('resumes from the newest event delivered, not from the newest delivery made', async () => {
    const made = await subscribeTo();
    const since = new Date(Date.now() - 1000).toISOString();
    await setStatus(made.id, 'disabled');
    const missed = await post();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setStatus(made.id, 'active');
    const later = await post();
    await t.receiver.waitFor(1);
    // `recover` makes the missed event's delivery now: a newer delivery of an older event.
    expect((await recover(made.id, { since })).json<RecoverBody>().recovered).toBe(1);
    await t.receiver.waitFor(2);
    expect(resultIds()).toEqual([later, missed]);
    await eventually(async () =>
      (await deliveries(made.id)).every((d) => d.status === 'delivered'),
    );
    const createdAt = async (resultId: number) =>
      (
        await t.app.db
          .selectFrom('webhook_events')
          .select('created_at')
          .where('subject_id', '=', String(resultId))
          .where('type', '=', 'result.created')
          .executeTakeFirstOrThrow()
      ).created_at;
    const subscription = await t.app.db
      .selectFrom('webhook_subscriptions')
      .select(['id', 'created_at'])
      .where('id', '=', String(made.id))
      .executeTakeFirstOrThrow();
    expect(await recoverySince(t.app.db, subscription, 30)).toEqual(await createdAt(later));
    expect(await createdAt(missed)).not.toEqual(await createdAt(later));
  });

  it('answers 400 for an instant outside the 30 days events are kept, or not an instant', async () => {
    const made = await subscribeTo();
    const day = 24 * 60 * 60_000;
    for (const payload of [
      { since: new Date(Date.now() - 31 * day).toISOString() },
      { since: new Date(Date.now() + day).toISOString() },
      { since: 'yesterday' },
      {},
    ]) {
      const response = await recover(made.id, payload);
      expect([JSON.stringify(payload), response.statusCode]).toEqual([
        JSON.stringify(payload),
        400,
      ]);
      expect(Object.keys(response.json<{ errors: object }>().errors).length).toBeGreaterThan(0);
    }
    expect(
      (await recover(made.id, { since: new Date(Date.now() - 31 * day).toISOString() })).json(),
    ).toEqual({ errors: { since: [expect.stringContaining('kept 30 days')] } });
    expect((await recover(made.id + 1000, { since: new Date().toISOString() })).statusCode).toBe(
      404,
    );
  });
});
