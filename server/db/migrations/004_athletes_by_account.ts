import { sql, type Kysely } from 'kysely';

/**
 * The athlete table sorted `None` orders an account's athletes by id, and no index had
 * that order: the name indexes are `(account_id, *_name_key, id)`, and the primary key
 * walks every account's athletes, filtering (bench/athletes.ts: with 20,000 athletes of
 * other accounts ahead of the account's 10,000, page 1 read all 20,000). This index
 * serves that sort and the export in it (forward and backward, index-only), and, being
 * the narrowest index that starts with `account_id`, the table's counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index athletes_account on athletes (account_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index athletes_account`.execute(db);
}
