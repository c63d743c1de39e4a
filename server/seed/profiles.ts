import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * MERGE (issue 15): the one place the seed reaches the profile domain. On the `seed`
 * branch `server/profile/index.ts` does not exist yet, so this stand-in builds nothing.
 * When the profiles branch is merged, replace everything below the imports with
 *
 *   export { rebuildAccountProfiles } from '../profile';
 *
 * (drop the two imports) and turn `it.skip` into `it` for "builds the profiles of every
 * EAPI testing day" in __tests__/server/seed/seed.test.ts.
 */
export async function rebuildAccountProfiles(
  _db: Kysely<Database>,
  _accountId: string,
): Promise<unknown> {
  return undefined;
}
