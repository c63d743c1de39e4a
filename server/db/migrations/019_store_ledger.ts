import { sql, type Kysely } from 'kysely';

/**
 * The Store (docs/store.md, docs/decisions/021-store-ledger.md):
 *
 * - `ledger_entries`: an append-only ledger per account. Each entry moves spots and/or
 *   credit (integer cents): `opening` (what `users.athlete_spots` held, plus the athletes
 *   that had taken spots), `grant` (an operator or a new account's allowance),
 *   `credit_purchase` (money in), `spots_purchase` (credit turned into spots),
 *   `spots_return` and `refund` (a refunded order: the spots go back to credit, the credit
 *   back to the buyer). `idempotency_key` is unique: a retried write finds its entry and
 *   books nothing twice. A trigger refuses UPDATE, DELETE and TRUNCATE (a revoke would
 *   not bind: the server's role owns the table, and PGlite's is a superuser); only the
 *   cascade of a deleted account removes its entries.
 * - `store_orders`: what a coach bought: the package as it was (spots, price, currency),
 *   the provider, and `pending` -> `fulfilled` | `cancelled`, `fulfilled` -> `refunded`.
 *
 * Spots left = the sum of the ledger's spots - the account's athletes: a deleted athlete
 * gives its spot back and no counter can drift. `users.athlete_spots` goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table store_orders (
      id bigint generated always as identity primary key,
      account_id uuid not null references users (id) on delete cascade,
      package_id text not null,
      spots integer not null check (spots > 0),
      price_cents bigint not null check (price_cents >= 0),
      currency text not null,
      provider text not null,
      status text not null default 'pending'
        check (status in ('pending', 'fulfilled', 'refunded', 'cancelled')),
      idempotency_key text not null,
      created_at timestamptz not null default now(),
      fulfilled_at timestamptz,
      refunded_at timestamptz,
      cancelled_at timestamptz,
      unique (account_id, idempotency_key)
    );
    create index store_orders_account on store_orders (account_id, id desc);
    create index store_orders_pending on store_orders (id) where status = 'pending';

    create table ledger_entries (
      id bigint generated always as identity primary key,
      account_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in
        ('opening', 'grant', 'credit_purchase', 'spots_purchase', 'spots_return', 'refund')),
      spots integer not null default 0,
      credit_cents bigint not null default 0,
      order_id bigint references store_orders (id),
      idempotency_key text not null unique,
      note text not null default '',
      created_at timestamptz not null default now()
    );
    -- The balance is an index-only sum over an account's entries.
    create index ledger_entries_account on ledger_entries (account_id) include (spots, credit_cents);
    create index ledger_entries_order on ledger_entries (order_id) where order_id is not null;

    create function ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      -- The cascade of a deleted account (its users row is already gone) may remove them.
      if tg_op = 'DELETE' then
        if not exists (select 1 from users where id = old.account_id) then
          return old;
        end if;
      end if;
      raise exception 'ledger_entries is append-only: % refused', tg_op
        using errcode = 'restrict_violation';
    end $$;
    create trigger ledger_entries_no_change before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only();
    create trigger ledger_entries_no_truncate before truncate on ledger_entries
      for each statement execute function ledger_entries_append_only();

    insert into ledger_entries (account_id, kind, spots, idempotency_key, note)
    select u.id, 'opening',
      u.athlete_spots + (select count(*) from athletes a where a.account_id = u.id),
      'opening:' || u.id, 'Spots before the ledger (migration 019)'
    from users u;

    alter table users drop column athlete_spots;
  `.execute(db);
}

/**
 * Back to a counter: `users.athlete_spots` gets each account's spots left from the ledger
 * (never below 0), then the Store's tables go. Orders and the ledger's history are lost.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column athlete_spots integer not null default 0
      check (athlete_spots >= 0);
    update users u set athlete_spots = greatest(0,
      coalesce((select sum(l.spots) from ledger_entries l where l.account_id = u.id), 0)
      - (select count(*) from athletes a where a.account_id = u.id));
    alter table users alter column athlete_spots drop default;
    drop table ledger_entries, store_orders;
    drop function ledger_entries_append_only();
  `.execute(db);
}
