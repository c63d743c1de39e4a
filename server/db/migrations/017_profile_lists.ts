import { sql, type Kysely } from 'kysely';

/**
 * The profile tables' `OverallIndexDesc` (server/profile/list.ts): nulls last in both
 * directions. 016's `profiles_eapi`/`profiles_easi` (ascending, nulls last) serve the
 * ascending order; read backwards they give the nulls first, so the descending order
 * has its own index, and a page is a walk of one index, not a sort of the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index profiles_eapi_desc on profiles (account_id, eapi desc nulls last, id desc);
    create index profiles_easi_desc on profiles (account_id, easi desc nulls last, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index profiles_eapi_desc, profiles_easi_desc`.execute(db);
}
