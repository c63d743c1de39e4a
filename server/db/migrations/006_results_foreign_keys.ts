import { sql, type Kysely } from 'kysely';

/**
 * Foreign keys cost most of a bulk insert of results (one check per row and key):
 * docs/decisions/005-fewer-foreign-keys-on-results.md.
 *
 * - results: the keys to users and to athletes become one, (account_id, athlete_id) to
 *   athletes (account_id, id). Half the checks, and a result can no longer name another
 *   account's athlete. Deleting an account still deletes its results (users → athletes
 *   → results, all on delete cascade).
 * - result_splits loses its key to results; a statement-level trigger deletes the splits
 *   of deleted results instead (cascades from athletes and accounts included). Splits
 *   are only ever written joined to their result in the same statement or under its lock.
 *
 * A separate migration from 005 because 005 was merged into other branches before this
 * change: a database that has 005 gets this one too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table athletes add constraint athletes_account_id_id_key unique (account_id, id);
    -- The constraint's index is the same (account_id, id) btree as 004's; keep one.
    drop index athletes_account;
    alter table results
      drop constraint results_account_id_fkey,
      drop constraint results_athlete_id_fkey,
      add constraint results_athlete_fkey foreign key (account_id, athlete_id)
        references athletes (account_id, id) on delete cascade;

    alter table result_splits drop constraint result_splits_result_id_fkey;
    create function results_delete_splits() returns trigger language plpgsql as $$
    begin
      delete from result_splits s using deleted_results d where s.result_id = d.id;
      return null;
    end $$;
    create trigger results_delete_splits after delete on results
      referencing old table as deleted_results
      for each statement execute function results_delete_splits();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger results_delete_splits on results;
    drop function results_delete_splits();
    delete from result_splits s where not exists (select 1 from results r where r.id = s.result_id);
    alter table result_splits add constraint result_splits_result_id_fkey
      foreign key (result_id) references results (id) on delete cascade;
    alter table results
      drop constraint results_athlete_fkey,
      add constraint results_account_id_fkey foreign key (account_id) references users (id) on delete cascade,
      add constraint results_athlete_id_fkey foreign key (athlete_id) references athletes (id) on delete cascade;
    create index athletes_account on athletes (account_id, id);
    alter table athletes drop constraint athletes_account_id_id_key;
  `.execute(db);
}
