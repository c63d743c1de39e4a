import { sql, type Kysely } from 'kysely';

/**
 * The activity log (docs/decisions/036-activity-log.md): who added, changed or deleted
 * which athlete, result, profile, roster, member, API key or webhook of an account, and
 * when. Written in the transaction of the change (server/activity/record.ts), so a change
 * that rolls back leaves no entry and one that commits always has one.
 *
 * Append-only like the Store's ledger (migration 019, the same mechanism): a trigger
 * refuses UPDATE, DELETE and TRUNCATE; only the cascade of a deleted account (its users
 * row already gone) removes its entries.
 *
 * The actor is what the request knew: a signed-in user (`actor_sub`, `actor_email`) or an
 * API key (`api_key_id`, `api_key_name`), copied at write time so that a renamed user or a
 * revoked key still reads as it was. A batch (results from timing gates, a CSV import, a
 * roster's members) is one entry with `item_count`. `before` and `after` hold a correction's
 * values (results).
 *
 * Indexes, for the table's reads (server/activity/list.ts): newest first within the account
 * (the default sort, and a date range as a range on `created_at`), and the same order under
 * a member or a kind filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table activity_log (
      id bigint generated always as identity primary key,
      account_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      actor_sub text,
      actor_email text not null default '',
      api_key_id bigint,
      api_key_name text,
      kind text not null check (kind in
        ('athlete', 'result', 'profile', 'roster', 'member', 'api_key', 'webhook')),
      action text not null check (action in
        ('created', 'updated', 'deleted', 'imported', 'revoked',
         'invited', 'joined', 'role_changed', 'removed', 'left')),
      subject_id text,
      subject_label text not null default '',
      item_count integer not null default 1 check (item_count >= 1),
      before jsonb,
      after jsonb,
      check ((actor_sub is null) <> (api_key_id is null))
    );
    create index activity_log_account_time on activity_log (account_id, created_at desc, id desc);
    create index activity_log_account_member
      on activity_log (account_id, actor_sub, created_at desc, id desc) where actor_sub is not null;
    create index activity_log_account_kind on activity_log (account_id, kind, created_at desc, id desc);

    create function activity_log_append_only() returns trigger language plpgsql as $$
    begin
      -- The cascade of a deleted account (its users row is already gone) may remove them.
      if tg_op = 'DELETE' then
        if not exists (select 1 from users where id = old.account_id) then
          return old;
        end if;
      end if;
      raise exception 'activity_log is append-only: % refused', tg_op
        using errcode = 'restrict_violation';
    end $$;
    create trigger activity_log_no_change before update or delete on activity_log
      for each row execute function activity_log_append_only();
    create trigger activity_log_no_truncate before truncate on activity_log
      for each statement execute function activity_log_append_only();
  `.execute(db);
}

/** The log and its history go. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table activity_log;
    drop function activity_log_append_only();
  `.execute(db);
}
