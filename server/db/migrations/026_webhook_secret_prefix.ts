import { sql, type Kysely } from 'kysely';

/**
 * Webhook signing secrets encrypted at rest (issue 31; server/webhook/secret-box.ts):
 * `webhook_subscriptions.secret` now holds the secret sealed with the server's key, so
 * what the page shows of it, `whsec_` and its first 4 characters, gets a column of its
 * own, filled here from the secrets still in clear. The encryption itself is the
 * server's first step at its next start (server/webhook/reseal.ts): the key is in the
 * server's configuration or data directory, never in the database, and migrations also
 * run without them (the seed and store commands, the tests' template database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table webhook_subscriptions add column secret_prefix text not null default '';
    update webhook_subscriptions set secret_prefix = left(secret, 10) where secret like 'whsec\\_%';
  `.execute(db);
}

/**
 * The column goes; secrets already sealed stay sealed (open them with the server's key
 * before going back to a version that reads them in clear).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_subscriptions drop column secret_prefix`.execute(db);
}
