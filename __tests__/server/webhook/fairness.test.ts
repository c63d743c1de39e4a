import type { DeliveryListBody, NewWebhookBody } from '../../../contract/webhook';
import type { App } from '../../../server/app';
import { addAthletes, coach, sprint, sprints } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { eventually, startReceiver, type Receiver } from './receiver';

/** An attempt may take this long here (WEBHOOK_TIMEOUT_MS): the bound below is under it. */
const TIMEOUT_MS = 3_000;

/**
 * Issue 31: one account's dead receivers must not hold back another account's
 * deliveries, and a receiver that answers again gets its backlog within seconds, not at
 * its next back-off. Real receivers on 127.0.0.1; the worker's defaults (pool, caps) as
 * the server runs them, with a short attempt timeout and long retries.
 */
describe('webhook delivery shared between accounts and endpoints', () => {
  let app: App;
  let hanging: Receiver;
  let healthy: Receiver;
  beforeAll(async () => {
    app = await buildTestApp({
      config: { webhookAllowPrivateTargets: true, webhookTimeoutMs: TIMEOUT_MS },
      webhooks: { retryScheduleMs: [60_000, 60_000], pollMs: 20 },
    });
    await app.ready();
  });
  beforeEach(async () => {
    hanging = await startReceiver();
    hanging.answers.push(...Array<'hang'>(2_000).fill('hang'));
    healthy = await startReceiver();
  });
  afterEach(async () => {
    await app.db.deleteFrom('webhook_subscriptions').execute();
    await hanging.close();
    await healthy.close();
  });
  afterAll(() => app.close());

  const subscribe = async (headers: Record<string, string>, url: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/integration/webhook',
      headers,
      payload: { url, events: ['result.created'] },
    });
    expect(response.statusCode).toBe(201);
    return response.json<NewWebhookBody>();
  };
  const post = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/event', headers, payload });

  it("delivers a quiet account's events within half a timeout while another's 10 endpoints hang", async () => {
    const noisy = await coach(app, 'noisy@example.com');
    const quiet = await coach(app, 'quiet@example.com');
    const noisyAthletes = await addAthletes(app, noisy.id, 5);
    const [quietAthlete] = await addAthletes(app, quiet.id, 1);
    for (let i = 0; i < 10; i++) await subscribe(noisy.headers, `${hanging.url}?endpoint=${i}`);
    await subscribe(quiet.headers, healthy.url);

    // 30 results: 300 deliveries to receivers that never answer.
    expect(
      (await post(noisy.headers, { items: sprints('noisy', noisyAthletes, 30) })).statusCode,
    ).toBe(201);
    await hanging.waitFor(5); // the worker is busy with them

    const latencies: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect((await post(quiet.headers, sprint(`quiet-${i}`, quietAthlete!))).statusCode).toBe(201);
      await healthy.waitFor(i + 1, 4 * TIMEOUT_MS);
      latencies.push(performance.now() - started);
    }
    // Under one attempt's timeout: no quiet delivery waited for a hanging attempt.
    expect(Math.max(...latencies)).toBeLessThan(TIMEOUT_MS / 2);
    // And the hanging receivers never had more than the account's share at once.
    expect(hanging.received.length).toBeLessThan(300);
  }, 60_000);

  it("sends an endpoint's waiting retries within seconds once it answers again", async () => {
    const mine = await coach(app, 'drain@example.com');
    const athletes = await addAthletes(app, mine.id, 2);
    const hook = await subscribe(mine.headers, healthy.url);
    // The receiver is down: 5 results, each answered 503 once, wait for a retry in 60 s.
    healthy.answers.push(503, 503, 503, 503, 503);
    expect((await post(mine.headers, { items: sprints('down', athletes, 5) })).statusCode).toBe(
      201,
    );
    const retrying = async () =>
      (
        await app.inject({
          url: `/api/integration/webhook/${hook.id}/delivery`,
          headers: mine.headers,
        })
      )
        .json<DeliveryListBody>()
        .items.filter((d) => d.status === 'retrying').length;
    await eventually(async () => (await retrying()) === 5);

    // It answers again: the next event goes through, and the 5 follow at once.
    const started = performance.now();
    expect((await post(mine.headers, sprint('up-1', athletes[0]!))).statusCode).toBe(201);
    await healthy.waitFor(11, 10_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    await eventually(async () => (await retrying()) === 0);
    const ids = healthy.received.slice(5).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(6);
  }, 60_000);
});
