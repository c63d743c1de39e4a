import type {
  DeliveryStatus,
  MAX_WEBHOOKS as CONTRACT_MAX_WEBHOOKS,
  WEBHOOK_KEEP_DAYS as CONTRACT_KEEP_DAYS,
  WebhookEventType,
  WebhookStatus,
} from '../../../contract/webhook';
import type { Delivery } from './webhookApi';

/*
 * contract/webhook.ts is a TypeBox module: the app imports its types only (contract/README),
 * so the values the page needs are repeated here, each typed against the contract's so
 * that a change there fails the typecheck here.
 */

/** At most this many subscriptions per account (the server refuses more too). */
export const MAX_WEBHOOKS: typeof CONTRACT_MAX_WEBHOOKS = 10;

/** Events are kept this many days: recovery reaches no further back. */
export const WEBHOOK_KEEP_DAYS: typeof CONTRACT_KEEP_DAYS = 30;

/** The events a subscription can choose, in the form's order, each in plain words. */
export const EVENT_LABELS = {
  'result.created': 'Result added',
  'result.updated': 'Result corrected',
  'result.deleted': 'Result deleted',
  'athlete.created': 'Athlete added',
  'athlete.updated': 'Athlete edited',
  'profile.created': 'Athlete profile added',
} satisfies Record<WebhookEventType, string>;

export const EVENT_TYPES = Object.keys(EVENT_LABELS) as WebhookEventType[];

/** "Result added (result.created)": the words a coach reads and the name a receiver sees. */
export const eventLabel = (type: WebhookEventType) => `${EVENT_LABELS[type]} (${type})`;

export const WEBHOOK_STATUS_TAGS = {
  active: { label: 'Active', color: 'success' },
  paused: { label: 'Paused', color: 'default' },
  disabled: { label: 'Disabled', color: 'error' },
} satisfies Record<WebhookStatus, { label: string; color: string }>;

export const DELIVERY_STATUS_TAGS = {
  pending: { label: 'Pending', color: 'processing' },
  retrying: { label: 'Retrying', color: 'warning' },
  delivered: { label: 'Delivered', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
} satisfies Record<DeliveryStatus, { label: string; color: string }>;

/** A pending delivery, or a retry due within a minute: the log looks again this often. */
export const DELIVERY_POLL_MS = 5_000;
/** Retries further off (backoff runs for over 24 hours): a slower look is enough. */
export const DELIVERY_SLOW_POLL_MS = 30_000;

/**
 * How often the open log should fetch its page again: while something on it is still on
 * its way, quickly when an attempt is imminent; never once every delivery has ended
 * (delivered or failed for good). 0 stops polling (RTK Query's `pollingInterval`).
 *
 * @example
 * deliveryPollInterval([{ status: 'pending', nextAttemptAt: null }], Date.now()); // 5000
 */
export function deliveryPollInterval(
  deliveries: ReadonlyArray<Pick<Delivery, 'status' | 'nextAttemptAt'>>,
  now: number,
): number {
  let interval = 0;
  for (const { status, nextAttemptAt } of deliveries) {
    if (status === 'pending') return DELIVERY_POLL_MS;
    if (status !== 'retrying') continue;
    const due = nextAttemptAt ? Date.parse(nextAttemptAt) - now : 0;
    if (due <= 60_000) return DELIVERY_POLL_MS;
    interval = DELIVERY_SLOW_POLL_MS;
  }
  return interval;
}

/**
 * Why a URL cannot be a webhook's, or null: it must be absolute http(s). Whether its
 * address is allowed (no loopback or private targets) only the server can tell.
 *
 * @example
 * webhookUrlProblem('ftp://example.com'); // 'Use an http:// or https:// address'
 */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'Enter the full address, such as https://example.com/splitline';
  }
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? null
    : 'Use an http:// or https:// address';
}
