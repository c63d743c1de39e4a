import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { NewWebhookBody, WebhookEventType } from '../../../contract/webhook';
import type { App } from '../../../server/app';
import type { WebhookSettings } from '../../../server/webhook/worker';
import { addAthletes, coach } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';

/** A request as the receiver got it. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers to the next request: a status, or no answer at all ('hang'). */
export type Answer = number | 'hang';

/**
 * A real webhook receiver on 127.0.0.1 (a free port): it records every request and
 * answers from `answers` in turn (then 200), as a coach's system would.
 */
export interface Receiver {
  url: string;
  received: Received[];
  answers: Answer[];
  /** Resolves once `count` requests have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' });
      response.end(answer >= 300 ? `failure ${'x'.repeat(500)}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`expected ${count} requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Waits until `check` answers true (polling), or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a webhook test file works with; filled in by webhookTestApp's hooks. */
export interface WebhookTestApp {
  app: App;
  /** A new receiver for each test. */
  receiver: Receiver;
  /** The coach the file works as. */
  mine: { headers: Record<string, string>; id: string };
  /** Athletes of that coach, for results. */
  athletes: number[];
}

/**
 * Registers a webhook test file's hooks: one app for the file (the worker on, private
 * targets such as the receiver allowed), a coach with `athletes` athletes, a new
 * receiver for each test, and each test's subscriptions deleted after it.
 * @example
 * const t = webhookTestApp('me@example.com', { webhookTimeoutMs: 300, webhooks: { pollMs: 20 } });
 * it('delivers', async () => { await subscribe(t.app, t.mine.headers, { url: t.receiver.url, ... }) });
 */
export function webhookTestApp(
  email: string,
  options: { webhookTimeoutMs: number; webhooks: Partial<WebhookSettings>; athletes: number },
): WebhookTestApp {
  const t = {} as WebhookTestApp;
  beforeAll(async () => {
    t.app = await buildTestApp({
      config: { webhookAllowPrivateTargets: true, webhookTimeoutMs: options.webhookTimeoutMs },
      webhooks: options.webhooks,
    });
    await t.app.ready();
    t.mine = await coach(t.app, email);
    t.athletes = await addAthletes(t.app, t.mine.id, options.athletes);
  });
  beforeEach(async () => {
    t.receiver = await startReceiver();
  });
  afterEach(async () => {
    await t.app.db.deleteFrom('webhook_subscriptions').execute();
    await t.receiver.close();
  });
  afterAll(() => t.app.close());
  return t;
}

/** Makes a subscription through the API (201) and answers it, with its secret (shown once). */
export async function subscribe(
  app: App,
  headers: Record<string, string>,
  payload: { url: string; events: WebhookEventType[] },
): Promise<NewWebhookBody> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/integration/webhook',
    headers,
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<NewWebhookBody>();
}

/**
 * A received request verified with `secret` by the receiver's own library (the signature
 * and the timestamp's freshness): answers its body; throws when it does not verify.
 */
export function verified<T = unknown>(request: Received, secret: string): T {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': request.headers['webhook-id'] as string,
    'webhook-timestamp': request.headers['webhook-timestamp'] as string,
    'webhook-signature': request.headers['webhook-signature'] as string,
  }) as T;
}
