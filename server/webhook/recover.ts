import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, WebhookSubscriptionsTable } from '../db/schema';

/**
 * Recovery: what an endpoint missed, sent again (issue 31; Svix's "recover" is the
 * model). A disabled subscription gets no deliveries (fan-out skips it), but the
 * account's events are still written and kept `keepDays` (outbox.ts); recover makes this
 * subscription's deliveries for the events since an instant that it has not received:
 * a delivery where it has none, and a failed one due again from its first attempt. A
 * delivered one, or one still pending or retrying, is left as it is. Each keeps its
 * event's `webhook-id` (a receiver that did get one drops it as a replay).
 *
 * Resume of a disabled subscription recovers since its last successful delivery:
 * whatever failed in the run that disabled it and whatever happened while it was
 * disabled (recoverySince).
 */
type Db = Kysely<Database>;
type SubscriptionRow = Selectable<WebhookSubscriptionsTable>;

/** Events per statement: a month of a busy account goes in many short statements. */
const BATCH = 1000;

/**
 * Makes the subscription's deliveries for the events since `since` (its types; a test
 * event of its own) that it has not received, in batches of BATCH events by
 * (created_at, id), yielding between them. Events not fanned out yet are left to the
 * fan-out, normally within a second.
 * @returns the deliveries made or due again
 */
export async function recoverMissed(
  db: Db,
  subscription: Pick<SubscriptionRow, 'id' | 'account_id' | 'events' | 'created_at'>,
  since: Date,
): Promise<number> {
  const from = since > subscription.created_at ? since : subscription.created_at;
  let after: { at: string; id: string } | undefined;
  let total = 0;
  for (;;) {
    const cursor = after
      ? sql`and (e.created_at, e.id) > (${after.at}::timestamptz, ${after.id}::bigint)`
      : sql``;
    const { rows } = await sql<{ n: number; seen: number; at: string | null; id: string | null }>`
      with picked as (
        select e.id, e.message_id, e.type, e.created_at from webhook_events e
        where e.account_id = ${subscription.account_id} and e.created_at >= ${from}
          and e.fanned_out ${cursor}
          and (case when e.subscription_id is null
            then e.type = any(${`{${subscription.events.join(',')}}`}::text[])
            else e.subscription_id = ${subscription.id} end)
        order by e.created_at, e.id limit ${BATCH}
      ), made as (
        insert into webhook_deliveries (account_id, subscription_id, event_id, message_id, event_type)
        select ${subscription.account_id}, ${subscription.id}, p.id, p.message_id, p.type
        from picked p order by p.id
        on conflict (subscription_id, event_id) do nothing
        returning 1
      ), again as (
        update webhook_deliveries d set status = 'pending', attempts = 0,
          next_attempt_at = now(), leased_until = null
        from picked p
        where d.subscription_id = ${subscription.id} and d.event_id = p.id and d.status = 'failed'
        returning 1
      ), last as (
        select created_at::text as at, id::text as id from picked
        order by created_at desc, id desc limit 1
      )
      select (select count(*) from made)::integer + (select count(*) from again)::integer as n,
        (select count(*) from picked)::integer as seen,
        (select at from last) as at, (select id from last) as id`.execute(db);
    const row = rows[0]!;
    total += row.n;
    if (row.seen < BATCH || row.at === null || row.id === null) return total;
    after = { at: row.at, id: row.id };
    await nextTurn();
  }
}

/**
 * Where a resumed disabled subscription's recovery starts: the newest event it received
 * (what came after it did not arrive), or its creation; never before `keepDays` ago
 * (older events are pruned). By the events' time, not the deliveries' ids: `recover`
 * makes new deliveries (higher ids) for old events, and the newest delivery delivered
 * may be of an event long before the last one received.
 */
export async function recoverySince(
  db: Db,
  subscription: Pick<SubscriptionRow, 'id' | 'created_at'>,
  keepDays: number,
): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`
    select greatest(
      coalesce((select max(e.created_at) from webhook_deliveries d
          join webhook_events e on e.id = d.event_id
        where d.subscription_id = ${subscription.id} and d.status = 'delivered'),
        ${subscription.created_at}::timestamptz),
      now() - make_interval(days => ${keepDays})) as at`.execute(db);
  return rows[0]!.at;
}
