import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Ids in paths and bodies are integers; rows have `bigint` ids counted from 1, so an
 * integer JavaScript cannot hold exactly names no row (and would make PostgreSQL fail
 * on the cast): such ids are simply not found.
 */
export function isStoredId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1;
}

/** The distinct ids of a list, in their first order. */
export function distinctIds(ids: readonly number[] | undefined): number[] {
  return [...new Set(ids ?? [])];
}

/**
 * Lists ids for a message: the first few, and how many more.
 * @example listIds([4, 8, 15, 16, 23, 42, 7], 5) // '4, 8, 15, 16, 23 and 2 more'
 */
export function listIds(ids: readonly number[], shown = 5): string {
  const head = ids.slice(0, shown).join(', ');
  return ids.length > shown ? `${head} and ${ids.length - shown} more` : head;
}

/** The account-owned tables whose ids a request may name. */
export type OwnedTable = 'athletes' | 'rosters';

/**
 * The ids of `ids` that are not rows of `table` in the account, distinct, in their first
 * order: what a request named that the account does not have.
 * @example await unknownIds(db, 'rosters', accountId, [3, 99]) // [99]
 */
export async function unknownIds(
  db: Kysely<Database>,
  table: OwnedTable,
  accountId: string,
  ids: readonly number[],
): Promise<number[]> {
  const distinct = distinctIds(ids);
  const stored = distinct.filter(isStoredId);
  const found = new Set<number>();
  if (stored.length > 0) {
    const { rows } = await sql<{ id: string }>`
      select id from ${sql.table(table)}
      where account_id = ${accountId} and id = any(${stored}::bigint[])`.execute(db);
    for (const row of rows) found.add(Number(row.id));
  }
  return distinct.filter((id) => !found.has(id));
}

/** Locks the account row until the transaction ends: account-wide limits are checked under it. */
export async function lockAccount(trx: Kysely<Database>, accountId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', accountId).forUpdate().execute();
}
