import { sql, type Kysely } from 'kysely';

/**
 * The profile tables (server/profile/list.ts) at 10,000 athletes x 5 profiles:
 *
 * - `OverallIndexDesc` keeps nulls last: 016's `profiles_eapi`/`profiles_easi` (ascending,
 *   nulls last) serve the ascending order, but read backwards they give the nulls first,
 *   so the descending order has its own index and a page stays a walk of one index.
 * - The EAPI and EASI tables list the profiles with any of their measurements: a partial
 *   index of each (by testing day) gives their exact count from the index alone and their
 *   date orders without visiting the profiles they leave out. The predicates are the ones
 *   list.ts writes (INDEX_MEASUREMENTS, in that order), so the planner matches them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index profiles_eapi_desc on profiles (account_id, eapi desc nulls last, id desc);
    create index profiles_easi_desc on profiles (account_id, easi desc nulls last, id desc);
    create index profiles_eapi_tested_on on profiles (account_id, tested_on, id)
      where (vertical_jump_mm is not null or sprint_10_ms is not null or pro_agility_ms is not null
        or sprint_40_ms is not null or broad_jump_mm is not null);
    create index profiles_easi_tested_on on profiles (account_id, tested_on, id)
      where (acceleration_ms is not null or transition_ms is not null or top_speed_ms is not null
        or flying_10_ms is not null);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index profiles_eapi_desc, profiles_easi_desc, profiles_eapi_tested_on,
    profiles_easi_tested_on`.execute(db);
}
