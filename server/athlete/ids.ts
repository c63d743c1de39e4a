/** Path parameters of the `/{id}` routes: one id schema for the whole API (contract/common.ts). */
export { IdParams } from '../../contract/common';

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
