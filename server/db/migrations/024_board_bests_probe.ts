import { sql, type Kysely } from 'kysely';

/**
 * The board offer's probe reads the primary key alone (decision 028). Migration 023's
 * `board_bests_offer` looks up each entry's stored row by its key, and in the load mix
 * (docs/performance.md, "Load") the planner walked `board_bests_rank` for it instead:
 * that index has every column the probe reads (its key, or `include`), so it priced an
 * index-only scan of it below a descent of `board_bests_pkey` plus a heap fetch, but it
 * is keyed by lane and board before the athlete, so each probe read the ~190 entries of
 * the board's lane and filtered on the athlete, with a heap fetch each on pages that
 * the batches had just written (PGlite: 12 ms of a 14 ms offer, two offers a batch, ~25
 * of a batch's ~50 ms). With the three compared columns in the primary key's index, the
 * probe is one index-only descent and the planner takes it.
 *
 * The key and so the `on conflict` arbiter are unchanged; the rows are not touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table board_bests drop constraint board_bests_pkey,
      add primary key (account_id, event_type_id, athlete_id, lane_key, board_mm)
        include (rank_value, recorded_at, result_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table board_bests drop constraint board_bests_pkey,
      add primary key (account_id, event_type_id, athlete_id, lane_key, board_mm);
  `.execute(db);
}
