import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (docs/webhooks.md, docs/decisions/022-webhook-delivery.md):
 *
 * - `webhook_subscriptions`: an account's URLs, the event types each wants, the signing
 *   secret (kept readable: every request is signed with it), `active` | `paused` |
 *   `disabled` (with the reason), and the failures in a row that disable it.
 * - `webhook_events`: the outbox. A change writes its events in its own transaction. A
 *   result event is "thin": its type and `subject_id` (the result's id), `payload` null
 *   until the worker fans it out and freezes it (the result as it is then, or only its
 *   id if it is gone): the ingest of 5,000 results then writes 5,000 small rows instead
 *   of building 5,000 JSON documents (decision 022). Other events carry their payload
 *   from the start. `message_id` is the `webhook-id` every delivery of the event carries:
 *   random, given once at fan-out (a test event: when written), so the ingest does not
 *   pay for a random key in a unique index per result. No foreign key to `users`: a batch
 *   of 5,000 results writes 5,000 events, and a key check per row is what decision 005
 *   took off the results; the worker drops events of accounts that are gone.
 *   `subscription_id` is set only for a test event, which goes to that subscription alone.
 * - `webhook_deliveries`: one per event and subscription (unique: an event is never sent
 *   twice as a new message), made by the worker from the outbox. `leased_until`: a worker
 *   that claimed it is sending until then; after a crash (kill -9) the lease runs out and
 *   another worker takes it up. `response_excerpt` keeps at most 200 characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhook_subscriptions (
      id bigint generated always as identity primary key,
      account_id uuid not null references users (id) on delete cascade,
      url text not null,
      description text not null default '',
      events text[] not null,
      secret text not null,
      status text not null default 'active' check (status in ('active', 'paused', 'disabled')),
      disabled_reason text,
      consecutive_failures integer not null default 0,
      last_delivery_at timestamptz,
      last_status_code integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index webhook_subscriptions_account on webhook_subscriptions (account_id, id desc);

    create table webhook_events (
      id bigint generated always as identity primary key,
      account_id uuid not null,
      type text not null,
      message_id text unique,
      subject_id bigint,
      payload jsonb,
      subscription_id bigint references webhook_subscriptions (id) on delete cascade,
      fanned_out boolean not null default false,
      created_at timestamptz not null default now(),
      check (payload is not null or subject_id is not null)
    );
    create index webhook_events_waiting on webhook_events (id) where not fanned_out;
    create index webhook_events_created on webhook_events (created_at);

    create table webhook_deliveries (
      id bigint generated always as identity primary key,
      account_id uuid not null,
      subscription_id bigint not null references webhook_subscriptions (id) on delete cascade,
      event_id bigint not null references webhook_events (id) on delete cascade,
      message_id text not null,
      event_type text not null,
      status text not null default 'pending'
        check (status in ('pending', 'retrying', 'delivered', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz default now(),
      leased_until timestamptz,
      last_attempt_at timestamptz,
      status_code integer,
      duration_ms integer,
      error text,
      response_excerpt text check (char_length(response_excerpt) <= 200),
      created_at timestamptz not null default now(),
      unique (subscription_id, event_id)
    );
    create index webhook_deliveries_due on webhook_deliveries (next_attempt_at)
      where status in ('pending', 'retrying');
    create index webhook_deliveries_log on webhook_deliveries (subscription_id, id desc);
    create index webhook_deliveries_event on webhook_deliveries (event_id);
  `.execute(db);
}

/** The webhook tables go, with every subscription, queued event and delivery log. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_deliveries, webhook_events, webhook_subscriptions`.execute(db);
}
