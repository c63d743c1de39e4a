import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  deletedGroupsInto,
  groups,
  storedAndNewRows,
  updatedGroupsInto,
} from './023_small_batch_ingest';

/** 011's three statement triggers that keep the bests of results, on `fn`. */
function resultsTriggers(fn: string): RawBuilder<unknown> {
  const call = sql`execute function ${sql.raw(fn)}()`;
  return sql`
    create trigger results_sync_bests_since_insert after insert on results
      referencing new table as new_rows for each statement ${call};
    create trigger results_sync_bests_since_update after update on results
      referencing old table as old_rows new table as new_rows for each statement ${call};
    create trigger results_sync_bests_since_delete after delete on results
      referencing old table as old_rows for each statement ${call};`;
}

/** 011's trigger that rebuilds the bests of an event type whose direction changed, on `fn`. */
function directionTrigger(fn: string): RawBuilder<unknown> {
  return sql`
    create trigger event_types_bests_since after update of lower_is_better on event_types
      for each row when (old.lower_is_better is distinct from new.lower_is_better)
      execute function ${sql.raw(fn)}();`;
}

/**
 * The bests of a past range (docs/query-plans.md section 10, "Ranked bests of a past
 * range: spans"). A result is its group's best of `[from, until)` exactly when
 * `since < from <= recorded_at < until <= next_at`: `since` the latest earlier result of
 * the group that ranks at or before it, `next_at` the first later one that ranks strictly
 * before it. `bests_since` (011) holds the results with no `next_at` (open); this table
 * holds the others (closed), narrow, with the btree a range is read through.
 *
 * A group's rows are one pass over its results in time order with a stack
 * (`bests_spans`): each result pops the stacked ones it ranks strictly before (they close
 * at its time), takes the one left on top as its `since`, and is pushed; what stays on
 * the stack is `bests_since`. So an insert that only appends to its groups (a device's
 * new runs) passes over the groups' open rows and then the new ones; any other change
 * passes over the groups' results again (`bests_refresh`); bulk loads and a change of an
 * event type's direction rebuild both tables from one pass (`bests_rebuild`).
 *
 * One trigger function keeps both tables from the pass (`bests_results_change`, on 011's
 * triggers): the changed groups are found once, and 023's computation of the open rows
 * (window functions over the stored rows and the new results) gives way to the pass,
 * whose open rows are the same rows (bests-since.test.ts checks both tables against
 * definitions of their own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bests_closed (
      account_id uuid not null,
      scope text not null,
      athlete_id bigint not null,
      event_type_id integer not null,
      distance_mm integer not null,
      result_id bigint not null,
      recorded_at timestamptz not null,
      result integer not null,
      since timestamptz,
      next_at timestamptz not null,
      primary key (athlete_id, scope, event_type_id, distance_mm, result_id)
    );
    create index bests_closed_time on bests_closed (account_id, scope, recorded_at)
      include (since, next_at, athlete_id, event_type_id, distance_mm, result, result_id);

    -- The pass over a cursor of candidates (account_id, scope, athlete_id, event_type_id,
    -- distance_mm, id, recorded_at, result, rank_value) ordered by scope, athlete, type,
    -- distance, time and id: every candidate with its since and next_at (null: open).
    create function bests_spans(c refcursor)
    returns table (account_id uuid, scope text, athlete_id bigint, event_type_id integer,
      distance_mm integer, result_id bigint, recorded_at timestamptz, result integer,
      since timestamptz, next_at timestamptz)
    language plpgsql as $$
    declare
      r record;
      n integer := 0;
      k_account uuid; k_scope text; k_athlete bigint; k_type integer; k_distance integer;
      s_rv integer[] := '{}'; s_at timestamptz[] := '{}'; s_id bigint[] := '{}';
      s_result integer[] := '{}'; s_since timestamptz[] := '{}';
      first boolean := true;
      done boolean;
    begin
      loop
        fetch c into r;
        -- Kept: the FOR loop below sets FOUND too.
        done := not found;
        if done or first or r.scope <> k_scope or r.athlete_id <> k_athlete
            or r.event_type_id <> k_type or r.distance_mm <> k_distance then
          -- A group's end: what is left on its stack is open.
          account_id := k_account; scope := k_scope; athlete_id := k_athlete;
          event_type_id := k_type; distance_mm := k_distance; next_at := null;
          for i in 1..n loop
            result_id := s_id[i]; recorded_at := s_at[i]; result := s_result[i];
            since := s_since[i];
            return next;
          end loop;
          n := 0;
          exit when done;
          first := false;
          k_account := r.account_id; k_scope := r.scope; k_athlete := r.athlete_id;
          k_type := r.event_type_id; k_distance := r.distance_mm;
        end if;
        -- The stacked results this one ranks strictly before close at its time.
        account_id := k_account; scope := k_scope; athlete_id := k_athlete;
        event_type_id := k_type; distance_mm := k_distance; next_at := r.recorded_at;
        while n > 0 and s_rv[n] > r.rank_value loop
          result_id := s_id[n]; recorded_at := s_at[n]; result := s_result[n];
          since := s_since[n];
          return next;
          n := n - 1;
        end loop;
        n := n + 1;
        s_rv[n] := r.rank_value; s_at[n] := r.recorded_at; s_id[n] := r.id;
        s_result[n] := r.result; s_since[n] := case when n > 1 then s_at[n - 1] end;
      end loop;
      close c;
    end $$;

    -- The closed rows of the given groups as they should be (one array per column):
    -- stored rows not wanted as they are go, wanted rows not stored come in (as 023's
    -- bests_since_store).
    create function bests_closed_store(p_athletes bigint[], p_types integer[],
      p_distances integer[], p_scopes text[], w_a uuid[], w_s text[], w_at bigint[],
      w_t integer[], w_d integer[], w_id bigint[], w_rec timestamptz[], w_r integer[],
      w_since timestamptz[], w_next timestamptz[])
    returns void language plpgsql as $$
    begin
      delete from bests_closed b
      using (
        select s.athlete_id, s.scope, s.event_type_id, s.distance_mm, s.result_id,
          s.account_id, s.recorded_at, s.result, s.since, s.next_at
        from ${groups}
        join bests_closed s on s.athlete_id = g.at and s.scope = g.s and s.event_type_id = g.t
          and s.distance_mm = g.d
        except
        select x.at, x.s, x.t, x.d, x.id, x.a, x.rec, x.r, x.since, x.next
        from unnest(w_a, w_s, w_at, w_t, w_d, w_id, w_rec, w_r, w_since, w_next)
          as x(a, s, at, t, d, id, rec, r, since, next)
      ) o
      where b.athlete_id = o.athlete_id and b.scope = o.scope and b.event_type_id = o.event_type_id
        and b.distance_mm = o.distance_mm and b.result_id = o.result_id;
      insert into bests_closed (account_id, scope, athlete_id, event_type_id, distance_mm,
        result_id, recorded_at, result, since, next_at)
      select x.a, x.s, x.at, x.t, x.d, x.id, x.rec, x.r, x.since, x.next
      from unnest(w_a, w_s, w_at, w_t, w_d, w_id, w_rec, w_r, w_since, w_next)
        as x(a, s, at, t, d, id, rec, r, since, next)
      except
      select s.account_id, s.scope, s.athlete_id, s.event_type_id, s.distance_mm, s.result_id,
        s.recorded_at, s.result, s.since, s.next_at
      from ${groups}
      join bests_closed s on s.athlete_id = g.at and s.scope = g.s and s.event_type_id = g.t
        and s.distance_mm = g.d;
    end $$;

    -- One pass over a cursor of the given groups' candidates (bests_spans), stored: the
    -- open rows in bests_since, the closed ones here. With \`p_new\` (the ids of an
    -- insert's results) the candidates are the groups' open rows and then those new
    -- results: the open rows a new one ranks before close (they leave bests_since), the
    -- new results that stay open join it, every closed row is new here, and nothing else
    -- changes. Without, they are all the groups' results, and only the difference with
    -- what is stored is written to either table.
    create function bests_pass_store(p_athletes bigint[], p_types integer[],
      p_distances integer[], p_scopes text[], c refcursor, p_new bigint[])
    returns void language plpgsql as $$
    declare
      w record;
    begin
      select array_agg(p.account_id) filter (where o) as a, array_agg(p.scope) filter (where o) as s,
        array_agg(p.athlete_id) filter (where o) as at,
        array_agg(p.event_type_id) filter (where o) as t,
        array_agg(p.distance_mm) filter (where o) as d, array_agg(p.result_id) filter (where o) as id,
        array_agg(p.recorded_at) filter (where o) as rec, array_agg(p.result) filter (where o) as r,
        array_agg(p.since) filter (where o) as since,
        array_agg(p.account_id) filter (where not o) as ca,
        array_agg(p.scope) filter (where not o) as cs,
        array_agg(p.athlete_id) filter (where not o) as cat,
        array_agg(p.event_type_id) filter (where not o) as ct,
        array_agg(p.distance_mm) filter (where not o) as cd,
        array_agg(p.result_id) filter (where not o) as cid,
        array_agg(p.recorded_at) filter (where not o) as crec,
        array_agg(p.result) filter (where not o) as cr,
        array_agg(p.since) filter (where not o) as csince,
        array_agg(p.next_at) filter (where not o) as cnext
        into w
      from (select b.*, b.next_at is null as o from bests_spans(c) b) p;
      if p_new is null then
        perform bests_since_store(p_athletes, p_types, p_distances, p_scopes, w.a, w.s, w.at,
          w.t, w.d, w.id, w.rec, w.r, w.since);
        perform bests_closed_store(p_athletes, p_types, p_distances, p_scopes, w.ca, w.cs, w.cat,
          w.ct, w.cd, w.cid, w.crec, w.cr, w.csince, w.cnext);
        return;
      end if;
      delete from bests_since b
      using unnest(w.cat, w.cs, w.ct, w.cd, w.cid) as x(at, s, t, d, id)
      where b.athlete_id = x.at and b.scope = x.s and b.event_type_id = x.t
        and b.distance_mm = x.d and b.result_id = x.id;
      insert into bests_since (account_id, scope, athlete_id, event_type_id, distance_mm,
        result_id, recorded_at, result, since)
      select x.* from unnest(w.a, w.s, w.at, w.t, w.d, w.id, w.rec, w.r, w.since)
        as x(a, s, at, t, d, id, rec, r, since)
      where x.id in (select unnest(p_new));
      insert into bests_closed (account_id, scope, athlete_id, event_type_id, distance_mm,
        result_id, recorded_at, result, since, next_at)
      select * from unnest(w.ca, w.cs, w.cat, w.ct, w.cd, w.cid, w.crec, w.cr, w.csince, w.cnext);
    end $$;

    -- The given groups passed again over all their results (updates, deletions, results
    -- recorded before a group's newest).
    create function bests_refresh(p_athletes bigint[], p_types integer[], p_distances integer[],
      p_scopes text[])
    returns void language plpgsql as $$
    declare
      c refcursor;
    begin
      open c for
        select r.account_id, g.s as scope, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result,
          case when et.lower_is_better then r.result else -r.result end as rank_value
        from ${groups}
        join event_types et on et.id = g.t
        join results r on r.athlete_id = g.at and r.event_type_id = g.t and r.distance_mm = g.d
          and not r.implausible and (g.s = 'all' or r.program = g.s)
        order by g.s, r.athlete_id, r.event_type_id, r.distance_mm, r.recorded_at, r.id;
      perform bests_pass_store(p_athletes, p_types, p_distances, p_scopes, c, null);
    end $$;

    -- Every row of both tables of an account, of an event type, or (both null) of all,
    -- from one pass: bulk loads, this migration, a change of an event type's direction.
    create function bests_rebuild(p_account uuid, p_type integer)
    returns void language plpgsql as $$
    declare
      c refcursor;
    begin
      delete from bests_since
      where (p_account is null or account_id = p_account)
        and (p_type is null or event_type_id = p_type);
      delete from bests_closed
      where (p_account is null or account_id = p_account)
        and (p_type is null or event_type_id = p_type);
      open c for
        select r.account_id, s.scope, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result,
          case when et.lower_is_better then r.result else -r.result end as rank_value
        from results r
        join event_types et on et.id = r.event_type_id
        cross join lateral bests_since_scopes(r.program) s(scope)
        where not r.implausible and (p_account is null or r.account_id = p_account)
          and (p_type is null or r.event_type_id = p_type)
        order by s.scope, r.athlete_id, r.event_type_id, r.distance_mm, r.recorded_at, r.id;
      with p as materialized (select * from bests_spans(c)),
      open_rows as (
        insert into bests_since (account_id, scope, athlete_id, event_type_id, distance_mm,
          result_id, recorded_at, result, since)
        select account_id, scope, athlete_id, event_type_id, distance_mm, result_id,
          recorded_at, result, since
        from p where next_at is null)
      insert into bests_closed select * from p where next_at is not null;
    end $$;

    -- 011/023's trigger function, now for both tables from the pass: the same groups,
    -- the same test for an insert that appends, the same serialisation.
    create function bests_results_change() returns trigger language plpgsql as $$
    declare
      g record;
      c refcursor;
    begin
      if tg_op = 'INSERT' then
        if not exists (select 1 from new_rows where not implausible) then return null; end if;
        perform result_bests_lock(array(select distinct account_id from new_rows));
        -- A group whose new rows all come after its newest (always an open row) is
        -- appended to (f*); any other is passed over again.
        select array_agg(x.athlete_id) filter (where not x.fast) as at,
          array_agg(x.event_type_id) filter (where not x.fast) as t,
          array_agg(x.distance_mm) filter (where not x.fast) as d,
          array_agg(x.scope) filter (where not x.fast) as s,
          array_agg(x.athlete_id) filter (where x.fast) as fat,
          array_agg(x.event_type_id) filter (where x.fast) as ft,
          array_agg(x.distance_mm) filter (where x.fast) as fd,
          array_agg(x.scope) filter (where x.fast) as fs
          into g
        from (select k.*, p.last_at is null or p.last_at < k.first_at as fast
          from (select s.scope, n.athlete_id, n.event_type_id, n.distance_mm,
              min(n.recorded_at) as first_at
            from new_rows n
            cross join lateral bests_since_scopes(n.program) s(scope)
            where not n.implausible
            group by s.scope, n.athlete_id, n.event_type_id, n.distance_mm) k
          cross join lateral (select max(b.recorded_at) as last_at from bests_since b
            where b.athlete_id = k.athlete_id and b.event_type_id = k.event_type_id
              and b.distance_mm = k.distance_mm and b.scope = k.scope) p) x;
        if g.at is not null then perform bests_refresh(g.at, g.t, g.d, g.s); end if;
        if g.fat is null then return null; end if;
        -- Appending: the pass over the groups' open rows (the stack their history left),
        -- then their new rows.
        open c for
          select * from (${storedAndNewRows(sql.raw('g.fat, g.ft, g.fd, g.fs'))}
          ) k
          order by k.scope, k.athlete_id, k.event_type_id, k.distance_mm, k.recorded_at, k.id;
        perform bests_pass_store(g.fat, g.ft, g.fd, g.fs, c, array(select id from new_rows));
        return null;
      elsif tg_op = 'DELETE' then
        ${deletedGroupsInto}
      else
        ${updatedGroupsInto}
      end if;
      if g.at is null then return null; end if;
      perform result_bests_lock(g.a);
      perform bests_refresh(g.at, g.t, g.d, g.s);
      return null;
    end $$;

    -- The same triggers as 011's, on the new function.
    drop trigger results_sync_bests_since_insert on results;
    drop trigger results_sync_bests_since_update on results;
    drop trigger results_sync_bests_since_delete on results;
    ${resultsTriggers('bests_results_change')}

    -- 011's direction trigger, on both tables at once.
    drop trigger event_types_bests_since on event_types;
    create function event_types_bests_rebuild() returns trigger language plpgsql as $$
    begin
      perform result_bests_lock(array(select distinct account_id from bests_since
        where event_type_id = new.id));
      perform bests_rebuild(null, new.id);
      return null;
    end $$;
    ${directionTrigger('event_types_bests_rebuild')}

    -- No ANALYZE: the start (server/db/statistics.ts) gives a table with rows and no
    -- statistics a VACUUM (ANALYZE), whose all-visible pages the index-only read needs.
    select bests_rebuild(null, null);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger event_types_bests_since on event_types;
    drop function event_types_bests_rebuild();
    ${directionTrigger('event_types_bests_since')}
    drop trigger results_sync_bests_since_insert on results;
    drop trigger results_sync_bests_since_update on results;
    drop trigger results_sync_bests_since_delete on results;
    ${resultsTriggers('bests_since_results_change')}
    drop function bests_results_change();
    drop function bests_rebuild(uuid, integer);
    drop function bests_refresh(bigint[], integer[], integer[], text[]);
    drop function bests_pass_store(bigint[], integer[], integer[], text[], refcursor, bigint[]);
    drop function bests_closed_store(bigint[], integer[], integer[], text[], uuid[], text[],
      bigint[], integer[], integer[], bigint[], timestamptz[], integer[], timestamptz[],
      timestamptz[]);
    drop function bests_spans(refcursor);
    drop table bests_closed;
  `.execute(db);
}
