import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * A small batch's fixed cost (docs/decisions/026-small-batch-ingest.md). A 50-result
 * batch into a seeded account (400 athletes, 30,000 results) spent most of its
 * statement in `bests_since` whenever a result was recorded before its group's newest (a
 * device uploading an earlier session, or devices' batches interleaved in time): such a
 * group was computed again from all its results (`bests_since_refresh`, migration 011),
 * and all its rows were deleted and inserted again, each with eight index entries and
 * the name-key row trigger (migration 015), to change a handful.
 *
 * - `bests_since_store` writes only the difference between a set of groups' stored rows
 *   and the rows they should have: stored rows not wanted with the same values go,
 *   wanted rows not stored come in. `bests_since_refresh` (updates, deletes) computes the
 *   rows as before and stores them through it.
 * - An insert's groups that are not appended to (011's fast path, unchanged) are
 *   computed from their stored rows and the new results instead of all their results.
 *   Exact: a result that is not a row has a later result that ranks strictly before
 *   it, and following such results ends at a row (the newest result always is one); so
 *   every later result's minimum is that of the later rows, and adding results never
 *   makes a non-row a row.
 * - `board_bests_offer` leaves out entries that do not rank before the stored row: the
 *   upsert's condition was false for them, but the upsert still locked (and so wrote)
 *   each such row. Writers of an account's bests are serialised on
 *   `result_bests_lock` (migration 007) before they offer, so the probe sees the stored
 *   row any writer committed.
 *
 * Every table ends exactly as before; the bests-since, board and leaderboard tests check
 * them against definitions of their own.
 */

/**
 * Selects into `w` the wanted rows of groups (one array per column: a, s, at, t, d, id,
 * rec, r, since) from `candidates` (scope, account_id, athlete_id, event_type_id,
 * distance_mm, id, recorded_at, result, rank_value): 011's definition, a candidate is a
 * row when it ranks before every later candidate of its group, its since the previous
 * row's time.
 */
function wantedInto(candidates: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select array_agg(c.account_id) as a, array_agg(c.scope) as s,
            array_agg(c.athlete_id) as at, array_agg(c.event_type_id) as t,
            array_agg(c.distance_mm) as d, array_agg(c.id) as id, array_agg(c.recorded_at) as rec,
            array_agg(c.result) as r, array_agg(c.since) as since
            into w
          from (
            select account_id, scope, athlete_id, event_type_id, distance_mm, id, recorded_at, result,
              lag(recorded_at) over (partition by athlete_id, event_type_id, distance_mm, scope
                order by recorded_at, id) as since
            from (
              select k.*,
                min(k.rank_value) over (partition by k.athlete_id, k.event_type_id, k.distance_mm,
                  k.scope order by k.recorded_at desc, k.id desc
                  rows between unbounded preceding and 1 preceding) as later_min
              from (${candidates}) k
            ) k
            where k.later_min is null or k.rank_value <= k.later_min
          ) c;`;
}

/**
 * Candidates (scope, account_id, athlete_id, event_type_id, distance_mm, id, recorded_at,
 * result, rank_value) of an insert's groups (\`keys\`: the PL/pgSQL arrays of athletes,
 * types, distances and scopes): their stored \`bests_since\` rows and their new results
 * (the trigger's \`new_rows\`).
 */
export function storedAndNewRows(keys: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
            select u.s as scope, b.account_id, b.athlete_id, b.event_type_id, b.distance_mm,
              b.result_id as id, b.recorded_at, b.result,
              case when et.lower_is_better then b.result else -b.result end as rank_value
            from (select distinct * from unnest(${keys}) as u(at, t, d, s)) u
            join event_types et on et.id = u.t
            join bests_since b on b.athlete_id = u.at and b.scope = u.s and b.event_type_id = u.t
              and b.distance_mm = u.d
            union all
            select u.s, n.account_id, n.athlete_id, n.event_type_id, n.distance_mm, n.id,
              n.recorded_at, n.result,
              case when et.lower_is_better then n.result else -n.result end
            from (select distinct * from unnest(${keys}) as u(at, t, d, s)) u
            join event_types et on et.id = u.t
            join new_rows n on n.athlete_id = u.at and n.event_type_id = u.t and n.distance_mm = u.d
              and not n.implausible and (u.s = 'all' or n.program = u.s)`;
}
/**
 * 012's offer: each (athlete, lane, board)'s best entry, and each (athlete, board)'s for
 * the every-lane row (lane key -1); `offers(a, t, at, k, bd, rv, v, rec, id, l)`.
 */
const offerEntries = sql`
      with per_lane as materialized (
        select distinct on (e.a, e.t, e.at, e.l, e.bd) e.a, e.t, e.at, e.l, e.bd,
          case when et.lower_is_better then e.v else -e.v end as rv, e.v, e.rec, e.id
        from unnest(p_accounts, p_types, p_athletes, p_boards, p_values, p_recorded, p_ids, p_lanes)
          as e(a, t, at, bd, v, rec, id, l)
        join event_types et on et.id = e.t
        order by e.a, e.t, e.at, e.l, e.bd, 6, e.rec, e.id
      ), offers as (
        select a, t, at, l as k, bd, rv, v, rec, id, l from per_lane where l is not null
        union all
        select * from (select distinct on (a, t, at, bd) a, t, at, -1::smallint, bd, rv, v, rec, id, l
          from per_lane order by a, t, at, bd, rv, rec, id) every_lane
      )`;

/** An entry replaces the stored row only when it ranks before it. */
const offerConflict = sql`
      on conflict (account_id, event_type_id, athlete_id, lane_key, board_mm) do update set
        rank_value = excluded.rank_value, value = excluded.value, recorded_at = excluded.recorded_at,
        result_id = excluded.result_id, lane_id = excluded.lane_id
      where (excluded.rank_value, excluded.recorded_at, excluded.result_id)
        < (b.rank_value, b.recorded_at, b.result_id)`;

/** The groups (one array per key column) given to 011's refresh. */
export const groups = sql`(select distinct * from unnest(p_athletes, p_types, p_distances, p_scopes)
          as u(at, t, d, s)) g`;

/**
 * A delete's groups (its transition table \`old_rows\`), in each of their scopes, into \`g\`
 * (at, t, d, s: one array per key column; a: the accounts), for the bests triggers.
 */
export const deletedGroupsInto = sql`select array_agg(k.athlete_id) as at, array_agg(k.event_type_id) as t,
          array_agg(k.distance_mm) as d, array_agg(k.scope) as s, array_agg(distinct k.account_id) as a
          into g
        from (select distinct o.account_id, o.athlete_id, o.event_type_id, o.distance_mm, s.scope
          from old_rows o
          cross join lateral bests_since_scopes(o.program) s(scope)
          where not o.implausible) k;`;
/**
 * An update's groups, as deletedGroupsInto: only rows whose ranked columns changed,
 * before or after (007's flag updates change none of them).
 */
export const updatedGroupsInto = sql`select array_agg(k.athlete_id) as at, array_agg(k.event_type_id) as t,
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
          cross join lateral bests_since_scopes(c.program) s(scope)) k;`;
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bests_since_store(p_athletes bigint[], p_types integer[], p_distances integer[],
      p_scopes text[], w_a uuid[], w_s text[], w_at bigint[], w_t integer[], w_d integer[],
      w_id bigint[], w_rec timestamptz[], w_r integer[], w_since timestamptz[])
    returns void language plpgsql as $$
    begin
      -- Stored rows of the groups that are not wanted as they are (gone, or another since):
      -- a set difference (hashed), then one descent of the primary key per row.
      delete from bests_since b
      using (
        select s.athlete_id, s.scope, s.event_type_id, s.distance_mm, s.result_id, s.account_id,
          s.recorded_at, s.result, s.since
        from ${groups}
        join bests_since s on s.athlete_id = g.at and s.scope = g.s and s.event_type_id = g.t
          and s.distance_mm = g.d
        except
        select x.at, x.s, x.t, x.d, x.id, x.a, x.rec, x.r, x.since
        from unnest(w_a, w_s, w_at, w_t, w_d, w_id, w_rec, w_r, w_since)
          as x(a, s, at, t, d, id, rec, r, since)
      ) o
      where b.athlete_id = o.athlete_id and b.scope = o.scope and b.event_type_id = o.event_type_id
        and b.distance_mm = o.distance_mm and b.result_id = o.result_id;
      -- Wanted rows not stored (new, or just deleted for another since): what is left of
      -- the groups is wanted, so the difference on every column is what is missing.
      insert into bests_since (account_id, scope, athlete_id, event_type_id, distance_mm, result_id,
        recorded_at, result, since)
      select x.a, x.s, x.at, x.t, x.d, x.id, x.rec, x.r, x.since
      from unnest(w_a, w_s, w_at, w_t, w_d, w_id, w_rec, w_r, w_since)
        as x(a, s, at, t, d, id, rec, r, since)
      except
      select s.account_id, s.scope, s.athlete_id, s.event_type_id, s.distance_mm, s.result_id,
        s.recorded_at, s.result, s.since
      from ${groups}
      join bests_since s on s.athlete_id = g.at and s.scope = g.s and s.event_type_id = g.t
        and s.distance_mm = g.d;
    end $$;

    create or replace function bests_since_refresh(p_athletes bigint[], p_types integer[],
      p_distances integer[], p_scopes text[])
    returns void language plpgsql as $$
    declare
      w record;
    begin
      ${wantedInto(sql`
        select g.s as scope, r.account_id, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result,
          case when et.lower_is_better then r.result else -r.result end as rank_value
        from ${groups}
        join event_types et on et.id = g.t
        join results r on r.athlete_id = g.at and r.event_type_id = g.t and r.distance_mm = g.d
          and not r.implausible and (g.s = 'all' or r.program = g.s)`)}
      perform bests_since_store(p_athletes, p_types, p_distances, p_scopes, w.a, w.s, w.at, w.t,
        w.d, w.id, w.rec, w.r, w.since);
    end $$;

    create or replace function bests_since_results_change() returns trigger language plpgsql as $$
    declare
      g record;
      w record;
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
        -- Any other group: its rows from its stored rows and its new results (not from all
        -- its results: a result that is not a row has a later row that ranks before it,
        -- and new results cannot change that), then only the difference written.
        if g.at is not null then
          ${wantedInto(storedAndNewRows(sql.raw('g.at, g.t, g.d, g.s')))}
          perform bests_since_store(g.at, g.t, g.d, g.s, w.a, w.s, w.at, w.t, w.d, w.id, w.rec, w.r,
            w.since);
        end if;
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
        ${deletedGroupsInto}
      else
        ${updatedGroupsInto}
      end if;
      if g.at is null then return null; end if;
      perform result_bests_lock(g.a);
      perform bests_since_refresh(g.at, g.t, g.d, g.s);
      return null;
    end $$;

    create or replace function board_bests_offer(p_accounts uuid[], p_types integer[],
      p_athletes bigint[], p_boards integer[], p_values integer[], p_recorded timestamptz[],
      p_ids bigint[], p_lanes smallint[])
    returns void language sql as $$
      ${offerEntries}
      insert into board_bests as b (account_id, event_type_id, athlete_id, lane_key, board_mm,
        rank_value, value, recorded_at, result_id, lane_id)
      select o.* from offers o
      -- The stored row by its key (a condition on the rank in the join let the planner
      -- walk board_bests_rank instead, filtering on the athlete: ~200 entries a probe).
      left join board_bests s on s.account_id = o.a and s.event_type_id = o.t
        and s.athlete_id = o.at and s.lane_key = o.k and s.board_mm = o.bd
      where s.account_id is null or (o.rv, o.rec, o.id) < (s.rank_value, s.recorded_at, s.result_id)
      ${offerConflict}
    $$;
  `.execute(db);
}

/** 011's refresh and insert trigger, 012's offer. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function bests_since_results_change() returns trigger language plpgsql as $$
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

    create or replace function bests_since_refresh(p_athletes bigint[], p_types integer[],
      p_distances integer[], p_scopes text[])
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
    drop function bests_since_store(bigint[], integer[], integer[], text[], uuid[], text[], bigint[],
      integer[], integer[], bigint[], timestamptz[], integer[], timestamptz[]);

    create or replace function board_bests_offer(p_accounts uuid[], p_types integer[],
      p_athletes bigint[], p_boards integer[], p_values integer[], p_recorded timestamptz[],
      p_ids bigint[], p_lanes smallint[])
    returns void language sql as $$
      ${offerEntries}
      insert into board_bests as b (account_id, event_type_id, athlete_id, lane_key, board_mm,
        rank_value, value, recorded_at, result_id, lane_id)
      select * from offers
      ${offerConflict}
    $$;
  `.execute(db);
}
