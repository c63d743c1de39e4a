import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Bests per lane in `board_bests` (docs/leaderboard.md, "The bests shape"; decision 011):
 * a lane's board of a few hundred athletes read one descent per athlete instead of one
 * per athlete and source (8-11 ms of database time for a 475-athlete roster).
 *
 * - A new key column, `lane_key`: -1 for the row of every lane (the rows 009 made), a
 *   lane number (0-99) for the athlete's best run in that lane. A result without a lane
 *   counts on the every-lane row only.
 * - Primary key `(account_id, event_type_id, athlete_id, lane_key, board_mm)`: one
 *   descent reads an athlete's bests of every board of a request in one lane (or in
 *   all). `board_bests_rank` leads with the lane too.
 * - The functions of 009 learn the lane: an offer counts for the every-lane row and for
 *   its lane's row; `board_bests_refresh` takes the lane of each group (and filters the
 *   per-athlete board indexes on it); the rebuild makes both kinds of rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index board_bests_rank;
    alter table board_bests drop constraint board_bests_pkey;
    alter table board_bests add column lane_key smallint not null default -1;
    alter table board_bests alter column lane_key drop default;
    -- Before the functions: the offer's ON CONFLICT names this key.
    alter table board_bests add primary key (account_id, event_type_id, athlete_id, lane_key, board_mm);

    ${functions('lane')}

    drop function board_bests_refresh(uuid[], integer[], bigint[], integer[]);

    select board_bests_rebuild(null, null);
    create index board_bests_rank on board_bests
      (account_id, event_type_id, lane_key, board_mm, rank_value, recorded_at, result_id)
      include (athlete_id, value, lane_id);
    analyze board_bests;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index board_bests_rank;
    alter table board_bests drop constraint board_bests_pkey;
    delete from board_bests where lane_key <> -1;
    alter table board_bests drop column lane_key;
    alter table board_bests add primary key (account_id, event_type_id, athlete_id, board_mm);
    ${functions('none')}
    drop function board_bests_refresh(uuid[], integer[], bigint[], smallint[], integer[]);
    create index board_bests_rank on board_bests
      (account_id, event_type_id, board_mm, rank_value, recorded_at, result_id)
      include (athlete_id, value, lane_id);
    analyze board_bests;
  `.execute(db);
}

/**
 * 009's functions (`none`: down() restores them) or the same with the lane key (`lane`):
 * the offer, the refresh of given groups, the rebuild, and the update and delete
 * triggers' functions (the groups whose best was an old version of a changed or deleted
 * row are recomputed, with 012 each lane key's row of them, then the new versions are
 * offered).
 */
function functions(version: 'lane' | 'none') {
  const lane = version === 'lane';
  /** `text` with the lane key, nothing without. */
  const L = (text: RawBuilder<unknown>) => (lane ? text : sql``);
  const keyColumn = L(sql`lane_key,`);
  // 009's offer: each group's best entry.
  const everyLaneOffers = sql`
      insert into board_bests as b (account_id, event_type_id, athlete_id, board_mm, rank_value,
        value, recorded_at, result_id, lane_id)
      select distinct on (e.a, e.t, e.at, e.bd) e.a, e.t, e.at, e.bd,
        case when et.lower_is_better then e.v else -e.v end, e.v, e.rec, e.id, e.l
      from unnest(p_accounts, p_types, p_athletes, p_boards, p_values, p_recorded, p_ids, p_lanes)
        as e(a, t, at, bd, v, rec, id, l)
      join event_types et on et.id = e.t
      order by e.a, e.t, e.at, e.bd, case when et.lower_is_better then e.v else -e.v end, e.rec, e.id`;
  // With lanes: each group's best per lane, then the best of those for the -1 row (two
  // sorts of the entries' size and the groups', where one sort of every entry twice, once
  // per key, cost ~20 ms more a batch of 5,000: decision 011).
  const laneOffers = sql`
      with per_lane as materialized (
        select distinct on (e.a, e.t, e.at, e.l, e.bd) e.a, e.t, e.at, e.l, e.bd,
          case when et.lower_is_better then e.v else -e.v end as rv, e.v, e.rec, e.id
        from unnest(p_accounts, p_types, p_athletes, p_boards, p_values, p_recorded, p_ids, p_lanes)
          as e(a, t, at, bd, v, rec, id, l)
        join event_types et on et.id = e.t
        order by e.a, e.t, e.at, e.l, e.bd, 6, e.rec, e.id
      )
      insert into board_bests as b (account_id, event_type_id, athlete_id, lane_key, board_mm,
        rank_value, value, recorded_at, result_id, lane_id)
      select a, t, at, l, bd, rv, v, rec, id, l from per_lane where l is not null
      union all
      select * from (select distinct on (a, t, at, bd) a, t, at, -1::smallint, bd, rv, v, rec, id, l
        from per_lane order by a, t, at, bd, rv, rec, id) every_lane`;
  return sql`
    create or replace function board_bests_offer(p_accounts uuid[], p_types integer[], p_athletes bigint[],
      p_boards integer[], p_values integer[], p_recorded timestamptz[], p_ids bigint[], p_lanes smallint[])
    returns void language sql as $$
      ${lane ? laneOffers : everyLaneOffers}
      on conflict (account_id, event_type_id, athlete_id, ${keyColumn} board_mm) do update set
        rank_value = excluded.rank_value, value = excluded.value, recorded_at = excluded.recorded_at,
        result_id = excluded.result_id, lane_id = excluded.lane_id
      where (excluded.rank_value, excluded.recorded_at, excluded.result_id)
        < (b.rank_value, b.recorded_at, b.result_id);
    $$;

    create or replace function board_bests_refresh(p_accounts uuid[], p_types integer[], p_athletes bigint[],
      ${L(sql`p_lanes smallint[],`)} p_boards integer[])
    returns void language plpgsql as $$
    begin
      delete from board_bests b
      using unnest(p_accounts, p_types, p_athletes, ${L(sql`p_lanes,`)} p_boards)
        as g(a, t, at, ${L(sql`lk,`)} bd)
      where b.account_id = g.a and b.event_type_id = g.t and b.athlete_id = g.at
        ${L(sql`and b.lane_key = g.lk`)} and b.board_mm = g.bd;
      insert into board_bests (account_id, event_type_id, athlete_id, ${keyColumn} board_mm, rank_value,
        value, recorded_at, result_id, lane_id)
      select g.a, g.t, g.at, ${L(sql`g.lk,`)} g.bd, x.rank_value, x.value, x.recorded_at, x.id, x.lane_id
      from (select distinct * from unnest(p_accounts, p_types, p_athletes, ${L(sql`p_lanes,`)} p_boards)
        as u(a, t, at, ${L(sql`lk,`)} bd)) g
      join event_types et on et.id = g.t
      cross join lateral (
        select * from (
          (select case when et.lower_is_better then r.result else -r.result end as rank_value,
              r.result as value, r.recorded_at, r.id, r.lane_id
            from results r
            where r.athlete_id = g.at and r.event_type_id = g.t and r.distance_mm = g.bd
              and not r.implausible and r.account_id = g.a
              ${L(sql`and (g.lk = -1 or r.lane_id = g.lk)`)}
            order by 1, 3, 4 limit 1)
          union all
          (select case when et.lower_is_better then s.split_ms else -s.split_ms end,
              s.split_ms, s.recorded_at, s.result_id, s.lane_id
            from result_splits s
            where et.unit = 'time' and s.athlete_id = g.at and s.event_type_id = g.t
              and s.distance_mm > g.bd and s.split_distance_mm = g.bd
              and not s.implausible and s.account_id = g.a
              ${L(sql`and (g.lk = -1 or s.lane_id = g.lk)`)}
            order by 1, 3, 4 limit 1)
        ) e order by 1, 3, 4 limit 1
      ) x;
    end $$;

    create or replace function board_bests_rebuild(p_account uuid, p_type integer)
    returns void language plpgsql as $$
    begin
      delete from board_bests
      where (p_account is null or account_id = p_account) and (p_type is null or event_type_id = p_type);
      insert into board_bests (account_id, event_type_id, athlete_id, ${keyColumn} board_mm, rank_value,
        value, recorded_at, result_id, lane_id)
      select distinct on (e.account_id, e.event_type_id, e.athlete_id, ${L(sql`k.lane,`)} e.board_mm)
        e.account_id, e.event_type_id, e.athlete_id, ${L(sql`k.lane,`)} e.board_mm,
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
      ${L(sql`cross join lateral (values (-1::smallint), (e.lane_id)) k(lane)`)}
      join event_types et on et.id = e.event_type_id
      ${L(sql`where k.lane is not null`)}
      order by e.account_id, e.event_type_id, e.athlete_id, ${L(sql`k.lane,`)} e.board_mm,
        case when et.lower_is_better then e.value else -e.value end, e.recorded_at, e.id;
    end $$;
    ${changeFunction('results', lane)}
    ${changeFunction('splits', lane)}`;
}

/**
 * The update and delete trigger function of results or of result_splits: the groups whose
 * best was an old version of a changed or deleted row are recomputed (with lanes: each
 * lane key's row of them), then the new versions are offered (splits: time types only,
 * never a run's own distance). The two tables differ only in these columns.
 */
function changeFunction(table: 'results' | 'splits', lane: boolean) {
  const t =
    table === 'results'
      ? {
          name: 'board_bests_results_change',
          id: 'id',
          board: 'distance_mm',
          value: 'result',
          columns:
            'id, account_id, athlete_id, event_type_id, distance_mm, result, recorded_at, implausible, lane_id',
          offered: sql`where`,
        }
      : {
          name: 'board_bests_splits_change',
          id: 'result_id',
          board: 'split_distance_mm',
          value: 'split_ms',
          columns:
            'result_id, split_distance_mm, split_ms, account_id, athlete_id, event_type_id, distance_mm, recorded_at, implausible, lane_id',
          offered: sql`join event_types et on et.id = n.event_type_id
            where n.split_distance_mm < n.distance_mm and et.unit = 'time' and`,
        };
  const groups = sql`select array_agg(b.account_id) as a, array_agg(b.event_type_id) as t,
          array_agg(b.athlete_id) as at, ${lane ? sql`array_agg(b.lane_key) as lk,` : sql``}
          array_agg(b.board_mm) as bd into g`;
  const byRow = sql`b.account_id = c.account_id and b.event_type_id = c.event_type_id
          and b.athlete_id = c.athlete_id and b.board_mm = c.${sql.raw(t.board)}
          and b.result_id = c.${sql.raw(t.id)}`;
  const refresh = lane
    ? sql`board_bests_refresh(g.a, g.t, g.at, g.lk, g.bd)`
    : sql`board_bests_refresh(g.a, g.t, g.at, g.bd)`;
  const rows = (from: string, minus: string) =>
    sql.raw(`select ${t.columns} from ${from} except select ${t.columns} from ${minus}`);
  return sql`
    create or replace function ${sql.raw(t.name)}() returns trigger language plpgsql as $$
    declare
      g record;
      o record;
    begin
      if tg_op = 'DELETE' then
        perform result_bests_lock(array(select distinct account_id from old_rows));
        ${groups} from old_rows c join board_bests b on ${byRow};
        if g.a is not null then perform ${refresh}; end if;
        return null;
      end if;
      perform result_bests_lock(array(
        select account_id from old_rows union select account_id from new_rows));
      ${groups} from (${rows('old_rows', 'new_rows')}) c join board_bests b on ${byRow};
      if g.a is not null then perform ${refresh}; end if;
      select array_agg(n.account_id) as a, array_agg(n.event_type_id) as t,
        array_agg(n.athlete_id) as at, array_agg(n.${sql.raw(t.board)}) as bd,
        array_agg(n.${sql.raw(t.value)}) as v, array_agg(n.recorded_at) as rec,
        array_agg(n.${sql.raw(t.id)}) as id, array_agg(n.lane_id) as l into o
      from (${rows('new_rows', 'old_rows')}) n
      ${t.offered} not n.implausible;
      if o.a is not null then
        perform board_bests_offer(o.a, o.t, o.at, o.bd, o.v, o.rec, o.id, o.l);
      end if;
      return null;
    end $$;`;
}
