-- Prototype of the past ranges' spans (docs/query-plans.md section 10, "Ranked bests of
-- a past range: spans"): the stack pass that gives every result its `since` and
-- `next_at`, checked against `bests_since` and against ranking, and the read of one
-- range's bests. Not part of the app. On a database that
-- `npm run bench -- combos --engines postgresql --results 1000000 --athletes 10000
--   --tables '^results/' --keep --database combos1m` left:
-- psql -h 127.0.0.1 -U postgres -d combos1m -v acc="'<the account's uuid>'" \
--   -f bench/prototypes/spans.sql
-- It leaves the function spans_pass and the table spans_x in that database.
\timing on
set jit = off;
set max_parallel_workers_per_gather = 0;

create or replace function spans_pass(p_account uuid)
returns table (scope text, athlete_id bigint, event_type_id integer, distance_mm integer,
  result_id bigint, recorded_at timestamptz, result integer, since timestamptz,
  next_at timestamptz)
language plpgsql as $$
declare
  r record;
  n integer := 0;
  k_scope text; k_athlete bigint; k_type integer; k_distance integer;
  s_rv integer[] := '{}'; s_at timestamptz[] := '{}'; s_id bigint[] := '{}';
  s_result integer[] := '{}'; s_since timestamptz[] := '{}';
begin
  for r in
    select s.scope, x.athlete_id, x.event_type_id, x.distance_mm, x.id, x.recorded_at, x.result,
      case when et.lower_is_better then x.result else -x.result end as rv
    from results x
    join event_types et on et.id = x.event_type_id
    cross join lateral bests_since_scopes(x.program) s(scope)
    where x.account_id = p_account and not x.implausible
    order by 1, 2, 3, 4, x.recorded_at, x.id
  loop
    if n > 0 and (r.scope <> k_scope or r.athlete_id <> k_athlete or r.event_type_id <> k_type
        or r.distance_mm <> k_distance) then
      -- The group's end: what is left on the stack is open.
      for i in 1..n loop
        scope := k_scope; athlete_id := k_athlete; event_type_id := k_type;
        distance_mm := k_distance; result_id := s_id[i]; recorded_at := s_at[i];
        result := s_result[i]; since := s_since[i]; next_at := null;
        return next;
      end loop;
      n := 0;
    end if;
    k_scope := r.scope; k_athlete := r.athlete_id; k_type := r.event_type_id;
    k_distance := r.distance_mm;
    -- The stacked results this one ranks strictly before close at its time.
    while n > 0 and s_rv[n] > r.rv loop
      scope := k_scope; athlete_id := k_athlete; event_type_id := k_type;
      distance_mm := k_distance; result_id := s_id[n]; recorded_at := s_at[n];
      result := s_result[n]; since := s_since[n]; next_at := r.recorded_at;
      return next;
      n := n - 1;
    end loop;
    n := n + 1;
    s_rv[n] := r.rv; s_at[n] := r.recorded_at; s_id[n] := r.id; s_result[n] := r.result;
    s_since[n] := case when n > 1 then s_at[n - 1] end;
  end loop;
  for i in 1..n loop
    scope := k_scope; athlete_id := k_athlete; event_type_id := k_type;
    distance_mm := k_distance; result_id := s_id[i]; recorded_at := s_at[i];
    result := s_result[i]; since := s_since[i]; next_at := null;
    return next;
  end loop;
end $$;

drop table if exists spans_x;
-- 1. The pass over the account (every scope).
create unlogged table spans_x as select :acc::uuid as account_id, * from spans_pass(:acc);
select count(*) as rows, count(*) filter (where next_at is null) as open from spans_x;

-- 2. Its open rows are bests_since, row for row (both counts 0).
select count(*) as missing_open from (
  select scope, result_id, since from bests_since where account_id = :acc
  except select scope, result_id, since from spans_x where next_at is null) m;
select count(*) as extra_open from (
  select scope, result_id, since from spans_x where next_at is null
  except select scope, result_id, since from bests_since where account_id = :acc) m;

-- 3. A past range's bests from the spans against ranking (scope 'all', both counts 0).
create index spans_x_time on spans_x (account_id, scope, recorded_at)
  include (since, next_at, athlete_id, event_type_id, distance_mm, result, result_id);
vacuum analyze spans_x;
select count(*) as missing_ranked from (
  (select distinct on (r.athlete_id, r.event_type_id, r.distance_mm) r.id
  from results r join event_types et on et.id = r.event_type_id
  where r.account_id = :acc and r.recorded_at >= '2025-09-17' and r.recorded_at < '2026-03-05'
    and not r.implausible
  order by r.athlete_id, r.event_type_id, r.distance_mm,
    case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id)
  except
  select result_id from spans_x
  where account_id = :acc and scope = 'all' and recorded_at >= '2025-09-17'
    and recorded_at < '2026-03-05' and (since is null or since < '2025-09-17')
    and (next_at is null or next_at >= '2026-03-05')) m;
select count(*) as extra_spans from (
  select result_id from spans_x
  where account_id = :acc and scope = 'all' and recorded_at >= '2025-09-17'
    and recorded_at < '2026-03-05' and (since is null or since < '2025-09-17')
    and (next_at is null or next_at >= '2026-03-05')
  except
  (select distinct on (r.athlete_id, r.event_type_id, r.distance_mm) r.id
  from results r join event_types et on et.id = r.event_type_id
  where r.account_id = :acc and r.recorded_at >= '2025-09-17' and r.recorded_at < '2026-03-05'
    and not r.implausible
  order by r.athlete_id, r.event_type_id, r.distance_mm,
    case when et.lower_is_better then r.result else -r.result end, r.recorded_at, r.id)) m;

-- 4. The read of the range's bests (three times), the page's shape: count and page 1.
\o /dev/null
select *, count(*) over () from spans_x
  where account_id = :acc and scope = 'all' and recorded_at >= '2025-09-17'
    and recorded_at < '2026-03-05' and (since is null or since < '2025-09-17')
    and (next_at is null or next_at >= '2026-03-05')
  order by recorded_at desc, result_id desc limit 21;
select *, count(*) over () from spans_x
  where account_id = :acc and scope = 'all' and recorded_at >= '2025-09-17'
    and recorded_at < '2026-03-05' and (since is null or since < '2025-09-17')
    and (next_at is null or next_at >= '2026-03-05')
  order by recorded_at desc, result_id desc limit 21;
select *, count(*) over () from spans_x
  where account_id = :acc and scope = 'all' and recorded_at >= '2025-09-17'
    and recorded_at < '2026-03-05' and (since is null or since < '2025-09-17')
    and (next_at is null or next_at >= '2026-03-05')
  order by recorded_at desc, result_id desc limit 21;
\o
select pg_size_pretty(pg_relation_size('spans_x')) as heap,
  pg_size_pretty(pg_relation_size('spans_x_time')) as btree;
