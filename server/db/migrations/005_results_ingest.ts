import { sql, type Kysely } from 'kysely';

/**
 * What the ingest of results (`POST /api/event`) and the boards need
 * (docs/query-plans.md, recommendations 1 and 3; docs/data-model.md):
 *
 * - `result_splits.implausible`, a copy of the result's flag, and both board indexes
 *   partial `where not implausible`: boards leave mistimed runs out with an index-only
 *   walk instead of an anti-join per entry.
 * - A trigger keeps the denormalised columns of result_splits (athlete, event type,
 *   distance, lane, time, flag) equal to their result's when a result is updated, so no
 *   writer can forget one; deleting a result deletes its splits (foreign key, cascade).
 * - `results_type_result`: result sorts of a results table without a distance.
 * - `results.input_hash`: a hash of what a client sent under its `client_id`, so that a
 *   retry is told apart from a reused client id with other content (409), even after a
 *   coach corrected the stored result.
 * - `event_types.distance_mode`: whether a result's distance is fixed by its event type
 *   (pro agility is always 20 yd), chosen per run (sprints), or absent (jumps, L-drill).
 *
 * The index DDL is written out here as of this migration (server/db/indexes.ts holds the
 * current definitions). On a large database the index builds take a while (about 10 s
 * per million results on PostgreSQL 15 here), inside the migration's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table result_splits add column implausible boolean not null default false;
    update result_splits s set implausible = true
      from results r where r.id = s.result_id and r.implausible;

    drop index result_splits_board;
    create index result_splits_board on result_splits
      (account_id, event_type_id, distance_mm, split_distance_mm, split_ms)
      include (athlete_id, recorded_at, lane_id) where not implausible;
    drop index results_board;
    create index results_board on results (account_id, event_type_id, distance_mm, result)
      include (athlete_id, recorded_at, lane_id) where not implausible;
    create index results_type_result on results (account_id, event_type_id, result, id);

    create function results_sync_splits() returns trigger language plpgsql as $$
    begin
      update result_splits set
        athlete_id = new.athlete_id, event_type_id = new.event_type_id,
        distance_mm = new.distance_mm, lane_id = new.lane_id,
        recorded_at = new.recorded_at, implausible = new.implausible
      where result_id = new.id;
      return null;
    end $$;
    create trigger results_sync_splits
      after update of athlete_id, event_type_id, distance_mm, lane_id, recorded_at, implausible
      on results for each row
      when ((old.athlete_id, old.event_type_id, old.distance_mm, old.lane_id, old.recorded_at, old.implausible)
        is distinct from
        (new.athlete_id, new.event_type_id, new.distance_mm, new.lane_id, new.recorded_at, new.implausible))
      execute function results_sync_splits();

    alter table results add column input_hash bytea;

    alter table event_types add column distance_mode text not null default 'variable'
      check (distance_mode in ('fixed', 'variable', 'none'));
    update event_types set distance_mode = 'fixed'
      where account_id is null and code in ('pro-agility', 'shuttle-60');
    update event_types set distance_mode = 'none'
      where account_id is null and code in ('l-drill', 'vertical-jump', 'broad-jump');
    alter table event_types add constraint event_types_fixed_distance
      check (distance_mode <> 'fixed' or default_distance_mm is not null);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_types drop constraint event_types_fixed_distance;
    alter table event_types drop column distance_mode;
    alter table results drop column input_hash;
    drop trigger results_sync_splits on results;
    drop function results_sync_splits();
    drop index results_type_result;
    drop index results_board;
    create index results_board on results (account_id, event_type_id, distance_mm, result)
      include (athlete_id, recorded_at, lane_id);
    drop index result_splits_board;
    create index result_splits_board on result_splits
      (account_id, event_type_id, distance_mm, split_distance_mm, split_ms)
      include (athlete_id, recorded_at, lane_id);
    alter table result_splits drop column implausible;
  `.execute(db);
}
