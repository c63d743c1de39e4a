import { sql, type Kysely } from 'kysely';
import { WEBHOOK_DISABLE_AFTER_FAILURES } from '../../contract/webhook';
import type { Database } from '../db/schema';
import { resultPayload } from './outbox';
import type { AttemptOutcome } from './send';

/**
 * The delivery queue's statements, each one short autocommit statement (no transaction
 * is held while a request is in flight: on the embedded database that would hold its
 * one connection). Several workers (server processes) may run them at once: claims skip
 * rows another one has locked, and a lease marks a claimed delivery until it runs out.
 */
type Db = Kysely<Database>;

/**
 * A new random `webhook-id` (unique index on webhook_events.message_id). Given at fan-out
 * rather than as a column default: a random key per result in a unique index cost the
 * ingest ~30 ms of PostgreSQL CPU per 5,000 results (docs/performance.md, "Ingest").
 */
export const newMessageId = sql<string>`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Makes the deliveries of up to `limit` events of the outbox: one per subscription that
 * takes the type and existed when the event was written (a test event: its own
 * subscription only). Unique per (subscription, event): done twice, it makes nothing twice.
 * In the same statement a thin result event gets its payload, frozen from then on (every
 * attempt sends the same body under the same webhook-id): the result as GET
 * /api/event/{id} shows it now, or `{ "id" }` alone if it was deleted meanwhile. The
 * event's message id (`webhook-id`) is given then too, once: the row is locked and marked
 * fanned out by the same statement.
 * @returns how many events were handled
 */
export async function fanOut(db: Db, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with picked as (
      select id, coalesce(message_id, ${newMessageId}) as message_id
      from webhook_events where not fanned_out order by id limit ${limit}
      for update skip locked
    ), made as (
      insert into webhook_deliveries (account_id, subscription_id, event_id, message_id, event_type)
      select e.account_id, s.id, e.id, p.message_id, e.type
      from picked p join webhook_events e on e.id = p.id
      join webhook_subscriptions s on s.account_id = e.account_id
        and s.status <> 'disabled' and s.created_at <= e.created_at
        and (case when e.subscription_id is null then e.type = any(s.events)
          else s.id = e.subscription_id end)
      order by e.id, s.id
      on conflict (subscription_id, event_id) do nothing
    ), marked as (
      update webhook_events e set fanned_out = true, message_id = p.message_id,
        payload = coalesce(e.payload,
          (select ${resultPayload} from results r join event_types t on t.id = r.event_type_id
            where r.id = e.subject_id and r.account_id = e.account_id),
          jsonb_build_object('id', e.subject_id))
      from picked p where e.id = p.id returning 1
    )
    select count(*)::integer as n from marked`.execute(db);
  return rows[0]?.n ?? 0;
}

/** A claimed delivery with what sending it takes. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  message_id: string;
  event_type: string;
  url: string;
  secret: string;
  payload: unknown;
  event_created_at: Date;
}

/**
 * Claims up to `limit` deliveries that are due, of active subscriptions, and not leased
 * by a live worker: leases them for `leaseMs` and counts the attempt (a crash during the
 * attempt still counts it: the receiver may have had it).
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_subscriptions s on s.id = d.subscription_id
      where d.status in ('pending', 'retrying') and d.next_attempt_at <= now()
        and (d.leased_until is null or d.leased_until < now()) and s.status = 'active'
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries d set attempts = d.attempts + 1, last_attempt_at = now(),
      leased_until = now() + make_interval(secs => ${leaseMs / 1000})
    from due, webhook_subscriptions s, webhook_events e
    where d.id = due.id and s.id = d.subscription_id and e.id = d.event_id
    returning d.id, d.attempts, d.message_id, d.event_type, s.url, s.secret, e.payload,
      e.created_at as event_created_at`.execute(db);
  return rows;
}

/**
 * Records an attempt's outcome, if the delivery is still this worker's (same attempt
 * count: a lease that ran out and was claimed again belongs to the other claim):
 * delivered; retrying at `retryInMs`; or (no retry left) failed, one more failure in a
 * row for the subscription, which is disabled at WEBHOOK_DISABLE_AFTER_FAILURES.
 * `retryInMs` undefined means no retry left.
 */
export async function recordAttempt(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  outcome: AttemptOutcome,
  retryInMs: number | undefined,
): Promise<void> {
  const status = outcome.ok ? 'delivered' : retryInMs === undefined ? 'failed' : 'retrying';
  const next =
    status === 'retrying' ? sql`now() + make_interval(secs => ${retryInMs! / 1000})` : sql`null`;
  const last =
    outcome.statusCode === null ? (outcome.error ?? 'no answer') : `HTTP ${outcome.statusCode}`;
  await sql`
    with updated as (
      update webhook_deliveries set status = ${status}::text, next_attempt_at = ${next},
        leased_until = null, status_code = ${outcome.statusCode},
        duration_ms = ${outcome.durationMs}, error = ${outcome.error},
        response_excerpt = ${outcome.responseExcerpt}
      where id = ${delivery.id} and attempts = ${delivery.attempts}
        and status in ('pending', 'retrying')
      returning subscription_id
    )
    update webhook_subscriptions s set
      last_delivery_at = now(), last_status_code = ${outcome.statusCode},
      consecutive_failures = case ${status}::text
        when 'delivered' then 0 when 'failed' then s.consecutive_failures + 1
        else s.consecutive_failures end,
      status = case when ${status}::text = 'failed'
          and s.consecutive_failures + 1 >= ${WEBHOOK_DISABLE_AFTER_FAILURES}
          and s.status = 'active' then 'disabled' else s.status end,
      disabled_reason = case when ${status}::text = 'failed'
          and s.consecutive_failures + 1 >= ${WEBHOOK_DISABLE_AFTER_FAILURES}
          and s.status = 'active'
        then (s.consecutive_failures + 1) || ' deliveries in a row failed; last: ' || ${last}::text
        else s.disabled_reason end
    from updated u where s.id = u.subscription_id`.execute(db);
}

/**
 * Gives a delivery back (the server is closing mid-attempt): due again at once, the
 * attempt not counted; the receiver may still have had it, and gets it again under the
 * same `webhook-id`.
 */
export async function releaseDelivery(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>,
): Promise<void> {
  await sql`update webhook_deliveries set leased_until = null, attempts = attempts - 1
    where id = ${delivery.id} and attempts = ${delivery.attempts}
      and status in ('pending', 'retrying')`.execute(db);
}

/**
 * Drops what is settled and old: events (with their deliveries) older than `days` whose
 * deliveries are all delivered or failed, and events of accounts that are gone.
 */
export async function pruneOld(db: Db, days: number, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with old as (
      select e.id from webhook_events e
      where e.fanned_out and (e.created_at < now() - make_interval(days => ${days})
          or not exists (select 1 from users u where u.id = e.account_id))
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id
          and d.status in ('pending', 'retrying')
          and exists (select 1 from users u where u.id = e.account_id))
      order by e.id limit ${limit}
    ), gone as (delete from webhook_events where id in (select id from old) returning 1)
    select count(*)::integer as n from gone`.execute(db);
  return rows[0]?.n ?? 0;
}

/** For /metrics: deliveries due now, waiting for a retry, and failed for good. */
export interface WebhookQueueStats {
  /** Deliveries whose attempt is due now (of active subscriptions), plus events not yet fanned out. */
  due: number;
  /** Deliveries waiting for a later retry. */
  retrying: number;
  /** Deliveries that failed for good (kept until pruned). */
  failed: number;
  /** Subscriptions disabled after failures in a row. */
  disabledSubscriptions: number;
}

/**
 * The queue's depth and failures, over every account (for operators' metrics).
 * @example const { due, failed } = await webhookQueueStats(app.db);
 */
export async function webhookQueueStats(db: Db): Promise<WebhookQueueStats> {
  const { rows } = await sql<WebhookQueueStats>`
    select
      (select count(*)::integer from webhook_deliveries d
        join webhook_subscriptions s on s.id = d.subscription_id
        where d.status in ('pending', 'retrying') and d.next_attempt_at <= now()
          and s.status = 'active')
        + (select count(*)::integer from webhook_events where not fanned_out) as due,
      (select count(*)::integer from webhook_deliveries
        where status = 'retrying' and next_attempt_at > now()) as retrying,
      (select count(*)::integer from webhook_deliveries where status = 'failed') as failed,
      (select count(*)::integer from webhook_subscriptions where status = 'disabled')
        as "disabledSubscriptions"`.execute(db);
  return rows[0]!;
}
