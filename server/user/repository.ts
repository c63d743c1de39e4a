import { sql, type Kysely } from 'kysely';
import type { UserBody } from '../../contract/user';
import type { Database, User } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { openAccount } from '../store';
import { addOwner } from '../workspace';

/**
 * Queries on `users`, the account row: one per identity (`auth_subject` = the token's
 * `sub`); its `id` is the `account_id` of every row the account owns.
 */
type Db = Kysely<Database>;

/** The account of a subject: the one indexed lookup the auth hook makes per request. */
export function findAccountBySubject(
  db: Db,
  sub: string,
): Promise<{ id: string; email: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('auth_subject', '=', sub)
    .executeTakeFirst();
}

/**
 * Creates the account of a new identity with its opening athlete spots (a ledger entry,
 * in the same transaction). Two first requests may race: the unique `auth_subject` lets
 * one insert win (the other waits for its commit) and both read the same row.
 */
export async function createAccount(
  db: Db,
  values: { sub: string; email: string; athleteSpots: number },
): Promise<{ id: string; email: string }> {
  await inTransaction(db, async (trx) => {
    const made = await trx
      .insertInto('users')
      .values({ auth_subject: values.sub, email: values.email })
      .onConflict((conflict) => conflict.column('auth_subject').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (made) {
      await openAccount(trx, made.id, values.athleteSpots);
      // The account is its own workspace, its user the owner (decision 035).
      await addOwner(trx, made.id);
    }
  });
  const row = await findAccountBySubject(db, values.sub);
  if (!row) throw new Error('the account row vanished right after its insert');
  return row;
}

export function getUser(db: Db, accountId: string): Promise<User> {
  return db.selectFrom('users').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
}

export async function updateProfile(
  db: Db,
  accountId: string,
  profile: { firstName: string; lastName: string; organisation?: string | undefined },
): Promise<User> {
  return db
    .updateTable('users')
    .set({
      first_name: profile.firstName,
      last_name: profile.lastName,
      // Left out of the request: kept as it was.
      ...(profile.organisation === undefined ? {} : { organisation: profile.organisation }),
      has_updated_profile: true,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The "Share anonymous usage data" switch (migration 022); answers the row as it is now. */
export function setTelemetryOptOut(db: Db, accountId: string, optOut: boolean): Promise<User> {
  return db
    .updateTable('users')
    .set({ telemetry_opt_out: optOut, updated_at: sql<Date>`now()` })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the logo and answers the one it replaces, in one transaction (row locked). */
export function replaceLogo(db: Db, accountId: string, logoUrl: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('logo_url')
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({ logo_url: logoUrl, updated_at: sql<Date>`now()` })
      .where('id', '=', accountId)
      .execute();
    return before.logo_url;
  });
}

/**
 * The API's view of the row; `emailVerified` comes from the identity provider,
 * `athleteSpots` from the Store's ledger (server/store).
 */
export function toUserBody(
  user: User,
  emailVerified: boolean,
  athleteSpots: number,
): Omit<UserBody, 'userId' | 'role' | 'rosterIds' | 'workspaces'> {
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    emailVerified,
    organisation: user.organisation,
    hasUpdatedProfile: user.has_updated_profile,
    athleteSpots,
    logoUrl: user.logo_url,
    telemetryId: user.telemetry_id,
    telemetryOptOut: user.telemetry_opt_out,
  };
}
