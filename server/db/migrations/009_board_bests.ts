import { sql, type Kysely } from 'kysely';

/**
 * `board_bests`: each athlete's personal best per leaderboard board, so that a distinct
 * board (and a roster's board) reads at most one entry per athlete instead of walking
 * every source's entries (docs/leaderboard.md, "The bests shape").
 *
 * - **Key**: (account, event type, athlete, board distance). The board at X holds the
 *   totals of runs of exactly X and the cumulative splits at X of longer runs (time
 *   types only: a split at a run's own distance is its total); the row is the athlete's
 *   first entry of that board in rank order (the better value, then the earlier
 *   `recorded_at`, then the lower result id). Implausible results never count.
 * - `rank_value` is the value for lower-is-better types and its negation otherwise, so
 *   that `board_bests_rank (account, event type, board, rank_value, recorded_at,
 *   result_id)` is the board's order for both kinds of types.
 * - **Kept by statement-level triggers** (transition tables) on results and
 *   result_splits, in the writing transaction (a crash or a retry never leaves it
 *   wrong): inserts offer each group's best new entry (an upsert that only replaces a
 *   worse best); updates and deletes recompute the groups whose best was an old row
 *   (one descent per source into the per-athlete board indexes), then offer the new
 *   rows; a change of an event type's direction or unit rebuilds its rows. Writers of an
 *   account are serialised on 007's advisory lock (`result_bests_lock`).
 * - Bulk loads that skip triggers call `board_bests_rebuild(account, null)`
 *   (server/seed/indexes.ts); this migration back-fills with `board_bests_rebuild(null, null)`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table board_bests (
      account_id uuid not null,
      event_type_id integer not null,
      athlete_id bigint not null,
      board_mm integer not null,
      rank_value integer not null,
      value integer not null,
      recorded_at timestamptz not null,
      result_id bigint not null,
      lane_id smallint,
      primary key (account_id, event_type_id, athlete_id, board_mm)
    );
    create index board_bests_rank on board_bests
      (account_id, event_type_id, board_mm, rank_value, recorded_at, result_id)
      include (athlete_id, value, lane_id);

    -- Offers entries (one array per column): each group's best of them replaces the
    -- group's row when it ranks before it (or the group has none).
    create function board_bests_offer(p_accounts uuid[], p_types integer[], p_athletes bigint[],
      p_boards integer[], p_values integer[], p_recorded timestamptz[], p_ids bigint[], p_lanes smallint[])
    returns void language sql as $$
      insert into board_bests as b (account_id, event_type_id, athlete_id, board_mm, rank_value, value,
        recorded_at, result_id, lane_id)
      select distinct on (e.a, e.t, e.at, e.bd) e.a, e.t, e.at, e.bd,
        case when et.lower_is_better then e.v else -e.v end, e.v, e.rec, e.id, e.l
      from unnest(p_accounts, p_types, p_athletes, p_boards, p_values, p_recorded, p_ids, p_lanes)
        as e(a, t, at, bd, v, rec, id, l)
      join event_types et on et.id = e.t
      order by e.a, e.t, e.at, e.bd, case when et.lower_is_better then e.v else -e.v end, e.rec, e.id
      on conflict (account_id, event_type_id, athlete_id, board_mm) do update set
        rank_value = excluded.rank_value, value = excluded.value, recorded_at = excluded.recorded_at,
        result_id = excluded.result_id, lane_id = excluded.lane_id
      where (excluded.rank_value, excluded.recorded_at, excluded.result_id)
        < (b.rank_value, b.recorded_at, b.result_id);
    $$;

    -- Recomputes the given groups from the results and splits as they are now (a group
    -- with no plausible entry left loses its row).
    create function board_bests_refresh(p_accounts uuid[], p_types integer[], p_athletes bigint[],
      p_boards integer[])
    returns void language plpgsql as $$
    begin
      delete from board_bests b
      using unnest(p_accounts, p_types, p_athletes, p_boards) as g(a, t, at, bd)
      where b.account_id = g.a and b.event_type_id = g.t and b.athlete_id = g.at and b.board_mm = g.bd;
      insert into board_bests (account_id, event_type_id, athlete_id, board_mm, rank_value, value,
        recorded_at, result_id, lane_id)
      select g.a, g.t, g.at, g.bd, x.rank_value, x.value, x.recorded_at, x.id, x.lane_id
      from (select distinct * from unnest(p_accounts, p_types, p_athletes, p_boards)
        as u(a, t, at, bd)) g
      join event_types et on et.id = g.t
      cross join lateral (
        select * from (
          (select case when et.lower_is_better then r.result else -r.result end as rank_value,
              r.result as value, r.recorded_at, r.id, r.lane_id
            from results r
            where r.athlete_id = g.at and r.event_type_id = g.t and r.distance_mm = g.bd
              and not r.implausible and r.account_id = g.a
            order by 1, 3, 4 limit 1)
          union all
          (select case when et.lower_is_better then s.split_ms else -s.split_ms end,
              s.split_ms, s.recorded_at, s.result_id, s.lane_id
            from result_splits s
            where et.unit = 'time' and s.athlete_id = g.at and s.event_type_id = g.t
              and s.distance_mm > g.bd and s.split_distance_mm = g.bd
              and not s.implausible and s.account_id = g.a
            order by 1, 3, 4 limit 1)
        ) e order by 1, 3, 4 limit 1
      ) x;
    end $$;

    -- Every row of an account, of an event type, or (both null) of all: bulk loads, this
    -- migration, a change of an event type's direction or unit.
    create function board_bests_rebuild(p_account uuid, p_type integer)
    returns void language plpgsql as $$
    begin
      delete from board_bests
      where (p_account is null or account_id = p_account) and (p_type is null or event_type_id = p_type);
      insert into board_bests (account_id, event_type_id, athlete_id, board_mm, rank_value, value,
        recorded_at, result_id, lane_id)
      select distinct on (e.account_id, e.event_type_id, e.athlete_id, e.board_mm)
        e.account_id, e.event_type_id, e.athlete_id, e.board_mm,
        case when et.lower_is_better then e.value else -e.value end, e.value, e.recorded_at, e.id, e.lane_id
      from (
        select account_id, event_type_id, athlete_id, distance_mm as board_mm, result as value,
          recorded_at, id, lane_id
        from results
        where not implausible and (p_account is null or account_id = p_account)
          and (p_type is null or event_type_id = p_type)
        union all
        select s.account_id, s.event_type_id, s.athlete_id, s.split_distance_mm, s.split_ms,
          s.recorded_at, s.result_id, s.lane_id
        from result_splits s join event_types st on st.id = s.event_type_id and st.unit = 'time'
        where not s.implausible and s.split_distance_mm < s.distance_mm
          and (p_account is null or s.account_id = p_account)
          and (p_type is null or s.event_type_id = p_type)
      ) e
      join event_types et on et.id = e.event_type_id
      order by e.account_id, e.event_type_id, e.athlete_id, e.board_mm,
        case when et.lower_is_better then e.value else -e.value end, e.recorded_at, e.id;
    end $$;

    create function board_bests_results_insert() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from new_rows where not implausible) then return null; end if;
      perform result_bests_lock(array(select distinct account_id from new_rows));
      perform board_bests_offer(array_agg(account_id), array_agg(event_type_id), array_agg(athlete_id),
        array_agg(distance_mm), array_agg(result), array_agg(recorded_at), array_agg(id), array_agg(lane_id))
      from new_rows where not implausible;
      return null;
    end $$;

    create function board_bests_splits_insert() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from new_rows where not implausible) then return null; end if;
      perform result_bests_lock(array(select distinct account_id from new_rows));
      perform board_bests_offer(array_agg(n.account_id), array_agg(n.event_type_id),
        array_agg(n.athlete_id), array_agg(n.split_distance_mm), array_agg(n.split_ms),
        array_agg(n.recorded_at), array_agg(n.result_id), array_agg(n.lane_id))
      from new_rows n join event_types et on et.id = n.event_type_id
      where not n.implausible and n.split_distance_mm < n.distance_mm and et.unit = 'time';
      return null;
    end $$;

    -- Updates and deletes: the groups whose best was an old version of a changed or
    -- deleted row are recomputed, then the new versions are offered. Only rows whose
    -- board columns changed count (007's flag updates change none of them).
    create function board_bests_results_change() returns trigger language plpgsql as $$
    declare
      g record;
      o record;
    begin
      if tg_op = 'DELETE' then
        perform result_bests_lock(array(select distinct account_id from old_rows));
        select array_agg(b.account_id) as a, array_agg(b.event_type_id) as t,
          array_agg(b.athlete_id) as at, array_agg(b.board_mm) as bd into g
        from old_rows c join board_bests b on b.account_id = c.account_id
          and b.event_type_id = c.event_type_id and b.athlete_id = c.athlete_id
          and b.board_mm = c.distance_mm and b.result_id = c.id;
        if g.a is not null then perform board_bests_refresh(g.a, g.t, g.at, g.bd); end if;
        return null;
      end if;
      perform result_bests_lock(array(
        select account_id from old_rows union select account_id from new_rows));
      select array_agg(b.account_id) as a, array_agg(b.event_type_id) as t,
        array_agg(b.athlete_id) as at, array_agg(b.board_mm) as bd into g
      from (select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
              implausible, lane_id from old_rows
            except
            select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
              implausible, lane_id from new_rows) c
      join board_bests b on b.account_id = c.account_id and b.event_type_id = c.event_type_id
        and b.athlete_id = c.athlete_id and b.board_mm = c.distance_mm and b.result_id = c.id;
      if g.a is not null then perform board_bests_refresh(g.a, g.t, g.at, g.bd); end if;
      select array_agg(account_id) as a, array_agg(event_type_id) as t, array_agg(athlete_id) as at,
        array_agg(distance_mm) as bd, array_agg(result) as v, array_agg(recorded_at) as rec,
        array_agg(id) as id, array_agg(lane_id) as l into o
      from (select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
              implausible, lane_id from new_rows
            except
            select id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at,
              implausible, lane_id from old_rows) n
      where not n.implausible;
      if o.a is not null then
        perform board_bests_offer(o.a, o.t, o.at, o.bd, o.v, o.rec, o.id, o.l);
      end if;
      return null;
    end $$;

    create function board_bests_splits_change() returns trigger language plpgsql as $$
    declare
      g record;
      o record;
    begin
      if tg_op = 'DELETE' then
        perform result_bests_lock(array(select distinct account_id from old_rows));
        select array_agg(b.account_id) as a, array_agg(b.event_type_id) as t,
          array_agg(b.athlete_id) as at, array_agg(b.board_mm) as bd into g
        from old_rows c join board_bests b on b.account_id = c.account_id
          and b.event_type_id = c.event_type_id and b.athlete_id = c.athlete_id
          and b.board_mm = c.split_distance_mm and b.result_id = c.result_id;
        if g.a is not null then perform board_bests_refresh(g.a, g.t, g.at, g.bd); end if;
        return null;
      end if;
      perform result_bests_lock(array(
        select account_id from old_rows union select account_id from new_rows));
      select array_agg(b.account_id) as a, array_agg(b.event_type_id) as t,
        array_agg(b.athlete_id) as at, array_agg(b.board_mm) as bd into g
      from (select result_id, split_distance_mm, split_ms, account_id, athlete_id, event_type_id,
              distance_mm, recorded_at, implausible, lane_id from old_rows
            except
            select result_id, split_distance_mm, split_ms, account_id, athlete_id, event_type_id,
              distance_mm, recorded_at, implausible, lane_id from new_rows) c
      join board_bests b on b.account_id = c.account_id and b.event_type_id = c.event_type_id
        and b.athlete_id = c.athlete_id and b.board_mm = c.split_distance_mm
        and b.result_id = c.result_id;
      if g.a is not null then perform board_bests_refresh(g.a, g.t, g.at, g.bd); end if;
      select array_agg(n.account_id) as a, array_agg(n.event_type_id) as t,
        array_agg(n.athlete_id) as at, array_agg(n.split_distance_mm) as bd,
        array_agg(n.split_ms) as v, array_agg(n.recorded_at) as rec, array_agg(n.result_id) as id,
        array_agg(n.lane_id) as l into o
      from (select result_id, split_distance_mm, split_ms, account_id, athlete_id, event_type_id,
              distance_mm, recorded_at, implausible, lane_id from new_rows
            except
            select result_id, split_distance_mm, split_ms, account_id, athlete_id, event_type_id,
              distance_mm, recorded_at, implausible, lane_id from old_rows) n
      join event_types et on et.id = n.event_type_id
      where not n.implausible and n.split_distance_mm < n.distance_mm and et.unit = 'time';
      if o.a is not null then
        perform board_bests_offer(o.a, o.t, o.at, o.bd, o.v, o.rec, o.id, o.l);
      end if;
      return null;
    end $$;

    -- Named to sort after results_delete_splits (same event: alphabetical order), so that a
    -- deleted result's splits are gone before its groups are recomputed.
    create trigger results_sync_board_bests_insert after insert on results
      referencing new table as new_rows for each statement
      execute function board_bests_results_insert();
    create trigger results_sync_board_bests_update after update on results
      referencing old table as old_rows new table as new_rows for each statement
      execute function board_bests_results_change();
    create trigger results_sync_board_bests_delete after delete on results
      referencing old table as old_rows for each statement
      execute function board_bests_results_change();
    create trigger result_splits_board_bests_insert after insert on result_splits
      referencing new table as new_rows for each statement
      execute function board_bests_splits_insert();
    create trigger result_splits_board_bests_update after update on result_splits
      referencing old table as old_rows new table as new_rows for each statement
      execute function board_bests_splits_change();
    create trigger result_splits_board_bests_delete after delete on result_splits
      referencing old table as old_rows for each statement
      execute function board_bests_splits_change();

    create function event_types_board_bests() returns trigger language plpgsql as $$
    begin
      perform result_bests_lock(array(select distinct account_id from board_bests
        where event_type_id = new.id));
      perform board_bests_rebuild(null, new.id);
      return null;
    end $$;
    create trigger event_types_board_bests after update of lower_is_better, unit on event_types
      for each row when ((old.lower_is_better, old.unit) is distinct from (new.lower_is_better, new.unit))
      execute function event_types_board_bests();

    select board_bests_rebuild(null, null);
    analyze board_bests;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger event_types_board_bests on event_types;
    drop function event_types_board_bests();
    drop trigger results_sync_board_bests_insert on results;
    drop trigger results_sync_board_bests_update on results;
    drop trigger results_sync_board_bests_delete on results;
    drop trigger result_splits_board_bests_insert on result_splits;
    drop trigger result_splits_board_bests_update on result_splits;
    drop trigger result_splits_board_bests_delete on result_splits;
    drop function board_bests_results_insert();
    drop function board_bests_splits_insert();
    drop function board_bests_results_change();
    drop function board_bests_splits_change();
    drop function board_bests_rebuild(uuid, integer);
    drop function board_bests_refresh(uuid[], integer[], bigint[], integer[]);
    drop function board_bests_offer(uuid[], integer[], bigint[], integer[], integer[], timestamptz[],
      bigint[], smallint[]);
    drop table board_bests;
  `.execute(db);
}
