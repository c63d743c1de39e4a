import { sql, type Kysely } from 'kysely';

/**
 * When the account last asked for the verification mail again (POST /api/user/
 * verification-email allows one a minute). In the database, not in memory, so that
 * every server process enforces the same limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column verification_mail_sent_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column verification_mail_sent_at`.execute(db);
}
