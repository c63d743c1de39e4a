import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeEmail } from './credentials';

/**
 * Failed sign-in counters, per address and per client IP, in the database so that every
 * server process sees the same counts. They live in identity_store under their own model
 * name (the provider never reads it); the expiry ends the window and the purge removes
 * them. A success clears the address's counter.
 */
const MODEL = 'LoginThrottle';

export interface ThrottleLimits {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perEmail: 5, perIp: 30, windowSeconds: 15 * 60 };

export const THROTTLED_MESSAGE =
  'Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.';

const keys = (email: string, ip: string) => ({
  email: `email:${normalizeEmail(email)}`,
  ip: `ip:${ip}`,
});

export function createLoginThrottle(db: Kysely<Database>, limits: ThrottleLimits = DEFAULT_LIMITS) {
  async function count(id: string): Promise<number> {
    const row = await db
      .selectFrom('identity_store')
      .select(sql<number>`(payload->>'count')::int`.as('count'))
      .where('model', '=', MODEL)
      .where('id', '=', id)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  /** Adds one failure in one statement; a window that has ended starts over at 1. */
  async function increment(id: string): Promise<void> {
    const expires = sql<Date>`now() + make_interval(secs => ${limits.windowSeconds})`;
    await sql`
      insert into identity_store (model, id, payload, expires_at)
      values (${MODEL}, ${id}, '{"count":1}'::jsonb, ${expires})
      on conflict (model, id) do update set
        payload = case when identity_store.expires_at <= now() then '{"count":1}'::jsonb
          else jsonb_build_object('count', (identity_store.payload->>'count')::int + 1) end,
        expires_at = case when identity_store.expires_at <= now() then excluded.expires_at
          else identity_store.expires_at end
    `.execute(db);
  }

  return {
    /** True when this address or this IP has used up its failures for the window. */
    async isBlocked(email: string, ip: string): Promise<boolean> {
      const key = keys(email, ip);
      const [byEmail, byIp] = await Promise.all([count(key.email), count(key.ip)]);
      return byEmail >= limits.perEmail || byIp >= limits.perIp;
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      const key = keys(email, ip);
      await increment(key.email);
      await increment(key.ip);
    },
    async recordSuccess(email: string): Promise<void> {
      await db
        .deleteFrom('identity_store')
        .where('model', '=', MODEL)
        .where('id', '=', keys(email, '').email)
        .execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
