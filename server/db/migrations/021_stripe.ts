import { sql, type Kysely } from 'kysely';

/**
 * Stripe payments of the Store (docs/store.md, docs/decisions/023-stripe-payments.md):
 *
 * - `store_orders` learns its Checkout Session (`checkout_session_id`, unique: a signed
 *   webhook finds its order by the session, never by metadata a payer could have set),
 *   the page the coach pays on (`checkout_url`, answered again to a retried order), and
 *   the PaymentIntent that a refund event names (known once the session completes).
 * - `stripe_events`: every Stripe event id processed, inserted in the transaction that
 *   acts on it. A replayed or duplicated delivery finds its id and changes nothing; two
 *   concurrent deliveries wait on the primary key, and the second does nothing. A refund
 *   that arrives before its payment is kept here (`payment_intent_id`) and applied when
 *   the payment is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table store_orders
      add column checkout_session_id text unique,
      add column checkout_url text,
      add column payment_intent_id text unique;

    create table stripe_events (
      id text primary key,
      type text not null,
      order_id bigint references store_orders (id) on delete set null,
      payment_intent_id text,
      outcome text not null,
      received_at timestamptz not null default now()
    );
    create index stripe_events_refunds on stripe_events (payment_intent_id)
      where payment_intent_id is not null;
  `.execute(db);
}

/** The Stripe columns and the processed events go; orders and the ledger stay. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table stripe_events;
    alter table store_orders
      drop column checkout_session_id,
      drop column checkout_url,
      drop column payment_intent_id;
  `.execute(db);
}
