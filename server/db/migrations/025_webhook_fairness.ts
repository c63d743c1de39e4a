import { sql, type Kysely } from 'kysely';

/**
 * Webhook delivery shared fairly, and what a disabled webhook missed (issue 31,
 * docs/webhooks.md "Fair delivery"):
 *
 * - `webhook_deliveries_waiting` (subscription_id, next_attempt_at, id) over the deliveries
 *   still to send: the claim walks the subscriptions that have any (a skip scan, one
 *   descent each) and takes each one's earliest due few, up to its cap, so a backlog of
 *   one endpoint is never read to reach another's; the drain after a recovery finds an
 *   endpoint's waiting retries by it too.
 * - `webhook_deliveries_leased` (subscription_id, account_id) over the deliveries being
 *   sent now (a lease set): what each endpoint and account has in flight, counted at
 *   each claim across every server process. A handful of rows.
 * - `webhook_events_account` (account_id, created_at, id): the events of one account since
 *   an instant, in pages, for `recover` (deliveries made again for what an endpoint missed while
 *   disabled, up to the 30 days events are kept).
 * - `webhook_subscriptions.disabled_notice_at`: when the coach was mailed that the
 *   webhook was disabled (null: not yet, or not disabled); a claim of the notice sets it,
 *   so each disabling sends one mail whichever process sees it. Subscriptions disabled
 *   before this migration count as told (the page has shown them): no mail months late.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index webhook_deliveries_waiting on webhook_deliveries
      (subscription_id, next_attempt_at, id) where status in ('pending', 'retrying');
    create index webhook_deliveries_leased on webhook_deliveries (subscription_id, account_id)
      where status in ('pending', 'retrying') and leased_until is not null;
    create index webhook_events_account on webhook_events (account_id, created_at, id);
    alter table webhook_subscriptions add column disabled_notice_at timestamptz;
    update webhook_subscriptions set disabled_notice_at = updated_at where status = 'disabled';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index webhook_deliveries_waiting;
    drop index webhook_deliveries_leased;
    drop index webhook_events_account;
    alter table webhook_subscriptions drop column disabled_notice_at;
  `.execute(db);
}
