import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from '../identity';
import { addOwner } from '../workspace';

export interface SeedAccount {
  accountId: string;
  created: boolean;
  existingResults: number;
  existingAthletes: number;
  /** users.time_zone: the zone whose daytime the seed stamps sessions in. */
  timeZone: string;
}

/**
 * Finds the account of `email` or creates it: a sign-in credential (scrypt hash, e-mail
 * marked verified) and the user row, whose `auth_subject` is the credential's id (the
 * subject the embedded identity provider issues). The seed grants the spots its athletes
 * need after inserting them (`topUpSpots`). A new account gets `timeZone` (else UTC); an
 * existing one keeps its own. A new account is its own workspace with its user as the
 * owner (decision 035), as a signed-up account is; one seeded before that got its owner
 * from migration 030, and one whose owner handed it over keeps its members.
 */
export async function ensureSeedAccount(
  trx: Kysely<Database>,
  options: { email: string; password: string; timeZone?: string },
): Promise<SeedAccount> {
  // Stored lower-case, as the identity provider stores addresses (identity/credentials.ts).
  const email = options.email.trim().toLowerCase();
  let credential = await trx
    .selectFrom('identity_credentials')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  if (!credential) {
    const password_hash = await hashPassword(options.password);
    credential = await trx
      .insertInto('identity_credentials')
      .values({ email, password_hash, email_verified: true, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'time_zone'])
    .where('auth_subject', '=', credential.id)
    .executeTakeFirst();
  if (!existing) {
    const user = await trx
      .insertInto('users')
      .values({
        auth_subject: credential.id,
        email,
        updated_at: new Date(),
        // Else the column's default (UTC).
        ...(options.timeZone ? { time_zone: options.timeZone } : {}),
      })
      .returning(['id', 'time_zone'])
      .executeTakeFirstOrThrow();
    await addOwner(trx, user.id);
    return {
      accountId: user.id,
      created: true,
      existingResults: 0,
      existingAthletes: 0,
      timeZone: user.time_zone,
    };
  }
  const count = (table: 'results' | 'athletes') =>
    trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', existing.id)
      .executeTakeFirstOrThrow();
  const [results, athletes] = [await count('results'), await count('athletes')];
  return {
    accountId: existing.id,
    created: false,
    existingResults: Number(results.n),
    existingAthletes: Number(athletes.n),
    timeZone: existing.time_zone,
  };
}
