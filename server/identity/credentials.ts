import { sql, type Kysely, type Selectable } from 'kysely';
import type { Account, FindAccount } from 'oidc-provider';
import type { Database, IdentityCredentialsTable } from '../db/schema';
import { hashPassword } from './password';

/**
 * The embedded provider's accounts: e-mail, password hash and verified flag in
 * identity_credentials, apart from the product's user profile (users). The account id
 * (the tokens' `sub`) is the credential's uuid.
 */
export type Credential = Selectable<IdentityCredentialsTable>;

/** Addresses compare case-insensitively (the unique index is on lower(email)). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findCredentialByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<Credential | undefined> {
  return db
    .selectFrom('identity_credentials')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normalizeEmail(email)))
    .executeTakeFirst();
}

export function findCredentialById(
  db: Kysely<Database>,
  id: string,
): Promise<Credential | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(undefined);
  return db.selectFrom('identity_credentials').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates a credential; undefined when the address is taken (also under a race). */
export async function createCredential(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<Credential | undefined> {
  const password_hash = await hashPassword(password);
  return db
    .insertInto('identity_credentials')
    .values({ email: normalizeEmail(email), password_hash })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setPassword(
  db: Kysely<Database>,
  id: string,
  password: string,
): Promise<void> {
  const password_hash = await hashPassword(password);
  await db
    .updateTable('identity_credentials')
    .set({ password_hash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markEmailVerified(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('identity_credentials')
    .set({ email_verified: true, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The claims an ID token carries, shaped as Auth0's (name defaults to the address there too). */
export function accountOf(credential: Credential): Account {
  return {
    accountId: credential.id,
    claims: () => ({
      sub: credential.id,
      email: credential.email,
      email_verified: credential.email_verified,
      name: credential.email,
    }),
  };
}

/** oidc-provider's `findAccount`: read fresh on each use so email_verified is current. */
export function createFindAccount(db: Kysely<Database>): FindAccount {
  return async (_ctx, sub) => {
    const credential = await findCredentialById(db, sub);
    return credential ? accountOf(credential) : undefined;
  };
}
