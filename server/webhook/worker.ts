import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  claimDue,
  fanOut,
  pruneOld,
  recordAttempt,
  releaseDelivery,
  type ClaimedDelivery,
} from './queue';
import { UnreadableSecretError } from './secret-box';
import { sendWebhook } from './send';

/**
 * The delivery worker, one per server process (several processes share the queue: see
 * queue.ts). A pool, not rounds: up to `concurrency` attempts are in flight at once, and
 * each one that ends frees its place at once and wakes the loop, which claims what is
 * due for the free places (queue.ts claimDue: at most `perEndpoint` in flight to one
 * endpoint and `perAccount` to one account, the least busy first). So an attempt that
 * hangs until its timeout holds one place, not the whole batch: another account's
 * delivery goes out at the next claim (issue 31, docs/webhooks.md "Fair delivery").
 * New events are made into deliveries each `pollMs` (or at once on wake()). On the
 * embedded database the pool is small and the worker yields a turn of the event loop
 * between statements, so requests go first (decision 016).
 */
export interface WebhookSettings {
  /**
   * Wait before each retry, in ms: after attempt n fails, retry n waits `retryScheduleMs[n-1]`;
   * past the end the delivery has failed for good. 9 attempts over ~46 hours by default.
   */
  retryScheduleMs: readonly number[];
  /** Idle wait between looks at the queue. */
  pollMs: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint (subscription), over every process. */
  perEndpoint: number;
  /** Attempts in flight at once to one account's endpoints, over every process. */
  perAccount: number;
  /** Events turned into deliveries per statement. */
  fanOutBatch: number;
  /** A claim's lease: past it, another worker may take the delivery up (after a crash). */
  leaseMs: number;
  /** How long an attempt may take (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /**
   * Settled events are kept this many days (the delivery log), and so are the events a
   * disabled subscription missed: `recover` reaches this far back.
   */
  keepDays: number;
  /** False: no worker in this process (tests that look at the outbox alone). */
  enabled: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DEFAULT_RETRY_SCHEDULE_MS = [
  30_000,
  2 * MINUTE,
  10 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  24 * HOUR,
] as const;

/** How often settled events are pruned, and missed disable notices sent. */
const PRUNE_EVERY_MS = HOUR;

/**
 * How long a delivery this process cannot sign (its secret's key is missing) is held
 * before any process may claim it again (at most a lease).
 */
const UNREADABLE_HOLD_MS = 10_000;

export interface WebhookWorker {
  /**
   * Stops claiming; in-flight attempts are interrupted and given back; disabled notices
   * being sent are waited for.
   */
  stop(): Promise<void>;
  /** Looks at the queue now instead of after the idle wait (tests, and writers that just committed). */
  wake(): void;
}

/** What the worker does beside sending: the plugin's hooks. */
export interface WorkerHooks {
  /**
   * A subscription was disabled by a failure (called after the change committed):
   * mail the coach. Also called each prune with undefined, for notices a crash lost.
   */
  onDisabled?(subscriptionId: string | undefined): Promise<void>;
  /**
   * The signing secret in clear from what is stored (secret-box.ts openSecret); throws
   * when it cannot be opened: with a key this process lacks, the delivery is given back
   * uncounted; damaged, the attempt fails. Unset: stored in clear.
   */
  openSecret?(accountId: string, stored: string): string;
}

export function startWorker(
  db: Kysely<Database>,
  settings: WebhookSettings,
  log: FastifyBaseLogger,
  hooks: WorkerHooks = {},
): WebhookWorker {
  const closing = new AbortController();
  let wakeIdle = new AbortController();
  let fanOutNow = true;
  let lastFanOut = 0;
  let lastPrune = 0;
  const inFlight = new Set<Promise<void>>();
  /** Disabled notices being sent: stop() waits for them (a claim, a mail, its mark). */
  const notices = new Set<Promise<void>>();

  /** When each missing key was last logged: one line a minute each, not one per delivery. */
  const missingKeyLogged = new Map<string, number>();
  const reportMissingKey = (error: UnreadableSecretError, delivery: ClaimedDelivery) => {
    const key = error.keyId ?? '?';
    const last = missingKeyLogged.get(key);
    if (last !== undefined && Date.now() - last < MINUTE) return;
    missingKeyLogged.set(key, Date.now());
    log.error(
      { key, deliveryId: delivery.id, subscriptionId: delivery.subscription_id },
      `webhook deliveries given back: their signing secret is sealed with key ${key}, which this server does not have; restart it with that key in WEBHOOK_SECRET_KEY (docs/operations.md, "Webhook secret keys")`,
    );
  };

  const notify = (subscriptionId: string | undefined) => {
    if (!hooks.onDisabled) return;
    const sending: Promise<void> = hooks
      .onDisabled(subscriptionId)
      .catch((error: unknown) => {
        log.warn({ err: error, subscriptionId }, 'webhook disabled notice failed');
      })
      .finally(() => notices.delete(sending));
    notices.add(sending);
  };

  const attempt = async (delivery: ClaimedDelivery) => {
    const body = JSON.stringify({
      type: delivery.event_type,
      timestamp: delivery.event_created_at.toISOString(),
      data: delivery.payload,
    });
    let secret: string;
    try {
      secret = hooks.openSecret?.(delivery.account_id, delivery.secret) ?? delivery.secret;
    } catch (error) {
      if (error instanceof UnreadableSecretError && error.missingKey) {
        // Sealed with a key this process lacks: another server started with a new key
        // and sealed the secrets again (a rolling rotation). Not the receiver's failure:
        // given back uncounted, held a moment so that a server with the key takes it.
        await releaseDelivery(db, delivery, Math.min(UNREADABLE_HOLD_MS, settings.leaseMs));
        reportMissingKey(error, delivery);
        return;
      }
      // Damaged (no key opens it): a failed attempt, in the log the coach sees, and
      // retried as any other; failing for good, it tells the coach to replace the webhook.
      const message = error instanceof Error ? error.message : String(error);
      const outcome = { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null };
      const retryInMs = settings.retryScheduleMs[delivery.attempts - 1];
      await recordAttempt(
        db,
        delivery,
        { ...outcome, error: `Signing secret: ${message}` },
        retryInMs,
      );
      return;
    }
    const outcome = await sendWebhook({
      url: delivery.url,
      secret,
      messageId: delivery.message_id,
      body,
      timeoutMs: settings.timeoutMs,
      allowPrivate: settings.allowPrivateTargets,
      signal: closing.signal,
    });
    if (closing.signal.aborted && !outcome.ok) {
      await releaseDelivery(db, delivery);
      return;
    }
    const retryInMs = outcome.ok ? undefined : settings.retryScheduleMs[delivery.attempts - 1];
    const recorded = await recordAttempt(db, delivery, outcome, retryInMs);
    if (recorded.disabled) notify(delivery.subscription_id);
  };

  /** Starts an attempt in a place of the pool; its end frees the place and wakes the loop. */
  const start = (delivery: ClaimedDelivery) => {
    const running: Promise<void> = attempt(delivery)
      .catch((error: unknown) => {
        // The outcome could not be written (a database outage): the lease runs out and
        // the delivery is taken up again.
        if (!closing.signal.aborted) log.warn({ err: error }, 'webhook attempt not recorded');
      })
      .finally(() => {
        inFlight.delete(running);
        wakeIdle.abort();
      });
    inFlight.add(running);
  };

  /** One look at the queue: new events, then deliveries for the free places. */
  const step = async (): Promise<boolean> => {
    let more = false;
    if (fanOutNow || Date.now() - lastFanOut >= settings.pollMs) {
      fanOutNow = false;
      lastFanOut = Date.now();
      const events = await fanOut(db, settings.fanOutBatch);
      more = events >= settings.fanOutBatch;
      await nextTurn();
    }
    if (closing.signal.aborted) return false;
    const free = settings.concurrency - inFlight.size;
    if (free > 0) {
      const claimed = await claimDue(db, {
        limit: free,
        perEndpoint: settings.perEndpoint,
        perAccount: settings.perAccount,
        leaseMs: settings.leaseMs,
      });
      for (const delivery of claimed) start(delivery);
      // Every free place taken: more may be due (the next end wakes the loop anyway).
      if (claimed.length === free) more = true;
    }
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneOld(db, settings.keepDays, 1000);
      notify(undefined);
    }
    return more && inFlight.size < settings.concurrency;
  };

  const loop = async () => {
    while (!closing.signal.aborted) {
      let more = false;
      let failed = false;
      try {
        more = await step();
      } catch (error) {
        if (closing.signal.aborted) break;
        // A database outage (decision 015): one line per wait, not one per poll.
        failed = true;
        log.warn({ err: error }, 'webhook delivery round failed; trying again');
      }
      if (more) {
        await nextTurn();
        continue;
      }
      const idle = AbortSignal.any([closing.signal, wakeIdle.signal]);
      // Until the next look for new events is due: an attempt's end wakes the loop for
      // a claim, and must not put that look off (it did, by up to a poll each time).
      const waitMs = failed
        ? Math.max(settings.pollMs * 10, 5_000)
        : Math.max(0, lastFanOut + settings.pollMs - Date.now());
      await sleep(waitMs, undefined, { signal: idle }).catch(() => undefined);
      if (wakeIdle.signal.aborted) {
        wakeIdle = new AbortController();
        // Several attempts ending together: one claim for them all.
        await nextTurn();
      }
    }
  };

  const running = loop();
  return {
    async stop() {
      closing.abort();
      await running;
      await Promise.all(inFlight);
      // After the attempts: the last of them may have disabled a webhook and started its
      // notice. The mail is not interrupted: a claim left unsent waits NOTICE_CLAIM_MS.
      await Promise.all(notices);
    },
    wake() {
      fanOutNow = true;
      wakeIdle.abort();
    },
  };
}
