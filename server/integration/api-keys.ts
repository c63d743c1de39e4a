import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { API_KEY_PREFIX, type ApiKeyBody } from '../../contract/integration';
import type { Database } from '../db/schema';
import { recordActivity, type Actor } from '../activity';

/**
 * API keys: `sl_live_` and 32 random bytes (base64url, 43 characters). Only the SHA-256
 * of a key is stored (`api_keys.key_hash`, unique): 256 random bits need no slow hash,
 * and a key is found by its hash in the index, so no comparison of secrets happens in
 * JavaScript at all (nothing to time). The first characters (`prefix`) are kept to
 * tell keys apart in the list.
 */
type Db = Kysely<Database>;

/** Shown in the list: `sl_live_` and the key's first 4 random characters. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 4;
/** `last_used_at` is written at most this often per key (a write per request would cost). */
export const LAST_USED_INTERVAL_MS = 60_000;

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('sl_');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  access: 'read' | 'write';
};

export function toApiKeyBody(row: ApiKeyRow): ApiKeyBody {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    access: row.access,
  };
}

const listed = [
  'id',
  'name',
  'prefix',
  'created_at',
  'last_used_at',
  'revoked_at',
  'access',
] as const;

export function listApiKeys(db: Db, accountId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .select(listed)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Stores a new key unless the account has `maxActive` keys that are not revoked
 * (the account row is locked meanwhile, so two calls cannot both take the last place).
 * @returns the row and the key (to show once), or undefined when the limit is reached
 */
export function createApiKey(
  db: Db,
  accountId: string,
  name: string,
  maxActive: number,
  actor: Actor,
  access: 'read' | 'write' = 'write',
): Promise<{ row: ApiKeyRow; key: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', accountId).forUpdate().execute();
    const { n } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= maxActive) return undefined;
    const { key, prefix, hash } = newApiKey();
    const row = await trx
      .insertInto('api_keys')
      .values({ account_id: accountId, name, prefix, key_hash: hash, access })
      .returning(listed)
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'api_key',
      action: 'created',
      subjectId: row.id,
      subjectLabel: `${row.name} (${row.prefix}…)`,
    });
    return { row, key };
  });
}

/** Revokes a key of the account (again: no change). @returns false when there is no such key */
export function revokeApiKey(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const key = await trx
      .selectFrom('api_keys')
      .select(['id', 'name', 'prefix', 'revoked_at'])
      .where('id', '=', String(id))
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!key) return false;
    if (key.revoked_at !== null) return true;
    await trx
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', key.id)
      .execute();
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'api_key',
      action: 'revoked',
      subjectId: key.id,
      subjectLabel: `${key.name} (${key.prefix}…)`,
    });
    return true;
  });
}

export interface KeyHolder {
  keyId: string;
  revoked: boolean;
  lastUsedAt: Date | null;
  accountId: string;
  sub: string;
  email: string;
  /** Migration 028: what the key may do (contract/permissions.ts `key`). */
  access: 'read' | 'write';
}

/** The key with this hash and its account: the one indexed lookup per request with a key. */
export async function findApiKey(db: Db, hash: string): Promise<KeyHolder | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.account_id')
    .select(['k.id', 'k.revoked_at', 'k.last_used_at', 'k.account_id', 'u.auth_subject', 'u.email'])
    .select('k.access')
    .where('k.key_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    keyId: row.id,
    revoked: row.revoked_at !== null,
    lastUsedAt: row.last_used_at,
    accountId: row.account_id,
    sub: row.auth_subject,
    email: row.email,
    access: row.access,
  };
}

/** Notes the use of a key, unless noted less than LAST_USED_INTERVAL_MS ago (by any server). */
export async function touchApiKey(db: Db, keyId: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', keyId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb(
          'last_used_at',
          '<',
          sql<Date>`now() - make_interval(secs => ${LAST_USED_INTERVAL_MS / 1000})`,
        ),
      ]),
    )
    .execute();
}
