import { Type, type Static } from 'typebox';
import { Id, Line, Nullable } from './common';

/**
 * Webhooks (`/api/integration/webhook`, docs/webhooks.md): an account's subscriptions
 * push events to a URL of the coach's system. Each request is signed per the Standard
 * Webhooks convention (`webhook-id`, `webhook-timestamp`, `webhook-signature` headers,
 * HMAC-SHA256 with the subscription's `whsec_` secret), so a receiver verifies it with
 * any Standard Webhooks library and drops replays by `webhook-id`. Delivery is durable:
 * the event is written in the transaction of the change, then retried with exponential
 * backoff for more than 24 hours; a retry keeps its `webhook-id`.
 *
 * The body of every request: `{ "type": <event type>, "timestamp": <ISO instant>,
 * "data": <payload> }`; `data` is the result (`GET /api/event/{id}`'s shape), the athlete
 * (`GET /api/athlete/{id}`'s), `{ "id" }` for result.deleted, the profile for
 * profile.created, and `{ "webhookId", "message" }` for webhook.test.
 */

const Instant = Type.String({ format: 'date-time' });

/** The events a subscription can choose. */
export const WEBHOOK_EVENT_TYPES = [
  'result.created',
  'result.updated',
  'result.deleted',
  'athlete.created',
  'athlete.updated',
  'profile.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "Send a test event", to that subscription only. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** At most this many subscriptions per account. */
export const MAX_WEBHOOKS = 10;
/** A subscription is disabled (and its coach mailed) after this many deliveries in a row failed for good. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** A delivery: one event to one subscription, over one or more attempts. */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookBody = Type.Object(
  {
    id: Id,
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES)),
    status: Type.Enum(WEBHOOK_STATUSES),
    /** Why it was disabled ("20 deliveries in a row failed; last: HTTP 500"), or null. */
    disabledReason: Nullable(Type.String()),
    secretPrefix: Type.String({ description: 'The first characters of the secret.' }),
    createdAt: Instant,
    lastDeliveryAt: Nullable(Instant),
    lastStatusCode: Nullable(Type.Integer()),
    consecutiveFailures: Type.Integer(),
  },
  { title: 'Webhook' },
);
export type WebhookBody = Static<typeof WebhookBody>;

/** `GET /api/integration/webhook`: every subscription, newest first (not paged). */
export const WebhookListBody = Type.Object(
  {
    items: Type.Array(WebhookBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'WebhookList' },
);
export type WebhookListBody = Static<typeof WebhookListBody>;

/**
 * `POST /api/integration/webhook` (201 NewWebhook) and `PUT /api/integration/webhook/{id}`
 * (200 Webhook). The URL is http(s); it may not point at loopback, private or
 * link-local addresses unless the operator allows it (WEBHOOK_ALLOW_PRIVATE_TARGETS).
 */
export const WebhookInput = Type.Object(
  {
    url: Line({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(Line({ maxLength: 200 })),
    events: Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES), { minItems: 1, uniqueItems: true }),
  },
  { title: 'WebhookInput', additionalProperties: false },
);
export type WebhookInput = Static<typeof WebhookInput>;

/** The answer to making a subscription: the only time its secret is shown. */
export const NewWebhookBody = Type.Object(
  {
    ...WebhookBody.properties,
    secret: Type.String({ description: 'whsec_ and base64: verify signatures with it.' }),
  },
  { title: 'NewWebhook' },
);
export type NewWebhookBody = Static<typeof NewWebhookBody>;

/** Events are kept this many days: `recover` (and resume) reach this far back. */
export const WEBHOOK_KEEP_DAYS = 30;

/**
 * `POST /api/integration/webhook/{id}/resume`: the Webhook, active again, and what it
 * recovered. Resuming a disabled subscription clears its failures, sends what is still
 * due, and recovers the events it has not received since its last successful delivery
 * (at most WEBHOOK_KEEP_DAYS back): those it missed while disabled and those that
 * failed. Resuming a paused one sends what waited (its deliveries were kept).
 */
export const ResumedWebhookBody = Type.Object(
  {
    ...WebhookBody.properties,
    recovered: Type.Integer({
      description: 'Deliveries made or due again for events it had not received.',
    }),
    recoveredSince: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Where the recovery started (a disabled webhook), else null.',
      }),
    ),
  },
  { title: 'ResumedWebhook' },
);
export type ResumedWebhookBody = Static<typeof ResumedWebhookBody>;

/**
 * `POST /api/integration/webhook/{id}/recover`: send again the events since `since` that
 * this webhook has not received (no delivery: it was disabled, or made later; or a
 * failed one), of its event types. `since` within the last WEBHOOK_KEEP_DAYS days, else
 * 400. A paused or disabled webhook gets them when resumed. Answers 202.
 */
export const RecoverInput = Type.Object(
  {
    since: Type.String({
      format: 'date-time',
      description: `An instant within the last ${WEBHOOK_KEEP_DAYS} days.`,
    }),
  },
  { title: 'WebhookRecoverInput', additionalProperties: false },
);
export type RecoverInput = Static<typeof RecoverInput>;

export const RecoverBody = Type.Object(
  {
    recovered: Type.Integer({
      description: 'Deliveries made or due again for events it had not received.',
    }),
    since: Type.String({ format: 'date-time' }),
  },
  { title: 'WebhookRecovery' },
);
export type RecoverBody = Static<typeof RecoverBody>;

/**
 * `POST /api/integration/webhook/{id}/pause` answers the Webhook; `/resume` the
 * ResumedWebhook (above).
 * `POST /api/integration/webhook/{id}/test` answers 202 with the queued delivery.
 * `DELETE /api/integration/webhook/{id}`: 204.
 */
export const DeliveryBody = Type.Object(
  {
    id: Id,
    /** The `webhook-id` header: the same on every attempt. */
    messageId: Type.String(),
    eventType: Type.String(),
    status: Type.Enum(DELIVERY_STATUSES),
    attempts: Type.Integer(),
    createdAt: Instant,
    lastAttemptAt: Nullable(Instant),
    nextAttemptAt: Nullable(Instant),
    statusCode: Nullable(Type.Integer({ description: 'Of the last attempt.' })),
    durationMs: Nullable(Type.Integer({ description: 'Of the last attempt.' })),
    error: Nullable(Type.String({ description: 'Timeout, refused address, ... or null.' })),
    responseExcerpt: Nullable(
      Type.String({ description: 'The first 200 characters of the last response body.' }),
    ),
  },
  { title: 'WebhookDelivery' },
);
export type DeliveryBody = Static<typeof DeliveryBody>;

/** `GET /api/integration/webhook/{id}/delivery?pageNumber&pageSize`: newest first. */
export const DeliveryListQuery = Type.Object(
  {
    pageNumber: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { additionalProperties: false },
);
export type DeliveryListQuery = Static<typeof DeliveryListQuery>;

export const DeliveryListBody = Type.Object(
  {
    items: Type.Array(DeliveryBody),
    totalCount: Type.Integer(),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
  },
  { title: 'WebhookDeliveryList' },
);
export type DeliveryListBody = Static<typeof DeliveryListBody>;
