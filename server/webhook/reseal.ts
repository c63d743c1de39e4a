import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { openSecret, sealedWith, sealSecret, UnreadableSecretError } from './secret-box';
import type { Keyring } from './secret-keys';

/**
 * The start-up step that keeps every stored signing secret sealed with the current key
 * (run by plugin.ts before the server answers or delivers): secrets in clear (the
 * first start after migration 026 encrypts them all) and secrets sealed with a previous
 * key (after a rotation: docs/operations.md) are opened and sealed again. Not in the
 * migration itself: migrations also run where the server's configuration is not (the
 * seed and store commands, the tests' template database), and the key must never be in
 * the database.
 *
 * Batches of 500, each one UPDATE that changes a row only if it still holds what was
 * read, so several servers starting at once on one database agree. A secret sealed
 * with a key this server lacks stops the start: the server would otherwise sign with
 * nothing and fail every delivery of that webhook (and several servers on one database
 * that do not share WEBHOOK_SECRET_KEY would each seal with their own).
 */
const BATCH = 500;

export class MissingSecretKeyError extends Error {
  override name = 'MissingSecretKeyError';
}

/** @returns how many secrets were sealed (again) */
export async function resealSecrets(
  db: Kysely<Database>,
  keys: Keyring,
  log: FastifyBaseLogger,
): Promise<number> {
  const current = `sealed:v1:${keys.current.id}:%`;
  let after = '0';
  let resealed = 0;
  const missing = new Map<string, number>();
  for (;;) {
    const rows = await db
      .selectFrom('webhook_subscriptions')
      .select(['id', 'account_id', 'secret'])
      .where('secret', 'not like', current)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const changes: { id: string; old: string; sealed: string }[] = [];
    for (const row of rows) {
      try {
        const secret = openSecret(keys, row.account_id, row.secret);
        changes.push({
          id: row.id,
          old: row.secret,
          sealed: sealSecret(keys, row.account_id, secret),
        });
      } catch (error) {
        if (!(error instanceof UnreadableSecretError)) throw error;
        const id = sealedWith(row.secret) ?? 'damaged';
        missing.set(id, (missing.get(id) ?? 0) + 1);
      }
    }
    if (changes.length > 0) {
      const { numAffectedRows } = await sql`
        update webhook_subscriptions s set secret = v.sealed
        from unnest(${`{${changes.map((c) => c.id).join(',')}}`}::bigint[],
          ${changes.map((c) => c.old)}::text[], ${changes.map((c) => c.sealed)}::text[])
          as v(id, old, sealed)
        where s.id = v.id and s.secret = v.old`.execute(db);
      resealed += Number(numAffectedRows ?? 0);
    }
  }
  if (missing.size > 0) {
    const list = [...missing].map(([id, n]) => `${n} with key ${id}`).join(', ');
    throw new MissingSecretKeyError(
      `Webhook signing secrets this server cannot open: ${list}. Set WEBHOOK_SECRET_KEY to the key the other servers use (and WEBHOOK_SECRET_KEY_PREVIOUS to older ones); see docs/operations.md, "Webhook secret keys".`,
    );
  }
  if (resealed > 0) log.info({ resealed, key: keys.current.id }, 'webhook signing secrets sealed');
  return resealed;
}
