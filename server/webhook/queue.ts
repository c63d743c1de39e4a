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
  account_id: string;
  subscription_id: string;
  attempts: number;
  message_id: string;
  event_type: string;
  url: string;
  secret: string;
  payload: unknown;
  event_created_at: Date;
}

/** How many attempts may be in flight at once, over every server process. */
export interface ClaimLimits {
  /** Deliveries to claim now: this process's free places. */
  limit: number;
  /** Attempts in flight to one subscription (endpoint). */
  perEndpoint: number;
  /** Attempts in flight to one account's endpoints together. */
  perAccount: number;
  /** A claim's lease, ms. */
  leaseMs: number;
}

/**
 * Claims up to `limit` deliveries that are due, of active subscriptions, and not leased
 * by a live worker: leases them for `leaseMs` and counts the attempt (a crash during the
 * attempt still counts it: the receiver may have had it).
 *
 * Fair (issue 31): an endpoint with `perEndpoint` attempts in flight, or an account with
 * `perAccount`, is skipped until one ends (in flight = leased, counted over every
 * process: two processes claiming at the same instant may overshoot a cap by a claim
 * each). The claim does not read the queue from its oldest row: it walks the
 * subscriptions that have deliveries waiting (a skip scan of `webhook_deliveries_waiting`,
 * one index descent each) and takes each one's earliest due, as many as it has room
 * for; then it deals them out round-robin, the least busy account and endpoint first
 * (its attempts in flight plus its rank), so a backlog of 300 deliveries to dead
 * endpoints does not stand in front of another account's one.
 */
export async function claimDue(db: Db, limits: ClaimLimits): Promise<ClaimedDelivery[]> {
  const { limit, perEndpoint, perAccount, leaseMs } = limits;
  if (limit <= 0) return [];
  const { rows } = await sql<ClaimedDelivery>`
    with recursive waiting (subscription_id) as (
      (select subscription_id from webhook_deliveries
        where status in ('pending', 'retrying') order by subscription_id limit 1)
      union all
      select (select d.subscription_id from webhook_deliveries d
          where d.status in ('pending', 'retrying') and d.subscription_id > w.subscription_id
          order by d.subscription_id limit 1)
      from waiting w where w.subscription_id is not null
    ), in_flight as (
      select subscription_id, account_id from webhook_deliveries
      where status in ('pending', 'retrying') and leased_until is not null
        and leased_until > now()
    ), endpoints as (
      select s.id, s.account_id,
        (select count(*) from in_flight f where f.subscription_id = s.id)::integer as busy,
        (select count(*) from in_flight f where f.account_id = s.account_id)::integer
          as account_busy
      from waiting w join webhook_subscriptions s on s.id = w.subscription_id
      where s.status = 'active'
    ), candidates as (
      select c.id, c.next_attempt_at, e.account_id, e.account_busy,
        e.busy + row_number() over (partition by e.id order by c.next_attempt_at, c.id)
          as endpoint_turn
      from endpoints e cross join lateral (
        select d.id, d.next_attempt_at from webhook_deliveries d
        where d.subscription_id = e.id and d.status in ('pending', 'retrying')
          and d.next_attempt_at <= now() and (d.leased_until is null or d.leased_until < now())
        order by d.next_attempt_at, d.id
        limit greatest(${perEndpoint} - e.busy, 0)
      ) c
      where e.account_busy < ${perAccount}
    ), ranked as (
      select id, next_attempt_at, account_busy,
        row_number() over (partition by account_id
          order by endpoint_turn, next_attempt_at, id) as account_rank
      from candidates
    ), fair as (
      select id from ranked where account_busy + account_rank <= ${perAccount}
      order by account_busy + account_rank, next_attempt_at, id
      limit ${limit}
    ), due as (
      select d.id from webhook_deliveries d join fair f on f.id = d.id
      where d.status in ('pending', 'retrying')
        and (d.leased_until is null or d.leased_until < now())
      for update of d skip locked
    )
    update webhook_deliveries d set attempts = d.attempts + 1, last_attempt_at = now(),
      leased_until = now() + make_interval(secs => ${leaseMs / 1000})
    from due, webhook_subscriptions s, webhook_events e
    where d.id = due.id and s.id = d.subscription_id and e.id = d.event_id
    returning d.id, d.account_id, d.subscription_id, d.attempts, d.message_id, d.event_type,
      s.url, s.secret, e.payload, e.created_at as event_created_at`.execute(db);
  return rows;
}

/**
 * Failures that look like the receiver being away rather than refusing the message: no
 * answer at all (timeout, refused connection), 408, 429, or a 5xx. Deliveries that failed
 * so are sent again at once when the endpoint answers again (recordAttempt).
 */
const outageFailure = (d: string) =>
  sql.raw(
    `(${d}.status_code is null or ${d}.status_code in (408, 429) or ${d}.status_code >= 500)`,
  );

/** What recording an attempt changed beyond the delivery itself. */
export interface AttemptRecorded {
  /** The subscription is disabled now (this attempt may have disabled it). */
  disabled: boolean;
  /** Retries of the endpoint made due now because it answered again. */
  drained: number;
}

/**
 * Records an attempt's outcome, if the delivery is still this worker's (same attempt
 * count: a lease that ran out and was claimed again belongs to the other claim):
 * delivered; retrying at `retryInMs`; or (no retry left) failed, one more failure in a
 * row for the subscription, which is disabled at WEBHOOK_DISABLE_AFTER_FAILURES.
 * `retryInMs` undefined means no retry left.
 *
 * A delivery that arrives after the endpoint's previous attempt failed means the
 * receiver is back: its other deliveries waiting for a retry after an outage-like
 * failure (outageFailure) become due now, so its backlog drains within seconds instead
 * of at each one's next back-off (up to 24 h). A receiver that answers 5xx to some
 * messages and 2xx to others gets those retried at each such turn, and so sooner
 * failed for good.
 */
export async function recordAttempt(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  outcome: AttemptOutcome,
  retryInMs: number | undefined,
): Promise<AttemptRecorded> {
  const status = outcome.ok ? 'delivered' : retryInMs === undefined ? 'failed' : 'retrying';
  const next =
    status === 'retrying' ? sql`now() + make_interval(secs => ${retryInMs! / 1000})` : sql`null`;
  const last =
    outcome.statusCode === null ? (outcome.error ?? 'no answer') : `HTTP ${outcome.statusCode}`;
  const { rows } = await sql<AttemptRecorded>`
    with updated as (
      update webhook_deliveries set status = ${status}::text, next_attempt_at = ${next},
        leased_until = null, status_code = ${outcome.statusCode},
        duration_ms = ${outcome.durationMs}, error = ${outcome.error},
        response_excerpt = ${outcome.responseExcerpt}
      where id = ${delivery.id} and attempts = ${delivery.attempts}
        and status in ('pending', 'retrying')
      returning subscription_id
    ), drained as (
      update webhook_deliveries d set next_attempt_at = now()
      from updated u join webhook_subscriptions s on s.id = u.subscription_id
      where ${status}::text = 'delivered'
        and not coalesce(s.last_status_code between 200 and 299, false)
        and d.subscription_id = u.subscription_id and d.id <> ${delivery.id}
        and d.status = 'retrying' and d.next_attempt_at > now() and d.leased_until is null and ${outageFailure('d')}
      returning 1
    ), subscription as (
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
      from updated u where s.id = u.subscription_id
      returning s.status
    )
    select coalesce((select status = 'disabled' from subscription), false) as disabled,
      (select count(*)::integer from drained) as drained`.execute(db);
  return rows[0] ?? { disabled: false, drained: 0 };
}

/**
 * Gives a delivery back, the attempt not counted: the server is closing mid-attempt (due
 * again at once; the receiver may still have had it, and gets it again under the same
 * `webhook-id`), or this process cannot sign it (`holdMs`: leased that long more, so
 * that it does not claim it again at once and a process that can takes it).
 */
export async function releaseDelivery(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  holdMs = 0,
): Promise<void> {
  const lease = holdMs > 0 ? sql`now() + make_interval(secs => ${holdMs / 1000})` : sql`null`;
  await sql`update webhook_deliveries set leased_until = ${lease}, attempts = attempts - 1
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
