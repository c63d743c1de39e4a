import { sql, type Kysely } from 'kysely';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema';

/**
 * oidc-provider's storage over one table, `identity_store` (primary key model + id), so
 * that sessions, grants and refresh tokens survive a restart and are shared by every
 * server process. Expired rows are invisible to `find` and removed by `purgeExpired`.
 */
export function createAdapterClass(db: Kysely<Database>): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('identity_store')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['model', 'id']).doUpdateSet({
            payload: (eb) => eb.ref('excluded.payload'),
            grant_id: (eb) => eb.ref('excluded.grant_id'),
            uid: (eb) => eb.ref('excluded.uid'),
            expires_at: (eb) => eb.ref('excluded.expires_at'),
          }),
        )
        .execute();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return findWhere(db, this.model, 'id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return findWhere(db, this.model, 'uid', uid);
    }

    findByUserCode(): Promise<undefined> {
      return Promise.resolve(undefined); // the device flow is off
    }

    /**
     * One conditional UPDATE: of two parallel uses of a code or a rotating refresh token,
     * exactly one marks it consumed; the other gets invalid_grant instead of a second
     * set of tokens (the provider itself only checks `consumed` before calling this).
     */
    async consume(id: string): Promise<void> {
      const result = await db
        .updateTable('identity_store')
        .set({ consumed_at: sql<Date>`now()` })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new errors.InvalidGrant('grant already consumed');
    }

    async destroy(id: string): Promise<void> {
      await db
        .deleteFrom('identity_store')
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db
        .deleteFrom('identity_store')
        .where('model', '=', this.model)
        .where('grant_id', '=', grantId)
        .execute();
    }
  };
}

async function findWhere(
  db: Kysely<Database>,
  model: string,
  column: 'id' | 'uid',
  value: string,
): Promise<AdapterPayload | undefined> {
  const row = await db
    .selectFrom('identity_store')
    .select(['payload', 'consumed_at'])
    .where('model', '=', model)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumed_at
    ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) }
    : payload;
}

/**
 * Deletes expired rows; returns how many went. The plugin runs it on a timer.
 * @example const removed = await purgeExpired(app.db);
 */
export async function purgeExpired(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('identity_store')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
