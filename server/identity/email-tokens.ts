import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Single-use tokens for the links we mail (verify the address, reset the password).
 * Only a SHA-256 of each token is stored: a copy of the database cannot be used to
 * reset anyone's password.
 */
export type TokenPurpose = 'verify-email' | 'reset-password';

const LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 7 * 24 * 3600,
  'reset-password': 3600,
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Creates a token for a credential and returns it (the only time it exists in clear). */
export async function issueEmailToken(
  db: Kysely<Database>,
  credentialId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('identity_tokens')
    .values({
      token_hash: hashOf(token),
      credential_id: credentialId,
      purpose,
      expires_at: new Date(Date.now() + LIFETIME_SECONDS[purpose] * 1000),
    })
    .execute();
  return token;
}

/** The credential a live, unused token belongs to, without using it up (to show a form). */
export async function peekEmailToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('identity_tokens')
    .select('credential_id')
    .where('token_hash', '=', hashOf(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.credential_id;
}

/** Uses a token up in one conditional UPDATE; its credential id, or undefined if not valid. */
export async function redeemEmailToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const row = await db
    .updateTable('identity_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashOf(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('credential_id')
    .executeTakeFirst();
  return row?.credential_id;
}

/** Removes tokens that expired more than a day ago (run with the store purge). */
export async function purgeEmailTokens(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('identity_tokens')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
