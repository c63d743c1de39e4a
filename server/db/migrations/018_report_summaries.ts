import { sql, type Kysely } from 'kysely';

/**
 * What the performance-index reports read instead of aggregating every profile
 * (server/report/README.md, docs/decisions/020-report-pdf.md has the PDFs):
 *
 * - `team_days`: one row per roster and testing day on which at least one current member
 *   has a profile: how many (`athletes`), how many with a complete EAPI (`complete`) and
 *   their sum (`eapi_sum`). The EAPI team table pages through an account's rows (a few
 *   hundred) instead of joining every membership to every profile (~120,000 rows for
 *   10,000 athletes x 5 profiles: 40-140 ms on PostgreSQL).
 * - `athlete_indexes`: each athlete's latest complete EAPI and EASI (the index of their
 *   latest profile that has one), and `roster_indexes` the same per membership: an
 *   athlete's percentile in a roster of 5,000 is two counts in an index on (roster,
 *   index) instead of a join of every member to their profiles (~25 ms).
 *
 * Kept by statement triggers (transition tables) on `profiles` (insert, update, delete)
 * and `roster_athletes` (a member joins or leaves: their profiles count or stop counting),
 * so that no writer can forget them; they add deltas, never recount. Writers of one
 * account are serialised on an advisory lock held to commit (like result_bests_lock,
 * migration 007): `team_days` rows are shared by every member of a roster, and a batch
 * of profiles touches several in one statement. A statement over many accounts (a new
 * reference version re-scoring everything) takes one exclusive lock instead of one each;
 * writers of one account hold it shared. Bulk loads that skip triggers call
 * `report_summaries_rebuild(account)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table team_days (
      roster_id bigint not null references rosters (id) on delete cascade,
      tested_on date not null,
      account_id uuid not null,
      athletes integer not null,
      complete integer not null,
      eapi_sum bigint not null,
      primary key (roster_id, tested_on)
    );
    create index team_days_account on team_days (account_id, tested_on, roster_id);

    create table athlete_indexes (
      athlete_id bigint primary key references athletes (id) on delete cascade,
      account_id uuid not null,
      eapi integer,
      easi integer
    );
    -- A position's percentile joins its athletes to the account's rows (index-only).
    create index athlete_indexes_account on athlete_indexes (account_id, athlete_id)
      include (eapi, easi);

    create table roster_indexes (
      roster_id bigint not null references rosters (id) on delete cascade,
      athlete_id bigint not null references athletes (id) on delete cascade,
      account_id uuid not null,
      eapi integer,
      easi integer,
      primary key (roster_id, athlete_id)
    );
    create index roster_indexes_athlete on roster_indexes (athlete_id);
    create index roster_indexes_eapi on roster_indexes (roster_id, eapi) where eapi is not null;
    create index roster_indexes_easi on roster_indexes (roster_id, easi) where easi is not null;

    -- The rows of these memberships from athlete_indexes (members without an index have
    -- none). A roster deleted earlier in this statement keeps its memberships until its
    -- cascade: those are skipped.
    create function roster_indexes_add(p_rosters bigint[], p_athletes bigint[])
    returns void language sql as $$
      insert into roster_indexes (roster_id, athlete_id, account_id, eapi, easi)
      select x.roster_id, x.athlete_id, i.account_id, i.eapi, i.easi
      from unnest(p_rosters, p_athletes) as x(roster_id, athlete_id)
      join athlete_indexes i on i.athlete_id = x.athlete_id
      where exists (select 1 from rosters r where r.id = x.roster_id)
        and exists (select 1 from roster_athletes ra
          where ra.roster_id = x.roster_id and ra.athlete_id = x.athlete_id)
      order by 1, 2
      on conflict (roster_id, athlete_id) do update set eapi = excluded.eapi, easi = excluded.easi
        where (roster_indexes.eapi, roster_indexes.easi) is distinct from (excluded.eapi, excluded.easi);
    $$;

    -- Held to commit: one writer of an account's summaries at a time; past 50 accounts in
    -- one statement, every writer (the others hold the shared lock while they write).
    create function report_summaries_lock(p_accounts uuid[]) returns void language plpgsql as $$
    declare
      account uuid;
    begin
      if cardinality(p_accounts) > 50 then
        perform pg_advisory_xact_lock(hashtextextended('report_summaries', 0));
        return;
      end if;
      perform pg_advisory_xact_lock_shared(hashtextextended('report_summaries', 0));
      for account in select distinct a from unnest(p_accounts) as a order by 1 loop
        perform pg_advisory_xact_lock(hashtextextended('report_summaries:' || account::text, 0));
      end loop;
    end $$;

    -- Adds signed counts to team_days. A key that is not there is inserted only for a
    -- positive count: a negative one for a missing row is a roster being deleted (its
    -- rows may already be gone), never a row to make.
    create function team_days_add(p_rosters bigint[], p_days date[], p_accounts uuid[],
      p_athletes integer[], p_complete integer[], p_sums bigint[]) returns void language sql as $$
      with d as (
        select roster_id, tested_on, account_id, sum(athletes)::integer as athletes,
          sum(complete)::integer as complete, sum(eapi_sum)::bigint as eapi_sum
        from unnest(p_rosters, p_days, p_accounts, p_athletes, p_complete, p_sums)
          as d(roster_id, tested_on, account_id, athletes, complete, eapi_sum)
        -- A roster deleted earlier in this statement (an account's cascade) keeps its rows
        -- until its own cascade: they must not be touched (the update would check its key).
        where exists (select 1 from rosters r where r.id = d.roster_id)
        group by roster_id, tested_on, account_id
      ), changed as (
        update team_days t set athletes = t.athletes + d.athletes,
          complete = t.complete + d.complete, eapi_sum = t.eapi_sum + d.eapi_sum
        from d where t.roster_id = d.roster_id and t.tested_on = d.tested_on
        returning t.roster_id, t.tested_on
      )
      insert into team_days (roster_id, tested_on, account_id, athletes, complete, eapi_sum)
      select d.roster_id, d.tested_on, d.account_id, d.athletes, d.complete, d.eapi_sum from d
      where d.athletes > 0 and not exists (select 1 from changed c
        where c.roster_id = d.roster_id and c.tested_on = d.tested_on)
      order by d.roster_id, d.tested_on;

      delete from team_days t
      using unnest(p_rosters, p_days) as d(roster_id, tested_on)
      where t.roster_id = d.roster_id and t.tested_on = d.tested_on and t.athletes <= 0;
    $$;

    -- The latest complete indexes of these athletes, read again from their profiles; an
    -- athlete with neither loses the row (a deleted athlete's row may already be gone).
    create function athlete_indexes_refresh(p_athletes bigint[]) returns void language sql as $$
      with a as (
        select x.athlete_id, ath.account_id,
          (select p.eapi from profiles p where p.athlete_id = x.athlete_id and p.eapi is not null
            order by p.tested_on desc limit 1) as eapi,
          (select p.easi from profiles p where p.athlete_id = x.athlete_id and p.easi is not null
            order by p.tested_on desc limit 1) as easi
        from (select distinct athlete_id from unnest(p_athletes) as x(athlete_id)) x
        join athletes ath on ath.id = x.athlete_id
      ), gone as (
        delete from athlete_indexes i using unnest(p_athletes) as x(athlete_id)
        where i.athlete_id = x.athlete_id
          and not exists (select 1 from a where a.athlete_id = x.athlete_id
            and (a.eapi is not null or a.easi is not null))
      )
      insert into athlete_indexes (athlete_id, account_id, eapi, easi)
      select athlete_id, account_id, eapi, easi from a
      where eapi is not null or easi is not null
      order by athlete_id
      on conflict (athlete_id) do update set eapi = excluded.eapi, easi = excluded.easi
        where (athlete_indexes.eapi, athlete_indexes.easi)
          is distinct from (excluded.eapi, excluded.easi);

      -- The same values on each of their rosters.
      delete from roster_indexes r using unnest(p_athletes) as x(athlete_id)
      where r.athlete_id = x.athlete_id
        and not exists (select 1 from athlete_indexes i where i.athlete_id = r.athlete_id);
      select roster_indexes_add(array_agg(ra.roster_id), array_agg(ra.athlete_id))
      from roster_athletes ra
      where ra.athlete_id in (select unnest(p_athletes));
    $$;

    -- Profiles that count (+1) or stop counting (-1) on their athletes' current rosters.
    create function team_days_profiles(p_signs integer[], p_athletes bigint[], p_days date[],
      p_eapi integer[]) returns void language sql as $$
      select team_days_add(array_agg(roster_id), array_agg(tested_on), array_agg(account_id),
        array_agg(athletes), array_agg(complete), array_agg(eapi_sum))
      from (
        select ra.roster_id, x.tested_on, ra.account_id, sum(x.sign)::integer as athletes,
          sum(case when x.eapi is null then 0 else x.sign end)::integer as complete,
          sum(x.sign * coalesce(x.eapi, 0))::bigint as eapi_sum
        from unnest(p_signs, p_athletes, p_days, p_eapi) as x(sign, athlete_id, tested_on, eapi)
        join roster_athletes ra on ra.athlete_id = x.athlete_id
        group by ra.roster_id, x.tested_on, ra.account_id
      ) g;
    $$;

    -- Memberships that start (+1) or end (-1): every profile of the athlete counts or stops.
    create function team_days_members(p_signs integer[], p_rosters bigint[], p_athletes bigint[])
    returns void language sql as $$
      select team_days_add(array_agg(roster_id), array_agg(tested_on), array_agg(account_id),
        array_agg(athletes), array_agg(complete), array_agg(eapi_sum))
      from (
        select x.roster_id, p.tested_on, p.account_id, sum(x.sign)::integer as athletes,
          sum(case when p.eapi is null then 0 else x.sign end)::integer as complete,
          sum(x.sign * coalesce(p.eapi, 0))::bigint as eapi_sum
        from unnest(p_signs, p_rosters, p_athletes) as x(sign, roster_id, athlete_id)
        join profiles p on p.athlete_id = x.athlete_id
        group by x.roster_id, p.tested_on, p.account_id
      ) g;
    $$;

    -- The lock comes first, and each later statement reads with a snapshot taken after it
    -- (READ COMMITTED): a membership and a profile written at once by two transactions
    -- are joined by whichever of them comes second.
    create function profiles_summaries_insert() returns trigger language plpgsql as $$
    begin
      perform report_summaries_lock(array(select distinct account_id from new_rows));
      perform team_days_profiles(array_agg(1), array_agg(athlete_id), array_agg(tested_on),
        array_agg(eapi)) from new_rows;
      perform athlete_indexes_refresh(array(select athlete_id from new_rows
        where eapi is not null or easi is not null));
      return null;
    end $$;

    create function profiles_summaries_delete() returns trigger language plpgsql as $$
    begin
      perform report_summaries_lock(array(select distinct account_id from old_rows));
      perform team_days_profiles(array_agg(-1), array_agg(athlete_id), array_agg(tested_on),
        array_agg(eapi)) from old_rows;
      perform athlete_indexes_refresh(array(select athlete_id from old_rows
        where eapi is not null or easi is not null));
      return null;
    end $$;

    -- Only rows whose athlete, day or indexes changed (not a measurement's result id).
    create function profiles_summaries_update() returns trigger language plpgsql as $$
    declare
      signs integer[]; athletes bigint[]; days date[]; eapis integer[];
      touched bigint[]; accounts uuid[];
    begin
      with c as (
        select o.athlete_id as old_athlete, o.tested_on as old_day, o.eapi as old_eapi,
          o.account_id as old_account, n.athlete_id, n.tested_on, n.eapi, n.account_id,
          (o.athlete_id, o.tested_on, o.eapi) is distinct from (n.athlete_id, n.tested_on, n.eapi)
            as team
        from old_rows o join new_rows n on n.id = o.id
        where (o.athlete_id, o.tested_on, o.eapi, o.easi)
          is distinct from (n.athlete_id, n.tested_on, n.eapi, n.easi)
      )
      select array_agg(old_athlete) || array_agg(athlete_id),
        array_agg(old_account) || array_agg(account_id),
        array_agg(-1) filter (where team) || array_agg(1) filter (where team),
        array_agg(old_athlete) filter (where team) || array_agg(athlete_id) filter (where team),
        array_agg(old_day) filter (where team) || array_agg(tested_on) filter (where team),
        array_agg(old_eapi) filter (where team) || array_agg(eapi) filter (where team)
      into touched, accounts, signs, athletes, days, eapis from c;
      if touched is null then return null; end if;
      perform report_summaries_lock(array(select distinct a from unnest(accounts) as a));
      perform team_days_profiles(signs, athletes, days, eapis);
      perform athlete_indexes_refresh(touched);
      return null;
    end $$;

    create function roster_athletes_summaries_insert() returns trigger language plpgsql as $$
    begin
      perform report_summaries_lock(array(select distinct account_id from new_rows));
      perform team_days_members(array_agg(1), array_agg(roster_id), array_agg(athlete_id))
      from new_rows;
      perform roster_indexes_add(array_agg(roster_id), array_agg(athlete_id)) from new_rows;
      return null;
    end $$;

    create function roster_athletes_summaries_delete() returns trigger language plpgsql as $$
    begin
      perform report_summaries_lock(array(select distinct account_id from old_rows));
      perform team_days_members(array_agg(-1), array_agg(roster_id), array_agg(athlete_id))
      from old_rows;
      delete from roster_indexes r using old_rows o
      where r.roster_id = o.roster_id and r.athlete_id = o.athlete_id;
      return null;
    end $$;

    create function roster_athletes_summaries_update() returns trigger language plpgsql as $$
    begin
      perform report_summaries_lock(array(
        select account_id from old_rows union select account_id from new_rows));
      perform team_days_members(array_agg(x.sign), array_agg(x.roster_id), array_agg(x.athlete_id))
      from (select -1 as sign, roster_id, athlete_id from old_rows
            union all select 1, roster_id, athlete_id from new_rows) x;
      delete from roster_indexes r using old_rows o
      where r.roster_id = o.roster_id and r.athlete_id = o.athlete_id;
      perform roster_indexes_add(array_agg(roster_id), array_agg(athlete_id)) from new_rows;
      return null;
    end $$;

    create trigger profiles_summaries_insert after insert on profiles
      referencing new table as new_rows for each statement
      execute function profiles_summaries_insert();
    create trigger profiles_summaries_update after update on profiles
      referencing old table as old_rows new table as new_rows for each statement
      execute function profiles_summaries_update();
    create trigger profiles_summaries_delete after delete on profiles
      referencing old table as old_rows for each statement
      execute function profiles_summaries_delete();
    create trigger roster_athletes_summaries_insert after insert on roster_athletes
      referencing new table as new_rows for each statement
      execute function roster_athletes_summaries_insert();
    create trigger roster_athletes_summaries_update after update on roster_athletes
      referencing old table as old_rows new table as new_rows for each statement
      execute function roster_athletes_summaries_update();
    create trigger roster_athletes_summaries_delete after delete on roster_athletes
      referencing old table as old_rows for each statement
      execute function roster_athletes_summaries_delete();

    -- An athlete's delete cascades to their profiles and memberships, and the triggers of
    -- both cascaded deletes fire only once both are done (at the end of the outer
    -- statement), when neither can find the other: so the athlete's days are taken off
    -- their rosters here, before, while both are still there.
    create function athletes_summaries_before_delete() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from roster_athletes ra where ra.athlete_id = old.id)
        and exists (select 1 from profiles p where p.athlete_id = old.id) then
        perform report_summaries_lock(array[old.account_id]);
        perform team_days_members(array_agg(-1), array_agg(ra.roster_id), array_agg(ra.athlete_id))
        from roster_athletes ra where ra.athlete_id = old.id;
      end if;
      return old;
    end $$;
    create trigger athletes_summaries_before_delete before delete on athletes
      for each row execute function athletes_summaries_before_delete();

    -- Both summaries of one account from scratch (bulk loads that skip triggers; this
    -- migration).
    create function report_summaries_rebuild(p_account uuid) returns void language sql as $$
      delete from team_days where account_id = p_account;
      insert into team_days (roster_id, tested_on, account_id, athletes, complete, eapi_sum)
      select ra.roster_id, p.tested_on, ra.account_id, count(*), count(p.eapi),
        coalesce(sum(p.eapi), 0)
      from roster_athletes ra join profiles p on p.athlete_id = ra.athlete_id
      where ra.account_id = p_account
      group by ra.roster_id, p.tested_on, ra.account_id;
      delete from athlete_indexes where account_id = p_account;
      insert into athlete_indexes (athlete_id, account_id, eapi, easi)
      select a.id, a.account_id, e.eapi, s.easi from athletes a
      left join lateral (select p.eapi from profiles p where p.athlete_id = a.id
        and p.eapi is not null order by p.tested_on desc limit 1) e on true
      left join lateral (select p.easi from profiles p where p.athlete_id = a.id
        and p.easi is not null order by p.tested_on desc limit 1) s on true
      where a.account_id = p_account and (e.eapi is not null or s.easi is not null);
      delete from roster_indexes where account_id = p_account;
      insert into roster_indexes (roster_id, athlete_id, account_id, eapi, easi)
      select ra.roster_id, ra.athlete_id, i.account_id, i.eapi, i.easi
      from roster_athletes ra join athlete_indexes i on i.athlete_id = ra.athlete_id
      where ra.account_id = p_account;
    $$;

    select report_summaries_rebuild(id) from users
    where exists (select 1 from profiles p where p.account_id = users.id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger if exists athletes_summaries_before_delete on athletes;
    drop trigger if exists profiles_summaries_insert on profiles;
    drop trigger if exists profiles_summaries_update on profiles;
    drop trigger if exists profiles_summaries_delete on profiles;
    drop trigger if exists roster_athletes_summaries_insert on roster_athletes;
    drop trigger if exists roster_athletes_summaries_update on roster_athletes;
    drop trigger if exists roster_athletes_summaries_delete on roster_athletes;
    drop function if exists profiles_summaries_insert, profiles_summaries_update,
      profiles_summaries_delete, roster_athletes_summaries_insert,
      roster_athletes_summaries_update, roster_athletes_summaries_delete,
      report_summaries_rebuild, athletes_summaries_before_delete, team_days_members, team_days_profiles,
      athlete_indexes_refresh, roster_indexes_add, team_days_add, report_summaries_lock;
    drop table roster_indexes, athlete_indexes, team_days;
  `.execute(db);
}
