import type { Kysely } from 'kysely';
import type { EventInput } from '../../contract/event';
import type { Database } from '../db/schema';
import { badRequest } from '../plugins/http-errors';
import { loadReferences, prepareBatch, type PreparedEvent } from './prepare';
import { storeEvents, type StoredRef } from './repository';
import type { Actor } from '../activity';

/** A batch of thousands of wrong rows answers the first this many fields. */
const MAX_ERROR_FIELDS = 200;

function capErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const fields = Object.keys(errors);
  if (fields.length <= MAX_ERROR_FIELDS) return errors;
  const kept = Object.fromEntries(fields.slice(0, MAX_ERROR_FIELDS).map((f) => [f, errors[f]!]));
  (kept.items ??= []).push(`${fields.length - MAX_ERROR_FIELDS} more fields have errors`);
  return kept;
}

/**
 * `POST /api/event`'s work, for the route and the start-up warm-up (server/warm-up.ts):
 * loads what the results refer to, checks the whole batch (400 naming every wrong field,
 * nothing stored) and stores it (storeEvents: idempotent by clientId, one transaction,
 * or the caller's when `db` is one). Telling the live feed and the maintenance is the
 * caller's, after the commit. With an `actor`, the batch is one entry of the activity log.
 * @param pathOf the field path of a row by its index (`items.3.`; '' for one result)
 */
export async function ingestEvents(
  db: Kysely<Database>,
  accountId: string,
  inputs: readonly EventInput[],
  pathOf: (index: number) => string,
  actor?: Actor,
): Promise<{
  rows: PreparedEvent[];
  stored: { refs: Map<string, StoredRef>; created: number };
}> {
  const refs = await loadReferences(db, accountId, inputs);
  const { rows, errors } = prepareBatch(inputs, refs, pathOf);
  if (Object.keys(errors).length > 0) throw badRequest(capErrors(errors));
  const firstIndex = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!firstIndex.has(row.clientId)) firstIndex.set(row.clientId, index);
  });
  const stored = await storeEvents(
    db,
    accountId,
    rows,
    (clientId) => pathOf(firstIndex.get(clientId) ?? 0),
    actor,
  );
  return { rows, stored };
}
