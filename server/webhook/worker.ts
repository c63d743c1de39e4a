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
import { sendWebhook } from './send';

/**
 * The delivery worker, one per server process (several processes share the queue: see
 * queue.ts). A round: make the deliveries of new events, claim a few due deliveries,
 * send them at once, record each outcome; then the next round at once if there was work,
 * else after `pollMs`. On the embedded database the batches are small and the worker
 * yields a turn of the event loop between statements, so requests go first (decision 016).
 */
export interface WebhookSettings {
  /**
   * Wait before each retry, in ms: after attempt n fails, retry n waits `retryScheduleMs[n-1]`;
   * past the end the delivery has failed for good. 9 attempts over ~46 hours by default.
   */
  retryScheduleMs: readonly number[];
  /** Idle wait between rounds. */
  pollMs: number;
  /** Deliveries sent at once per round. */
  claimBatch: number;
  /** Events turned into deliveries per statement. */
  fanOutBatch: number;
  /** A claim's lease: past it, another worker may take the delivery up (after a crash). */
  leaseMs: number;
  /** How long an attempt may take (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** Settled events are kept this many days (the delivery log). */
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

/** How often settled events are pruned. */
const PRUNE_EVERY_MS = HOUR;

export interface WebhookWorker {
  /** Ends the current round (in-flight attempts are interrupted and given back) and stops. */
  stop(): Promise<void>;
  /** Starts a round now instead of after the idle wait (tests, and writers that just committed). */
  wake(): void;
}

export function startWorker(
  db: Kysely<Database>,
  settings: WebhookSettings,
  log: FastifyBaseLogger,
): WebhookWorker {
  const closing = new AbortController();
  let wakeIdle = new AbortController();
  let lastPrune = 0;

  const attempt = async (delivery: ClaimedDelivery) => {
    const body = JSON.stringify({
      type: delivery.event_type,
      timestamp: delivery.event_created_at.toISOString(),
      data: delivery.payload,
    });
    const outcome = await sendWebhook({
      url: delivery.url,
      secret: delivery.secret,
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
    await recordAttempt(db, delivery, outcome, retryInMs);
  };

  const round = async (): Promise<number> => {
    const events = await fanOut(db, settings.fanOutBatch);
    await nextTurn();
    if (closing.signal.aborted) return 0;
    const claimed = await claimDue(db, settings.claimBatch, settings.leaseMs);
    await Promise.all(claimed.map(attempt));
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneOld(db, settings.keepDays, 1000);
    }
    return events + claimed.length;
  };

  const loop = async () => {
    while (!closing.signal.aborted) {
      let worked = 0;
      let failed = false;
      try {
        worked = await round();
      } catch (error) {
        if (closing.signal.aborted) break;
        // A database outage (decision 015): one line per wait, not one per poll.
        failed = true;
        log.warn({ err: error }, 'webhook delivery round failed; trying again');
      }
      if (worked > 0) {
        await nextTurn();
        continue;
      }
      const idle = AbortSignal.any([closing.signal, wakeIdle.signal]);
      const waitMs = failed ? Math.max(settings.pollMs * 10, 5_000) : settings.pollMs;
      await sleep(waitMs, undefined, { signal: idle }).catch(() => undefined);
      if (wakeIdle.signal.aborted) wakeIdle = new AbortController();
    }
  };

  const running = loop();
  return {
    async stop() {
      closing.abort();
      await running;
    },
    wake() {
      wakeIdle.abort();
    },
  };
}
