import { sql, type Kysely } from 'kysely';

/**
 * The foreign keys of `results` (its athlete, event type and alias) become statement-level
 * triggers (decision 012). A foreign key checks each inserted row on its own: three
 * lookups per result, about 85 ms of a 5,000-result batch; one join per statement over the
 * batch's distinct references does the same work for the ~400 athletes and one or two
 * types a batch names.
 *
 * What the keys did, the triggers do:
 * - **Insert and update of results** (`results_check_references`): every row's athlete
 *   (the row's account's), event type (built in or the account's own) and alias (the
 *   account's) exist, and are locked `FOR KEY SHARE` as a key's check locks them, so a
 *   concurrent delete waits for the writer's commit and a delete that committed first
 *   fails the check. A missing one raises SQLSTATE 23503 naming the former constraint.
 *   Stricter than the keys: an event type or alias of another account is refused too.
 * - **Delete of an athlete**: its results go (was `on delete cascade`; their splits follow
 *   through 006's trigger).
 * - **Delete of an alias**: its results keep their rows without it (was `on delete set null`).
 * - **Delete of an event type**, **a change of a referenced key** (athlete, type or alias
 *   id or account): refused while results name it (was `no action`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if exists (select 1 from results r join event_types t on t.id = r.event_type_id
          where t.account_id <> r.account_id)
        or exists (select 1 from results r join event_aliases e on e.id = r.event_alias_id
          where e.account_id <> r.account_id) then
        raise exception 'results name event types or aliases of other accounts: fix them before migration 013';
      end if;
    end $$;

    alter table results
      drop constraint results_athlete_fkey,
      drop constraint results_event_type_id_fkey,
      drop constraint results_event_alias_id_fkey;

    create function results_reference_error(p_constraint text, p_detail text) returns void
    language plpgsql as $$
    begin
      raise foreign_key_violation using
        message = format('insert or update on table "results" violates foreign key constraint "%s"', p_constraint),
        detail = p_detail, constraint = p_constraint, table = 'results', schema = current_schema();
    end $$;

    create function results_check_references() returns trigger language plpgsql as $$
    declare
      wanted bigint;
      found_rows bigint;
      bad record;
    begin
      select count(*) into wanted from (select distinct account_id, athlete_id from new_rows) n;
      perform 1 from (select distinct account_id, athlete_id from new_rows) n
        join athletes a on a.account_id = n.account_id and a.id = n.athlete_id
        for key share of a;
      get diagnostics found_rows = row_count;
      if found_rows < wanted then
        select n.account_id, n.athlete_id into bad from new_rows n
        where not exists (select 1 from athletes a where a.account_id = n.account_id and a.id = n.athlete_id)
        limit 1;
        perform results_reference_error('results_athlete_fkey', format(
          'Key (account_id, athlete_id)=(%s, %s) is not present in table "athletes".', bad.account_id, bad.athlete_id));
      end if;

      select count(*) into wanted from (select distinct account_id, event_type_id from new_rows) n;
      perform 1 from (select distinct account_id, event_type_id from new_rows) n
        join event_types t on t.id = n.event_type_id and (t.account_id is null or t.account_id = n.account_id)
        for key share of t;
      get diagnostics found_rows = row_count;
      if found_rows < wanted then
        select n.account_id, n.event_type_id into bad from new_rows n
        where not exists (select 1 from event_types t where t.id = n.event_type_id
          and (t.account_id is null or t.account_id = n.account_id))
        limit 1;
        perform results_reference_error('results_event_type_id_fkey', format(
          'Key (event_type_id)=(%s) is not present in table "event_types" for account %s.', bad.event_type_id, bad.account_id));
      end if;

      select count(*) into wanted
        from (select distinct account_id, event_alias_id from new_rows where event_alias_id is not null) n;
      if wanted > 0 then
        perform 1 from (select distinct account_id, event_alias_id from new_rows where event_alias_id is not null) n
          join event_aliases e on e.id = n.event_alias_id and e.account_id = n.account_id
          for key share of e;
        get diagnostics found_rows = row_count;
        if found_rows < wanted then
          select n.account_id, n.event_alias_id into bad from new_rows n
          where n.event_alias_id is not null and not exists (select 1 from event_aliases e
            where e.id = n.event_alias_id and e.account_id = n.account_id)
          limit 1;
          perform results_reference_error('results_event_alias_id_fkey', format(
            'Key (event_alias_id)=(%s) is not present in table "event_aliases" for account %s.', bad.event_alias_id, bad.account_id));
        end if;
      end if;
      return null;
    end $$;
    create trigger results_check_references_insert after insert on results
      referencing new table as new_rows for each statement execute function results_check_references();
    create trigger results_check_references_update after update on results
      referencing new table as new_rows for each statement execute function results_check_references();

    create function athletes_delete_results() returns trigger language plpgsql as $$
    begin
      delete from results r using old_athletes o where r.athlete_id = o.id and r.account_id = o.account_id;
      return null;
    end $$;
    create trigger athletes_delete_results after delete on athletes
      referencing old table as old_athletes for each statement execute function athletes_delete_results();

    create function event_aliases_unset_results() returns trigger language plpgsql as $$
    begin
      update results r set event_alias_id = null
      from old_aliases o where r.account_id = o.account_id and r.event_alias_id = o.id;
      return null;
    end $$;
    create trigger event_aliases_unset_results after delete on event_aliases
      referencing old table as old_aliases for each statement execute function event_aliases_unset_results();

    create function event_types_keep_results() returns trigger language plpgsql as $$
    declare
      bad record;
    begin
      select o.id into bad from old_types o
      where exists (select 1 from results r where r.event_type_id = o.id
        and (o.account_id is null or r.account_id = o.account_id))
      limit 1;
      if found then
        raise foreign_key_violation using
          message = 'update or delete on table "event_types" violates foreign key constraint "results_event_type_id_fkey" on table "results"',
          detail = format('Key (id)=(%s) is still referenced from table "results".', bad.id),
          constraint = 'results_event_type_id_fkey', table = 'event_types', schema = current_schema();
      end if;
      return null;
    end $$;
    create trigger event_types_keep_results after delete on event_types
      referencing old table as old_types for each statement execute function event_types_keep_results();

    -- A referenced row's key never changes in the product; if it did, its results would
    -- lose it: refused, one row at a time (the WHEN keeps other updates free).
    create function results_keep_reference() returns trigger language plpgsql as $$
    begin
      if (tg_table_name = 'athletes' and exists (select 1 from results
            where athlete_id = old.id and account_id = old.account_id))
        or (tg_table_name = 'event_types' and exists (select 1 from results
            where event_type_id = old.id and (old.account_id is null or account_id = old.account_id)))
        or (tg_table_name = 'event_aliases' and exists (select 1 from results
            where event_alias_id = old.id and account_id = old.account_id)) then
        raise foreign_key_violation using
          message = format('update on table "%s" changes a key that results refer to', tg_table_name),
          detail = format('Key (id)=(%s) is still referenced from table "results".', old.id),
          table = tg_table_name, schema = current_schema();
      end if;
      return null;
    end $$;
    create trigger athletes_keep_result_keys after update of id, account_id on athletes
      for each row when (old.id <> new.id or old.account_id <> new.account_id)
      execute function results_keep_reference();
    create trigger event_types_keep_result_keys after update of id, account_id on event_types
      for each row when (old.id <> new.id or old.account_id is distinct from new.account_id)
      execute function results_keep_reference();
    create trigger event_aliases_keep_result_keys after update of id, account_id on event_aliases
      for each row when (old.id <> new.id or old.account_id <> new.account_id)
      execute function results_keep_reference();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger athletes_keep_result_keys on athletes;
    drop trigger event_types_keep_result_keys on event_types;
    drop trigger event_aliases_keep_result_keys on event_aliases;
    drop function results_keep_reference();
    drop trigger event_types_keep_results on event_types;
    drop function event_types_keep_results();
    drop trigger event_aliases_unset_results on event_aliases;
    drop function event_aliases_unset_results();
    drop trigger athletes_delete_results on athletes;
    drop function athletes_delete_results();
    drop trigger results_check_references_insert on results;
    drop trigger results_check_references_update on results;
    drop function results_check_references();
    drop function results_reference_error(text, text);
    alter table results
      add constraint results_athlete_fkey foreign key (account_id, athlete_id)
        references athletes (account_id, id) on delete cascade,
      add constraint results_event_type_id_fkey foreign key (event_type_id) references event_types (id),
      add constraint results_event_alias_id_fkey foreign key (event_alias_id)
        references event_aliases (id) on delete set null;
  `.execute(db);
}
