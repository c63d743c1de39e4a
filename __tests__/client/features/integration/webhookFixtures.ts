import { screen, waitFor } from '@testing-library/react';
import type {
  DeliveryBody,
  NewWebhookBody,
  RecoverBody,
  RecoverInput,
  ResumedWebhookBody,
  WebhookBody,
  WebhookInput,
} from '../../../../contract/webhook';
import { empty, json, stubApi } from '../../test-utils';

export const RECEIVER = 'https://sheets.example.com/splitline';

export const testWebhook = (overrides: Partial<WebhookBody> = {}): WebhookBody => ({
  id: 1,
  url: RECEIVER,
  description: 'Team sheet',
  events: ['result.created'],
  status: 'active',
  disabledReason: null,
  secretPrefix: 'whsec_Ab3',
  createdAt: '2026-03-01T15:04:05Z',
  lastDeliveryAt: null,
  lastStatusCode: null,
  consecutiveFailures: 0,
  ...overrides,
});

export const testDelivery = (overrides: Partial<DeliveryBody> = {}): DeliveryBody => ({
  id: 1,
  messageId: 'msg_2a',
  eventType: 'result.created',
  status: 'delivered',
  attempts: 1,
  createdAt: '2026-03-01T15:04:05Z',
  lastAttemptAt: '2026-03-01T15:04:06Z',
  nextAttemptAt: null,
  statusCode: 200,
  durationMs: 412,
  error: null,
  responseExcerpt: 'ok',
  ...overrides,
});

const page = <T>(items: T[], pageNumber = 1, pageSize = 20, totalCount = items.length) =>
  json({ items, totalCount, pageNumber, pageSize });

/**
 * The server's side of contract/webhook.ts, as the API answers: subscriptions that pause,
 * resume, take test events and recover, and one delivery log per subscription. `missed`
 * is how many events a subscription has not received: a recovery (or the resume of a
 * disabled one, since its last delivery) queues them in its log. `routes` overrides an
 * answer (a 400, say).
 */
export function webhookServer(
  start: WebhookBody[] = [],
  routes: Parameters<typeof stubApi>[0] = {},
) {
  const state = {
    webhooks: start,
    deliveries: new Map<number, DeliveryBody[]>(),
    missed: new Map<number, number>(),
  };
  /** Queues the subscription's missed events in its log; answers how many. */
  const recoverMissed = (id: number) => {
    const count = state.missed.get(id) ?? 0;
    const log = state.deliveries.get(id) ?? [];
    const queued = Array.from({ length: count }, (_, i) =>
      testDelivery({
        id: 200 + log.length + i,
        messageId: `msg_missed_${i}`,
        status: 'pending',
        attempts: 0,
        lastAttemptAt: null,
        statusCode: null,
        durationMs: null,
        responseExcerpt: null,
      }),
    );
    state.deliveries.set(id, [...queued, ...log]);
    state.missed.set(id, 0);
    return count;
  };
  const set = (id: number, change: Partial<WebhookBody>) => {
    state.webhooks = state.webhooks.map((w) => (w.id === id ? { ...w, ...change } : w));
    return json(state.webhooks.find((w) => w.id === id));
  };
  const perHook: Parameters<typeof stubApi>[0] = {};
  for (const id of [1, 2]) {
    const base = `/api/integration/webhook/${id}`;
    perHook[`PUT ${base}`] = async (request) => {
      const input = (await request.json()) as WebhookInput;
      return set(id, input);
    };
    perHook[`DELETE ${base}`] = () => {
      state.webhooks = state.webhooks.filter((w) => w.id !== id);
      return empty();
    };
    perHook[`POST ${base}/pause`] = () => set(id, { status: 'paused' });
    perHook[`POST ${base}/resume`] = () => {
      const was = state.webhooks.find((w) => w.id === id)!;
      const since = was.status === 'disabled' ? (was.lastDeliveryAt ?? was.createdAt) : null;
      const recovered = since ? recoverMissed(id) : 0;
      state.webhooks = state.webhooks.map((w) =>
        w.id === id ? { ...w, status: 'active', disabledReason: null, consecutiveFailures: 0 } : w,
      );
      const resumed: ResumedWebhookBody = {
        ...state.webhooks.find((w) => w.id === id)!,
        recovered,
        recoveredSince: since && new Date(since).toISOString(),
      };
      return json(resumed);
    };
    perHook[`POST ${base}/recover`] = async (request) => {
      const { since } = (await request.json()) as RecoverInput;
      const recovery: RecoverBody = {
        recovered: recoverMissed(id),
        since: new Date(since).toISOString(),
      };
      return json(recovery, 202);
    };
    perHook[`POST ${base}/test`] = () => {
      const log = state.deliveries.get(id) ?? [];
      const queued = testDelivery({
        id: 100 + log.length,
        messageId: `msg_test_${log.length}`,
        eventType: 'webhook.test',
        status: 'pending',
        attempts: 0,
        lastAttemptAt: null,
        statusCode: null,
        durationMs: null,
        responseExcerpt: null,
      });
      state.deliveries.set(id, [queued, ...log]);
      return json(queued, 202);
    };
    perHook[`GET ${base}/delivery`] = (request) => {
      const query = new URL(request.url).searchParams;
      const pageNumber = Number(query.get('pageNumber') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 20);
      const all = state.deliveries.get(id) ?? [];
      const from = (pageNumber - 1) * pageSize;
      return page(all.slice(from, from + pageSize), pageNumber, pageSize, all.length);
    };
  }
  const api = stubApi({
    'GET /api/integration/api-key': () => page([]),
    'GET /api/integration/webhook': () => page(state.webhooks),
    'POST /api/integration/webhook': async (request) => {
      const input = (await request.json()) as WebhookInput;
      const made: NewWebhookBody = {
        ...testWebhook({ id: state.webhooks.length + 1, ...input }),
        secret: 'whsec_MfKQ9r8GKYqXTwJg8qbZ0Q9Uxb7a3xPz',
      };
      const { secret: _secret, ...kept } = made;
      state.webhooks = [kept, ...state.webhooks];
      return json(made, 201);
    },
    ...perHook,
    ...routes,
  });
  return { api, state };
}

/**
 * The open dialog (modal or drawer) with this title. In tests antd gives every generated
 * id the same value, so `aria-labelledby` cannot name a dialog.
 */
export async function findDialog(title: string | RegExp): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find((dialog) =>
        Array.from(dialog.querySelectorAll('.ant-modal-title, .ant-drawer-title')).some((node) =>
          typeof title === 'string'
            ? node.textContent === title
            : title.test(node.textContent ?? ''),
        ),
      );
    expect(found).toBeDefined();
  });
  return found!;
}
