import { sql, type Kysely } from 'kysely';

/**
 * `bests_since`: what a table of bests over a date range that runs up to now reads
 * instead of ranking every result in the range (`getBestByAthlete` with `startDate`;
 * docs/api-results.md, "Best by athlete"; docs/data-model.md, "Bests since a date").
 *
 * - **Rows**: for each group (athlete, event type, distance; `scope` 'all', or a
 *   program for the program pages' groups within it), the results that rank before
 *   every later result of the group: a result is kept when its rank value (the value for
 *   lower-is-better types, its negation otherwise) is at most every later result's
 *   (later: by `recorded_at`, then id; on a tie the earlier result ranks first).
 *   Implausible results never count. The newest result of a group is always a row.
 * - `since`: the `recorded_at` of the group's previous row (null for the first, the
 *   group's best of all time). A row is its group's best of every range that starts
 *   after `since` and at or before its own `recorded_at` and runs up to now: so the
 *   bests since a date D are the rows with `recorded_at >= D` and `since < D` (or none).
 *   Over a year of a million results, about one row per group instead of all of them.
 * - **Kept by statement-level triggers** on results, in the writing transaction: the
 *   groups of inserted, changed or deleted rows are computed again from their results
 *   (one walk of `results_athlete_board` per group); a change of an event type's
 *   direction rebuilds its rows. Writers of an account are serialised on 007's advisory
 *   lock (`result_bests_lock`).
 * - Bulk loads that skip triggers call `bests_since_rebuild(account, null)`
 *   (server/seed/indexes.ts); this migration fills it with `bests_since_rebuild(null, null)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bests_since (
      account_id uuid not null,
      scope text not null check (scope in ('all', 'gamespeed', 'eapi', 'manualentry')),
      athlete_id bigint not null,
      event_type_id integer not null,
      distance_mm integer not null,
      result_id bigint not null,
      recorded_at timestamptz not null,
      result integer not null,
      since timestamptz,
      -- The triggers' probes of a group's rows, and each athlete's rows of a scope (Name
      -- sorts walk the athletes in name order), index-only.
      primary key (athlete_id, scope, event_type_id, distance_mm, result_id)
        include (account_id, recorded_at, result, since)
    );
    -- The reads: the rows of a scope from a date on, with what the filters check (the
    -- count, Date sorts); the same per event type (a type's filters, Event sorts); Result
    -- sorts, one walk per event type; None sorts.
    create index bests_since_time on bests_since (account_id, scope, recorded_at, result_id)
      include (since, athlete_id, event_type_id, distance_mm, result);
    create index bests_since_type_time on bests_since
      (account_id, scope, event_type_id, recorded_at, result_id)
      include (since, athlete_id, distance_mm, result);
    create index bests_since_type_result on bests_since
      (account_id, scope, event_type_id, result, result_id)
      include (recorded_at, since, athlete_id, distance_mm);
    create index bests_since_id on bests_since (account_id, scope, result_id)
      include (recorded_at, since, athlete_id, event_type_id, distance_mm, result);

    -- The scopes whose groups a result of a program is in: 'all', and its program's.
    create function bests_since_scopes(p_program text) returns setof text
    language sql immutable as $$
      select 'all' union all select p_program where p_program <> 'none'
    $$;

    -- The rows of the given groups (one array per key column), computed from their results.
    create function bests_since_refresh(p_athletes bigint[], p_types integer[], p_distances integer[],
      p_scopes text[])
    returns void language plpgsql as $$
    begin
      delete from bests_since b
      using unnest(p_athletes, p_types, p_distances, p_scopes) as g(at, t, d, s)
      where b.athlete_id = g.at and b.event_type_id = g.t and b.distance_mm = g.d and b.scope = g.s;
      insert into bests_since (account_id, scope, athlete_id, event_type_id, distance_mm, result_id,
        recorded_at, result, since)
      select account_id, scope, athlete_id, event_type_id, distance_mm, id, recorded_at, result,
        lag(recorded_at) over (partition by athlete_id, event_type_id, distance_mm, scope
          order by recorded_at, id)
      from (
        select g.s as scope, r.account_id, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result, x.rank_value,
          min(x.rank_value) over (partition by r.athlete_id, r.event_type_id, r.distance_mm, g.s
            order by r.recorded_at desc, r.id desc rows between unbounded preceding and 1 preceding)
            as later_min
        from (select distinct * from unnest(p_athletes, p_types, p_distances, p_scopes)
          as u(at, t, d, s)) g
        join event_types et on et.id = g.t
        join results r on r.athlete_id = g.at and r.event_type_id = g.t and r.distance_mm = g.d
          and not r.implausible and (g.s = 'all' or r.program = g.s)
        cross join lateral (select case when et.lower_is_better then r.result else -r.result end
          as rank_value) x
      ) c
      where c.later_min is null or c.rank_value <= c.later_min;
    end $$;

    -- Every row of an account, of an event type, or (both null) of all: bulk loads, this
    -- migration, a change of an event type's direction.
    create function bests_since_rebuild(p_account uuid, p_type integer)
    returns void language plpgsql as $$
    begin
      delete from bests_since
      where (p_account is null or account_id = p_account) and (p_type is null or event_type_id = p_type);
      insert into bests_since (account_id, scope, athlete_id, event_type_id, distance_mm, result_id,
        recorded_at, result, since)
      select account_id, scope, athlete_id, event_type_id, distance_mm, id, recorded_at, result,
        lag(recorded_at) over (partition by athlete_id, event_type_id, distance_mm, scope
          order by recorded_at, id)
      from (
        select s.scope, r.account_id, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result, x.rank_value,
          min(x.rank_value) over (partition by r.athlete_id, r.event_type_id, r.distance_mm, s.scope
            order by r.recorded_at desc, r.id desc rows between unbounded preceding and 1 preceding)
            as later_min
        from results r
        join event_types et on et.id = r.event_type_id
        cross join lateral (select case when et.lower_is_better then r.result else -r.result end
          as rank_value) x
        cross join lateral bests_since_scopes(r.program) s(scope)
        where not r.implausible and (p_account is null or r.account_id = p_account)
          and (p_type is null or r.event_type_id = p_type)
      ) c
      where c.later_min is null or c.rank_value <= c.later_min;
    end $$;

    -- The groups of the given rows (a transition table's), in each of their scopes.
    create function bests_since_results_change() returns trigger language plpgsql as $$
    declare
      g record;
    begin
      if tg_op = 'INSERT' then
        if not exists (select 1 from new_rows where not implausible) then return null; end if;
        perform result_bests_lock(array(select distinct account_id from new_rows));
        -- A group whose new rows all come after its newest row (a device's new runs) is
        -- appended to (f*); any other is computed again. One probe of each group's rows:
        -- its newest, and the newest of those no new row ranks before (the first new
        -- row's since).
        select array_agg(x.athlete_id) filter (where not x.fast) as at,
          array_agg(x.event_type_id) filter (where not x.fast) as t,
          array_agg(x.distance_mm) filter (where not x.fast) as d,
          array_agg(x.scope) filter (where not x.fast) as s,
          array_agg(x.athlete_id) filter (where x.fast) as fat,
          array_agg(x.event_type_id) filter (where x.fast) as ft,
          array_agg(x.distance_mm) filter (where x.fast) as fd,
          array_agg(x.scope) filter (where x.fast) as fs,
          array_agg(x.lower_is_better) filter (where x.fast) as fl,
          array_agg(x.m) filter (where x.fast) as fm,
          array_agg(x.prev_at) filter (where x.fast) as fp
          into g
        from (select k.*, p.last_at is null or p.last_at < k.first_at as fast, p.prev_at
          from (select s.scope, n.athlete_id, n.event_type_id, n.distance_mm, et.lower_is_better,
              min(n.recorded_at) as first_at,
              min(case when et.lower_is_better then n.result else -n.result end) as m
            from new_rows n
            join event_types et on et.id = n.event_type_id
            cross join lateral bests_since_scopes(n.program) s(scope)
            where not n.implausible
            group by s.scope, n.athlete_id, n.event_type_id, n.distance_mm, et.lower_is_better) k
          cross join lateral (select max(b.recorded_at) as last_at,
              max(b.recorded_at) filter (where case when k.lower_is_better then b.result
                else -b.result end <= k.m) as prev_at
            from bests_since b
            where b.athlete_id = k.athlete_id and b.event_type_id = k.event_type_id
              and b.distance_mm = k.distance_mm and b.scope = k.scope) p) x;
        if g.at is not null then perform bests_since_refresh(g.at, g.t, g.d, g.s); end if;
        if g.fat is null then return null; end if;
        -- Appending: the group's rows that a new row ranks before go; the new rows that
        -- rank before every later new row come in.
        delete from bests_since b
        using unnest(g.fat, g.ft, g.fd, g.fs, g.fl, g.fm) as u(at, t, d, s, lower_is_better, m)
        where b.athlete_id = u.at and b.event_type_id = u.t and b.distance_mm = u.d and b.scope = u.s
          and case when u.lower_is_better then b.result else -b.result end > u.m;
        insert into bests_since (account_id, scope, athlete_id, event_type_id, distance_mm, result_id,
          recorded_at, result, since)
        select c.account_id, c.s, c.athlete_id, c.event_type_id, c.distance_mm, c.id, c.recorded_at,
          c.result,
          coalesce(lag(c.recorded_at) over (partition by c.athlete_id, c.event_type_id, c.distance_mm, c.s
            order by c.recorded_at, c.id), c.prev_at)
        from (select u.s, u.prev_at, n.account_id, n.athlete_id, n.event_type_id, n.distance_mm, n.id,
            n.recorded_at, n.result, x.rank_value,
            min(x.rank_value) over (partition by n.athlete_id, n.event_type_id, n.distance_mm, u.s
              order by n.recorded_at desc, n.id desc rows between unbounded preceding and 1 preceding)
              as later_min
          from unnest(g.fat, g.ft, g.fd, g.fs, g.fl, g.fp) as u(at, t, d, s, lower_is_better, prev_at)
          join new_rows n on n.athlete_id = u.at and n.event_type_id = u.t and n.distance_mm = u.d
            and (u.s = 'all' or n.program = u.s) and not n.implausible
          cross join lateral (select case when u.lower_is_better then n.result else -n.result end
            as rank_value) x) c
        where c.later_min is null or c.rank_value <= c.later_min;
        return null;
      elsif tg_op = 'DELETE' then
        select array_agg(k.athlete_id) as at, array_agg(k.event_type_id) as t,
          array_agg(k.distance_mm) as d, array_agg(k.scope) as s, array_agg(distinct k.account_id) as a
          into g
        from (select distinct o.account_id, o.athlete_id, o.event_type_id, o.distance_mm, s.scope
          from old_rows o
          cross join lateral bests_since_scopes(o.program) s(scope)
          where not o.implausible) k;
      else
        -- Only rows whose ranked columns changed (007's flag updates change none of them).
        select array_agg(k.athlete_id) as at, array_agg(k.event_type_id) as t,
          array_agg(k.distance_mm) as d, array_agg(k.scope) as s, array_agg(distinct k.account_id) as a
          into g
        from (select distinct c.account_id, c.athlete_id, c.event_type_id, c.distance_mm, s.scope
          from ((select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
                  implausible, program from old_rows
                except
                select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
                  implausible, program from new_rows)
                union all
                (select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
                  implausible, program from new_rows
                except
                select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
                  implausible, program from old_rows)) c
          cross join lateral bests_since_scopes(c.program) s(scope)) k;
      end if;
      if g.at is null then return null; end if;
      perform result_bests_lock(g.a);
      perform bests_since_refresh(g.at, g.t, g.d, g.s);
      return null;
    end $$;

    create trigger results_sync_bests_since_insert after insert on results
      referencing new table as new_rows for each statement
      execute function bests_since_results_change();
    create trigger results_sync_bests_since_update after update on results
      referencing old table as old_rows new table as new_rows for each statement
      execute function bests_since_results_change();
    create trigger results_sync_bests_since_delete after delete on results
      referencing old table as old_rows for each statement
      execute function bests_since_results_change();

    create function event_types_bests_since() returns trigger language plpgsql as $$
    begin
      perform result_bests_lock(array(select distinct account_id from bests_since
        where event_type_id = new.id));
      perform bests_since_rebuild(null, new.id);
      return null;
    end $$;
    create trigger event_types_bests_since after update of lower_is_better on event_types
      for each row when (old.lower_is_better is distinct from new.lower_is_better)
      execute function event_types_bests_since();

    -- 007's personal-best flags go: the bests of all time are the rows with no since, so
    -- the flags' triggers (a walk of the athlete's results for each group of an insert,
    -- and an update of the result rows that win or lose) and their ten partial indexes
    -- were a second copy of what bests_since keeps. results_athlete_time loses the two
    -- columns.
    drop trigger event_types_bests on event_types;
    drop trigger results_bests_insert on results;
    drop trigger results_bests_update on results;
    drop trigger results_bests_delete on results;
    drop function event_types_bests_after_update();
    drop function results_bests_after_insert();
    drop function results_bests_after_update();
    drop function results_bests_after_delete();
    drop function result_bests_refresh_account(uuid);
    drop function result_bests_refresh(bigint[], integer[], integer[]);
    drop index results_best_id, results_best_time, results_best_type_time, results_best_type_result,
      results_best_athlete, results_program_best_id, results_program_best_time,
      results_program_best_type_time, results_program_best_type_result,
      results_program_best_athlete, results_athlete_time;
    alter table results drop column best_overall, drop column best_in_program;
    create index results_athlete_time on results (athlete_id, recorded_at, id)
      include (account_id, program, event_type_id, distance_mm, lane_id, event_alias_id, result,
        implausible);

    select bests_since_rebuild(null, null);
    analyze bests_since;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 007's flags as 007 made them (the functions and triggers, then the indexes), filled
  // in for every account.
  await sql`
    drop index results_athlete_time;
    alter table results add column best_overall boolean not null default false;
    alter table results add column best_in_program boolean not null default false;

    -- Ranks every result of the given (athlete, event type, distance) groups again and
    -- sets both flags where they changed.
    create function result_bests_refresh(p_athletes bigint[], p_types integer[], p_distances integer[])
    returns void language sql as $$
      with g as (
        select distinct athlete_id, event_type_id, distance_mm
        from unnest(p_athletes, p_types, p_distances) as g(athlete_id, event_type_id, distance_mm)
      ), ranked as (
        select r.id, r.implausible, r.best_overall, r.best_in_program,
          row_number() over (partition by r.athlete_id, r.event_type_id, r.distance_mm, r.implausible
            order by case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) as n_all,
          row_number() over (partition by r.athlete_id, r.event_type_id, r.distance_mm, r.program, r.implausible
            order by case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) as n_program
        from g
        join results r on r.athlete_id = g.athlete_id and r.event_type_id = g.event_type_id
          and r.distance_mm = g.distance_mm
        join event_types et on et.id = r.event_type_id
      ), wanted as (
        select id, best_overall, best_in_program,
          not implausible and n_all = 1 as o, not implausible and n_program = 1 as p
        from ranked
      )
      update results r set best_overall = w.o, best_in_program = w.p
      from wanted w
      where r.id = w.id and (w.best_overall, w.best_in_program) is distinct from (w.o, w.p);
    $$;

    -- The same for every result of one account (bulk loads, this migration).
    create function result_bests_refresh_account(p_account uuid)
    returns void language sql as $$
      with ranked as (
        select r.id, r.implausible, r.best_overall, r.best_in_program,
          row_number() over (partition by r.athlete_id, r.event_type_id, r.distance_mm, r.implausible
            order by case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) as n_all,
          row_number() over (partition by r.athlete_id, r.event_type_id, r.distance_mm, r.program, r.implausible
            order by case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id) as n_program
        from results r join event_types et on et.id = r.event_type_id
        where r.account_id = p_account
      ), wanted as (
        select id, best_overall, best_in_program,
          not implausible and n_all = 1 as o, not implausible and n_program = 1 as p
        from ranked
      )
      update results r set best_overall = w.o, best_in_program = w.p
      from wanted w
      where r.id = w.id and (w.best_overall, w.best_in_program) is distinct from (w.o, w.p);
    $$;


    -- New rows: each group's best new row against the group's current best (one probe of
    -- results_best_athlete / results_program_best_athlete per group).
    create function results_bests_after_insert() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from new_rows where not implausible) then return null; end if;
      perform result_bests_lock(array(select distinct account_id from new_rows));
      with cand as (
        select distinct on (n.athlete_id, n.event_type_id, n.distance_mm)
          n.id, n.athlete_id, n.event_type_id, n.distance_mm, n.recorded_at, et.lower_is_better,
          case when et.lower_is_better then n.result else -n.result end as k
        from new_rows n join event_types et on et.id = n.event_type_id
        where not n.implausible
        order by n.athlete_id, n.event_type_id, n.distance_mm,
          case when et.lower_is_better then n.result else -n.result end, n.recorded_at, n.id
      ), cur as (
        select c.id as new_id, b.id as old_id,
          (b.id is null or (c.k, c.recorded_at, c.id)
            < (case when c.lower_is_better then b.result else -b.result end, b.recorded_at, b.id)) as wins
        from cand c
        left join results b on b.athlete_id = c.athlete_id and b.event_type_id = c.event_type_id
          and b.distance_mm = c.distance_mm and b.best_overall and b.id <> c.id
      ), changes as (
        select new_id as id, true as flag from cur where wins
        union
        select old_id, false from cur where wins and old_id is not null
      )
      update results r set best_overall = ch.flag from changes ch
      where r.id = ch.id and r.best_overall <> ch.flag;

      with cand as (
        select distinct on (n.athlete_id, n.event_type_id, n.distance_mm, n.program)
          n.id, n.athlete_id, n.event_type_id, n.distance_mm, n.program, n.recorded_at, et.lower_is_better,
          case when et.lower_is_better then n.result else -n.result end as k
        from new_rows n join event_types et on et.id = n.event_type_id
        where not n.implausible
        order by n.athlete_id, n.event_type_id, n.distance_mm, n.program,
          case when et.lower_is_better then n.result else -n.result end, n.recorded_at, n.id
      ), cur as (
        select c.id as new_id, b.id as old_id,
          (b.id is null or (c.k, c.recorded_at, c.id)
            < (case when c.lower_is_better then b.result else -b.result end, b.recorded_at, b.id)) as wins
        from cand c
        left join results b on b.athlete_id = c.athlete_id and b.event_type_id = c.event_type_id
          and b.distance_mm = c.distance_mm and b.program = c.program and b.best_in_program
          and b.id <> c.id
      ), changes as (
        select new_id as id, true as flag from cur where wins
        union
        select old_id, false from cur where wins and old_id is not null
      )
      update results r set best_in_program = ch.flag from changes ch
      where r.id = ch.id and r.best_in_program <> ch.flag;
      return null;
    end $$;

    -- Changed rows (not the flags themselves): rank their old and new groups again.
    create function results_bests_after_update() returns trigger language plpgsql as $$
    declare
      a bigint[];
      t integer[];
      d integer[];
    begin
      with changed as (
        select o.account_id as old_account, o.athlete_id as old_athlete, o.event_type_id as old_type,
          o.distance_mm as old_distance, n.account_id, n.athlete_id, n.event_type_id, n.distance_mm
        from old_rows o join new_rows n on n.id = o.id
        where (o.account_id, o.athlete_id, o.event_type_id, o.distance_mm, o.result, o.implausible, o.program, o.recorded_at)
          is distinct from
          (n.account_id, n.athlete_id, n.event_type_id, n.distance_mm, n.result, n.implausible, n.program, n.recorded_at)
      ), groups as (
        select old_athlete as athlete_id, old_type as event_type_id, old_distance as distance_mm from changed
        union
        select athlete_id, event_type_id, distance_mm from changed
      )
      select array_agg(athlete_id), array_agg(event_type_id), array_agg(distance_mm) into a, t, d
      from groups;
      if a is null then return null; end if;
      perform result_bests_lock(array(
        select o.account_id from old_rows o union select n.account_id from new_rows n));
      perform result_bests_refresh(a, t, d);
      return null;
    end $$;

    -- Deleted bests: their groups need a new best.
    create function results_bests_after_delete() returns trigger language plpgsql as $$
    declare
      a bigint[];
      t integer[];
      d integer[];
    begin
      select array_agg(athlete_id), array_agg(event_type_id), array_agg(distance_mm) into a, t, d
      from (select distinct athlete_id, event_type_id, distance_mm from old_rows
            where best_overall or best_in_program) g;
      if a is null then return null; end if;
      perform result_bests_lock(array(select distinct account_id from old_rows));
      perform result_bests_refresh(a, t, d);
      return null;
    end $$;

    create trigger results_bests_insert after insert on results
      referencing new table as new_rows for each statement
      execute function results_bests_after_insert();
    create trigger results_bests_update after update on results
      referencing old table as old_rows new table as new_rows for each statement
      execute function results_bests_after_update();
    create trigger results_bests_delete after delete on results
      referencing old table as old_rows for each statement
      execute function results_bests_after_delete();

    create function event_types_bests_after_update() returns trigger language plpgsql as $$
    declare
      a bigint[];
      t integer[];
      d integer[];
    begin
      select array_agg(athlete_id), array_agg(event_type_id), array_agg(distance_mm) into a, t, d
      from (select distinct athlete_id, event_type_id, distance_mm from results
            where event_type_id = new.id) g;
      if a is null then return null; end if;
      perform result_bests_lock(array(select distinct account_id from results where event_type_id = new.id));
      perform result_bests_refresh(a, t, d);
      return null;
    end $$;
    create trigger event_types_bests after update of lower_is_better on event_types
      for each row when (old.lower_is_better is distinct from new.lower_is_better)
      execute function event_types_bests_after_update();

    create index results_athlete_time on results (athlete_id, recorded_at, id)
      include (account_id, program, event_type_id, distance_mm, lane_id, event_alias_id, result,
        implausible, best_overall, best_in_program);
    create index results_best_id on results (account_id, id) where best_overall;
    create index results_best_time on results (account_id, recorded_at, id) where best_overall;
    create index results_best_type_time on results (account_id, event_type_id, recorded_at, id)
      where best_overall;
    create index results_best_type_result on results (account_id, event_type_id, result, id)
      where best_overall;
    create index results_best_athlete on results (athlete_id, recorded_at, id)
      include (account_id, event_type_id, distance_mm, program) where best_overall;
    create index results_program_best_id on results (account_id, program, id) where best_in_program;
    create index results_program_best_time on results (account_id, program, recorded_at, id)
      where best_in_program;
    create index results_program_best_type_time on results (account_id, program, event_type_id, recorded_at, id)
      where best_in_program;
    create index results_program_best_type_result on results (account_id, program, event_type_id, result, id)
      where best_in_program;
    create index results_program_best_athlete on results (athlete_id, recorded_at, id)
      include (account_id, event_type_id, distance_mm, program) where best_in_program;
  `.execute(db);
  await sql`select result_bests_refresh_account(id) from users`.execute(db);
  await sql`
    drop trigger event_types_bests_since on event_types;
    drop function event_types_bests_since();
    drop trigger results_sync_bests_since_insert on results;
    drop trigger results_sync_bests_since_update on results;
    drop trigger results_sync_bests_since_delete on results;
    drop function bests_since_results_change();
    drop function bests_since_rebuild(uuid, integer);
    drop function bests_since_refresh(bigint[], integer[], integer[], text[]);
    drop function bests_since_scopes(text);
    drop table bests_since;
  `.execute(db);
}
