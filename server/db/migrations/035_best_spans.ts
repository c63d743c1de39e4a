import { sql, type Kysely, type RawBuilder } from 'kysely';
import * as smallBatchIngest from './023_small_batch_ingest';

/**
 * The bests of a past date range read, not ranked (docs/query-plans.md, "Ranked bests
 * of a past range: spans"). A table of bests whose range ends before the newest result
 * ranked every result of the range (`rankedBests`: 187,000 rows sorted for 33,000 bests
 * at a million results, 95-163 ms a request).
 *
 * - `bests_since` keeps a row for **every** plausible result of each group (athlete,
 *   event type, distance; scope 'all', and its program's), with `since` (the latest
 *   earlier result of the group that ranks at or before it, as before) and `next_at`
 *   (the first later one that ranks strictly before it; null: none). A result is its
 *   group's best of `[from, until)` exactly when `since < from <= recorded_at < until
 *   <= next_at` (null ends open): the earlier results of the range all rank after it, the
 *   later ones none before it.
 * - The rows with `next_at` null are the rows the table had until now (no later result
 *   ranks before them: the bests of ranges that run up to now); every index of the
 *   since reads becomes partial on it, and the reads say `next_at is null`.
 * - `bests_since_span`, a GiST of `(account_id, scope, best_span(...))`: the row as the
 *   box of the points (from, until) it is the best of; a range's bests are the boxes that
 *   contain its point (`best_span_point`). Times as epoch microseconds (float8 holds them
 *   exactly), the strict ends shifted by one. btree_gist gives the GiST its uuid and text
 *   columns.
 * - The triggers: a device's new runs (after every stored row of their group) set
 *   `next_at` on the open rows they rank before, instead of deleting them, and every new
 *   run is a row; any other change computes its groups again (`bests_since_refresh`) and
 *   writes the difference (`bests_since_store`, now with `next_at`).
 */

/**
 * Epoch microseconds of a time (exact in a float8 until the year 2255). extract() on a
 * timestamptz is only stable; on the interval from the epoch it is immutable.
 */
function us(time: string): RawBuilder<unknown> {
  return sql.raw(
    `(extract(epoch from ${time} - timestamptz '1970-01-01 00:00:00+00') * 1000000)::float8`,
  );
}

/**
 * The rows of groups from all their `candidates` (scope, account_id, athlete_id,
 * event_type_id, distance_mm, id, recorded_at, result, rank_value): every candidate,
 * with its `since` and `next_at` from the group's other candidates, and its rank_value.
 * Each group's candidates as arrays, each candidate compared with its group's (groups
 * hold tens of results): a join of the candidates with themselves let the planner, which
 * knows nothing of a transition table's or an array's rows, loop over all of them for
 * each (a 5,000-result insert took minutes).
 */
function spans(candidates: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`select grp.account_id, grp.scope, grp.athlete_id, grp.event_type_id, grp.distance_mm, c.id,
        c.recorded_at, c.result, c.rank_value, x.since, x.next_at
      from (select k.scope, k.account_id, k.athlete_id, k.event_type_id, k.distance_mm,
          array_agg(k.id) as ids, array_agg(k.recorded_at) as recs, array_agg(k.result) as results,
          array_agg(k.rank_value) as ranks
        from (${candidates}) k
        group by k.scope, k.account_id, k.athlete_id, k.event_type_id, k.distance_mm) grp
      cross join lateral unnest(grp.ids, grp.recs, grp.results, grp.ranks) as c(id, recorded_at, result, rank_value)
      cross join lateral (select
          max(p.recorded_at) filter (where (p.recorded_at, p.id) < (c.recorded_at, c.id)
            and p.rank_value <= c.rank_value) as since,
          min(p.recorded_at) filter (where (p.recorded_at, p.id) > (c.recorded_at, c.id)
            and p.rank_value < c.rank_value) as next_at
        from unnest(grp.ids, grp.recs, grp.ranks) as p(id, recorded_at, rank_value)) x`;
}

/** The groups (one array per key column) given to the refresh and the store. */
const groups = sql`(select distinct * from unnest(p_athletes, p_types, p_distances, p_scopes)
          as u(at, t, d, s)) g`;

/** Every column of a row, in the order the store's arrays give them. */
const rowColumns = sql`account_id, scope, athlete_id, event_type_id, distance_mm, result_id,
        recorded_at, result, since, next_at`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists btree_gist;

    -- The (from, until) points a row is the best of: from in (since, recorded_at], until
    -- in (recorded_at, next_at]; open ends as +-2e18. A row that an equal time's result
    -- ranks at or before is the best of no range: a box far from every point. (Built-in
    -- functions only: PostgreSQL 17 builds an index with search_path pg_catalog.)
    create function best_span(p_since timestamptz, p_at timestamptz, p_next timestamptz)
    returns box language sql immutable parallel safe as $$
      select case when p_since >= p_at or p_next <= p_at then box(point(3e18, 3e18), point(3e18, 3e18))
        else box(point(coalesce(${us('p_since')} + 1, -2e18), ${us('p_at')} + 1),
          point(${us('p_at')}, coalesce(${us('p_next')}, 2e18))) end
    $$;
    -- The point of the range [from, until) (null: open).
    create function best_span_point(p_from timestamptz, p_until timestamptz)
    returns box language sql immutable parallel safe as $$
      select box(point(coalesce(${us('p_from')}, -2e18), coalesce(${us('p_until')}, 2e18)),
        point(coalesce(${us('p_from')}, -2e18), coalesce(${us('p_until')}, 2e18)))
    $$;

    alter table bests_since add column next_at timestamptz;
    drop index bests_since_time, bests_since_type_time, bests_since_type_result, bests_since_id,
      bests_since_first_name, bests_since_middle_name, bests_since_last_name;
    alter table bests_since drop constraint bests_since_pkey;

    drop function bests_since_store(bigint[], integer[], integer[], text[], uuid[], text[], bigint[],
      integer[], integer[], bigint[], timestamptz[], integer[], timestamptz[]);
    create function bests_since_store(p_athletes bigint[], p_types integer[], p_distances integer[],
      p_scopes text[], w_a uuid[], w_s text[], w_at bigint[], w_t integer[], w_d integer[],
      w_id bigint[], w_rec timestamptz[], w_r integer[], w_since timestamptz[], w_next timestamptz[])
    returns void language plpgsql as $$
    begin
      -- Stored rows of the groups that are not wanted as they are: a set difference
      -- (hashed), then one descent of the primary key per row.
      delete from bests_since b
      using (
        select s.athlete_id, s.scope, s.event_type_id, s.distance_mm, s.result_id, s.account_id,
          s.recorded_at, s.result, s.since, s.next_at
        from ${groups}
        join bests_since s on s.athlete_id = g.at and s.scope = g.s and s.event_type_id = g.t
          and s.distance_mm = g.d
        except
        select x.at, x.s, x.t, x.d, x.id, x.a, x.rec, x.r, x.since, x.next
        from unnest(w_a, w_s, w_at, w_t, w_d, w_id, w_rec, w_r, w_since, w_next)
          as x(a, s, at, t, d, id, rec, r, since, next)
      ) o
      where b.athlete_id = o.athlete_id and b.scope = o.scope and b.event_type_id = o.event_type_id
        and b.distance_mm = o.distance_mm and b.result_id = o.result_id;
      -- Wanted rows not stored (new, or just deleted for other values).
      insert into bests_since (${rowColumns})
      select x.a, x.s, x.at, x.t, x.d, x.id, x.rec, x.r, x.since, x.next
      from unnest(w_a, w_s, w_at, w_t, w_d, w_id, w_rec, w_r, w_since, w_next)
        as x(a, s, at, t, d, id, rec, r, since, next)
      except
      select s.account_id, s.scope, s.athlete_id, s.event_type_id, s.distance_mm, s.result_id,
        s.recorded_at, s.result, s.since, s.next_at
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
      select array_agg(c.account_id) as a, array_agg(c.scope) as s, array_agg(c.athlete_id) as at,
        array_agg(c.event_type_id) as t, array_agg(c.distance_mm) as d, array_agg(c.id) as id,
        array_agg(c.recorded_at) as rec, array_agg(c.result) as r, array_agg(c.since) as since,
        array_agg(c.next_at) as next
        into w
      from (${spans(sql`
        select g.s as scope, r.account_id, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result,
          case when et.lower_is_better then r.result else -r.result end as rank_value
        from ${groups}
        join event_types et on et.id = g.t
        join results r on r.athlete_id = g.at and r.event_type_id = g.t and r.distance_mm = g.d
          and not r.implausible and (g.s = 'all' or r.program = g.s)`)}) c;
      perform bests_since_store(p_athletes, p_types, p_distances, p_scopes, w.a, w.s, w.at, w.t,
        w.d, w.id, w.rec, w.r, w.since, w.next);
    end $$;

    create or replace function bests_since_rebuild(p_account uuid, p_type integer)
    returns void language plpgsql as $$
    begin
      delete from bests_since
      where (p_account is null or account_id = p_account) and (p_type is null or event_type_id = p_type);
      insert into bests_since (${rowColumns})
      select c.account_id, c.scope, c.athlete_id, c.event_type_id, c.distance_mm, c.id,
        c.recorded_at, c.result, c.since, c.next_at
      from (${spans(sql`
        select s.scope, r.account_id, r.athlete_id, r.event_type_id, r.distance_mm, r.id,
          r.recorded_at, r.result,
          case when et.lower_is_better then r.result else -r.result end as rank_value
        from results r
        join event_types et on et.id = r.event_type_id
        cross join lateral bests_since_scopes(r.program) s(scope)
        where not r.implausible and (p_account is null or r.account_id = p_account)
          and (p_type is null or r.event_type_id = p_type)`)}) c;
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
        -- appended to (f*); any other is computed again. One probe of each group's open
        -- rows for its newest.
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
          array_agg(x.first_at) filter (where x.fast) as ff
          into g
        from (select k.*, p.last_at is null or p.last_at < k.first_at as fast
          from (select s.scope, n.athlete_id, n.event_type_id, n.distance_mm, et.lower_is_better,
              min(n.recorded_at) as first_at,
              min(case when et.lower_is_better then n.result else -n.result end) as m
            from new_rows n
            join event_types et on et.id = n.event_type_id
            cross join lateral bests_since_scopes(n.program) s(scope)
            where not n.implausible
            group by s.scope, n.athlete_id, n.event_type_id, n.distance_mm, et.lower_is_better) k
          cross join lateral (select max(b.recorded_at) as last_at
            from bests_since b
            where b.athlete_id = k.athlete_id and b.event_type_id = k.event_type_id
              and b.distance_mm = k.distance_mm and b.scope = k.scope and b.next_at is null) p) x;
        if g.at is not null then perform bests_since_refresh(g.at, g.t, g.d, g.s); end if;
        if g.fat is null then return null; end if;
        -- Appending. Every new row comes in, first: its since the latest of the earlier
        -- new rows and of the open rows (the latest earlier result that ranks at or before
        -- a result is open) that rank at or before it; its next_at from the later new
        -- rows. Read into arrays, then written: the reads see a table that does not grow
        -- under them (a first insert into an empty table, planned for one, read the rows
        -- it was writing for each new row).
        select array_agg(c.account_id) as a, array_agg(c.scope) as s, array_agg(c.athlete_id) as at,
          array_agg(c.event_type_id) as t, array_agg(c.distance_mm) as d, array_agg(c.id) as id,
          array_agg(c.recorded_at) as rec, array_agg(c.result) as r,
          array_agg(greatest(c.since, (select max(o.recorded_at) from bests_since o
            where o.athlete_id = c.athlete_id and o.event_type_id = c.event_type_id
              and o.distance_mm = c.distance_mm and o.scope = c.scope and o.next_at is null
              and o.recorded_at < c.recorded_at
              and case when et.lower_is_better then o.result else -o.result end <= c.rank_value)))
            as since,
          array_agg(c.next_at) as next
          into w
        from (${spans(sql`
            select u.s as scope, n.account_id, n.athlete_id, n.event_type_id, n.distance_mm, n.id,
              n.recorded_at, n.result,
              case when u.lower_is_better then n.result else -n.result end as rank_value
            from unnest(g.fat, g.ft, g.fd, g.fs, g.fl) as u(at, t, d, s, lower_is_better)
            join new_rows n on n.athlete_id = u.at and n.event_type_id = u.t and n.distance_mm = u.d
              and (u.s = 'all' or n.program = u.s) and not n.implausible`)}) c
        join event_types et on et.id = c.event_type_id;
        insert into bests_since (${rowColumns})
        select * from unnest(w.a, w.s, w.at, w.t, w.d, w.id, w.rec, w.r, w.since, w.next);
        -- Then the stored open rows a new row ranks before close at the first such new row
        -- (every new row is later than every stored one; the new rows are open rows now).
        update bests_since b set next_at = c.next_at
        from (select o.athlete_id, o.scope, o.event_type_id, o.distance_mm, o.result_id,
            min(n.recorded_at) as next_at
          from unnest(g.fat, g.ft, g.fd, g.fs, g.fl, g.fm, g.ff)
            as u(at, t, d, s, lower_is_better, m, first_at)
          join bests_since o on o.athlete_id = u.at and o.event_type_id = u.t
            and o.distance_mm = u.d and o.scope = u.s and o.next_at is null
            and o.recorded_at < u.first_at
            and case when u.lower_is_better then o.result else -o.result end > u.m
          join new_rows n on n.athlete_id = u.at and n.event_type_id = u.t and n.distance_mm = u.d
            and (u.s = 'all' or n.program = u.s) and not n.implausible
            and case when u.lower_is_better then n.result else -n.result end
              < case when u.lower_is_better then o.result else -o.result end
          group by o.athlete_id, o.scope, o.event_type_id, o.distance_mm, o.result_id) c
        where b.athlete_id = c.athlete_id and b.scope = c.scope and b.event_type_id = c.event_type_id
          and b.distance_mm = c.distance_mm and b.result_id = c.result_id;
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
        -- Only rows whose ranked columns changed (flag updates change none of them).
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

    select bests_since_rebuild(null, null);

    alter table bests_since add primary key (athlete_id, scope, event_type_id, distance_mm, result_id);
    -- 011's and 015's indexes, on the open rows: the triggers' probes of a group's rows
    -- (and each athlete's rows of a scope), the since reads by date, type, result, id and
    -- name.
    create index bests_since_open on bests_since (athlete_id, scope, event_type_id, distance_mm, result_id)
      include (account_id, recorded_at, result, since) where next_at is null;
    create index bests_since_time on bests_since (account_id, scope, recorded_at, result_id)
      include (since, athlete_id, event_type_id, distance_mm, result) where next_at is null;
    create index bests_since_type_time on bests_since
      (account_id, scope, event_type_id, recorded_at, result_id)
      include (since, athlete_id, distance_mm, result) where next_at is null;
    create index bests_since_type_result on bests_since
      (account_id, scope, event_type_id, result, result_id)
      include (recorded_at, since, athlete_id, distance_mm) where next_at is null;
    create index bests_since_id on bests_since (account_id, scope, result_id)
      include (recorded_at, since, athlete_id, event_type_id, distance_mm, result) where next_at is null;
    create index bests_since_first_name on bests_since
      (account_id, scope, first_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result) where next_at is null;
    create index bests_since_middle_name on bests_since
      (account_id, scope, middle_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result) where next_at is null;
    create index bests_since_last_name on bests_since
      (account_id, scope, last_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result) where next_at is null;
    -- The past ranges' reads.
    create index bests_since_span on bests_since using gist
      (account_id, scope, best_span(since, recorded_at, next_at));
    analyze bests_since;
  `.execute(db);
}

/**
 * 023's functions (and 011's rebuild) over 011's rows: the open ones. btree_gist stays:
 * it belongs to the database, other schemas' indexes may use it, and up found it there.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index bests_since_span, bests_since_open, bests_since_time, bests_since_type_time,
      bests_since_type_result, bests_since_id, bests_since_first_name, bests_since_middle_name,
      bests_since_last_name;
    alter table bests_since drop constraint bests_since_pkey;
    delete from bests_since where next_at is not null;
    alter table bests_since drop column next_at;
    drop function best_span_point(timestamptz, timestamptz);
    drop function best_span(timestamptz, timestamptz, timestamptz);
    drop function bests_since_store(bigint[], integer[], integer[], text[], uuid[], text[], bigint[],
      integer[], integer[], bigint[], timestamptz[], integer[], timestamptz[], timestamptz[]);

    create or replace function bests_since_rebuild(p_account uuid, p_type integer)
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

    alter table bests_since add primary key (athlete_id, scope, event_type_id, distance_mm, result_id)
      include (account_id, recorded_at, result, since);
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
    create index bests_since_first_name on bests_since
      (account_id, scope, first_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result);
    create index bests_since_middle_name on bests_since
      (account_id, scope, middle_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result);
    create index bests_since_last_name on bests_since
      (account_id, scope, last_name_key collate "C", athlete_id, recorded_at desc, result_id desc)
      include (since, event_type_id, distance_mm, result);
  `.execute(db);
  // 023's store, refresh and insert trigger (and its offer, which 035 left as it was).
  await smallBatchIngest.up(db);
}
