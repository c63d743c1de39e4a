import { sql, type Kysely } from 'kysely';

/**
 * What the results tables (`GET /api/event` with `getBestByAthlete`) need
 * (docs/query-plans.md, "Results tables"; docs/data-model.md, "Personal bests"):
 *
 * - `results.best_overall`: the result is its athlete's best of its event type and
 *   distance (lowest time, or highest mark when the type is not lower-is-better; ties go
 *   to the earlier result, then the lower id); `results.best_in_program`: the same within
 *   its program. Implausible results are never bests. Kept by statement triggers on
 *   results (insert: compare each group's best new row with its current best; update and
 *   delete: rank the touched groups again) and on event_types (lower_is_better changed),
 *   so that no writer can forget them. Writers of one account are serialised on an
 *   advisory lock (held to commit), so that two concurrent inserts into one group cannot
 *   both become its best. Bulk loads that skip triggers call
 *   `result_bests_refresh_account(account)` (server/seed/indexes.ts).
 * - Indexes for the results tables' sorts that had none (None, the name sorts, the
 *   program pages' per-type walks) and partial indexes over the bests: a best-by-athlete
 *   table is a walk over its few thousand rows instead of a GROUP BY over a million
 *   results. About 10 s per million results to build on PostgreSQL 15 here.
 *
 * The index DDL is written out here as of this migration (server/db/indexes.ts holds the
 * current definitions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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

    -- Held to commit: one writer of an account's bests at a time.
    create function result_bests_lock(p_accounts uuid[]) returns void language plpgsql as $$
    declare
      account uuid;
    begin
      for account in select distinct a from unnest(p_accounts) as a order by 1 loop
        perform pg_advisory_xact_lock(hashtextextended('result_bests:' || account::text, 0));
      end loop;
    end $$;

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

    -- The results tables (docs/query-plans.md, "Results tables"): None and the name sorts,
    -- the program pages' per-type walks, and the bests' walks in every order.
    create index results_account_id on results (account_id, id) include (program);
    create index results_athlete_time on results (athlete_id, recorded_at, id)
      include (account_id, program, event_type_id, distance_mm, lane_id, event_alias_id, result,
        implausible, best_overall, best_in_program);
    create index results_program_type_time on results (account_id, program, event_type_id, recorded_at, id)
      include (distance_mm, lane_id);
    create index results_program_type_result on results (account_id, program, event_type_id, result, id)
      include (distance_mm, lane_id);
    -- The distance and lane filters of a table, checked inside the per-type walks and
    -- counts (index-only) instead of on the heap: the two indexes again, wider.
    drop index results_type_time;
    create index results_type_time on results (account_id, event_type_id, recorded_at, id)
      include (athlete_id, distance_mm, lane_id);
    drop index results_type_result;
    create index results_type_result on results (account_id, event_type_id, result, id)
      include (distance_mm, lane_id);
    create index results_alias on results (account_id, event_alias_id, recorded_at, id)
      where event_alias_id is not null;
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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger event_types_bests on event_types;
    drop function event_types_bests_after_update();
    drop trigger results_bests_insert on results;
    drop trigger results_bests_update on results;
    drop trigger results_bests_delete on results;
    drop function results_bests_after_insert();
    drop function results_bests_after_update();
    drop function results_bests_after_delete();
    drop function result_bests_lock(uuid[]);
    drop function result_bests_refresh_account(uuid);
    drop function result_bests_refresh(bigint[], integer[], integer[]);
    drop index results_type_time, results_type_result;
    create index results_type_time on results (account_id, event_type_id, recorded_at, id) include (athlete_id);
    create index results_type_result on results (account_id, event_type_id, result, id);
    drop index results_account_id, results_athlete_time, results_program_type_time,
      results_program_type_result, results_alias, results_best_id, results_best_time, results_best_type_time,
      results_best_type_result, results_best_athlete, results_program_best_id,
      results_program_best_time, results_program_best_type_time, results_program_best_type_result,
      results_program_best_athlete;
    alter table results drop column best_in_program;
    alter table results drop column best_overall;
  `.execute(db);
}
