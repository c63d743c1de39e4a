import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeEmail } from './credentials';

/**
 * Failed-attempt counters, per subject (an address, an account) and per client IP, in
 * the database so that every server process sees the same counts. They live in
 * identity_store under their own model name (the provider never reads it); the expiry
 * ends the window. A success clears the subject's counter.
 */
export interface ThrottleLimits {
  perSubject: number;
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perSubject: 5, perIp: 30, windowSeconds: 15 * 60 };

export const THROTTLED_MESSAGE =
  'Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.';

/**
 * Counts failures of one kind of secret check under `model`.
 *
 * @example
 * const throttle = createAttemptThrottle(db, 'PasswordChangeThrottle');
 * if (await throttle.isBlocked(accountId, ip)) return tooMany();
 */
export function createAttemptThrottle(
  db: Kysely<Database>,
  model: string,
  limits: ThrottleLimits = DEFAULT_LIMITS,
) {
  const keys = (subject: string, ip: string) => ({ subject: `subject:${subject}`, ip: `ip:${ip}` });

  async function count(id: string): Promise<number> {
    const row = await db
      .selectFrom('identity_store')
      .select(sql<number>`(payload->>'count')::int`.as('count'))
      .where('model', '=', model)
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
      values (${model}, ${id}, '{"count":1}'::jsonb, ${expires})
      on conflict (model, id) do update set
        payload = case when identity_store.expires_at <= now() then '{"count":1}'::jsonb
          else jsonb_build_object('count', (identity_store.payload->>'count')::int + 1) end,
        expires_at = case when identity_store.expires_at <= now() then excluded.expires_at
          else identity_store.expires_at end
    `.execute(db);
  }

  return {
    windowSeconds: limits.windowSeconds,
    /** True when this subject or this IP has used up its failures for the window. */
    async isBlocked(subject: string, ip: string): Promise<boolean> {
      const key = keys(subject, ip);
      const [bySubject, byIp] = await Promise.all([count(key.subject), count(key.ip)]);
      return bySubject >= limits.perSubject || byIp >= limits.perIp;
    },
    async recordFailure(subject: string, ip: string): Promise<void> {
      const key = keys(subject, ip);
      await increment(key.subject);
      await increment(key.ip);
    },
    async recordSuccess(subject: string): Promise<void> {
      await db
        .deleteFrom('identity_store')
        .where('model', '=', model)
        .where('id', '=', keys(subject, '').subject)
        .execute();
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;

/** Sign-in failures, per address (normalised) and per IP. */
export function createLoginThrottle(db: Kysely<Database>, limits: ThrottleLimits = DEFAULT_LIMITS) {
  const throttle = createAttemptThrottle(db, 'LoginThrottle', limits);
  return {
    isBlocked: (email: string, ip: string) => throttle.isBlocked(normalizeEmail(email), ip),
    recordFailure: (email: string, ip: string) => throttle.recordFailure(normalizeEmail(email), ip),
    recordSuccess: (email: string) => throttle.recordSuccess(normalizeEmail(email)),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
