import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeEmail } from './credentials';
import { countInWindow, uncount } from './window-counter';

/**
 * Attempt counters for a secret check other than sign-in (the current password behind a
 * password change), per subject (an account) and per client IP, in the database so that
 * every server process sees the same counts. They live in identity_store under their own
 * model name (the provider never reads it); the expiry ends the window.
 */
export interface ThrottleLimits {
  perSubject: number;
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perSubject: 5, perIp: 30, windowSeconds: 15 * 60 };

/** Takes one of `limit` counts in the window, unless all are taken: false then. */
const takeSlot = async (
  db: Kysely<Database>,
  model: string,
  id: string,
  limit: number,
  windowSeconds: number,
): Promise<boolean> => (await countInWindow(db, model, id, windowSeconds, limit)) !== undefined;

const releaseSlot = uncount;

/**
 * Counts attempts at one kind of secret check under `model`, BEFORE the secret is
 * checked: `admit` takes one attempt of the subject's and of the IP's in one statement
 * each, or refuses, so that parallel guesses cannot all pass a check made before any of
 * them failed. A right answer gives the attempts back (`succeeded`); a wrong one keeps them.
 *
 * @example
 * const throttle = createAttemptThrottle(db, 'PasswordChangeThrottle');
 * if (!(await throttle.admit(accountId, ip))) return tooMany();
 * if (await secretMatches()) await throttle.succeeded(accountId, ip);
 */
export function createAttemptThrottle(
  db: Kysely<Database>,
  model: string,
  limits: ThrottleLimits = DEFAULT_LIMITS,
) {
  const subjectId = (subject: string) => `subject:${subject}`;
  const ipId = (ip: string) => `ip:${ip}`;

  return {
    windowSeconds: limits.windowSeconds,
    /** Takes an attempt for this subject and this IP; false when either has none left. */
    async admit(subject: string, ip: string): Promise<boolean> {
      const window = limits.windowSeconds;
      if (!(await takeSlot(db, model, subjectId(subject), limits.perSubject, window))) return false;
      if (await takeSlot(db, model, ipId(ip), limits.perIp, window)) return true;
      await releaseSlot(db, model, subjectId(subject));
      return false;
    },
    /** The secret was right: the subject starts over, and the IP gets its attempt back. */
    async succeeded(subject: string, ip: string): Promise<void> {
      await db
        .deleteFrom('identity_store')
        .where('model', '=', model)
        .where('id', '=', subjectId(subject))
        .execute();
      await releaseSlot(db, model, ipId(ip));
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;

/**
 * How sign-in failures slow a client down (decision 018). Each address-and-client pair
 * has `freeFailures` attempts; after that every attempt waits `firstDelaySeconds`,
 * doubling up to `maxDelaySeconds`. A pair forgets after `pairMemorySeconds` without
 * attempts. A client (IP) may fail at `perIpAddresses` different addresses per
 * `ipWindowSeconds`: guessing across many addresses stops there, while one person
 * mistyping their own password never blocks their network.
 */
export interface LoginLimits {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  pairMemorySeconds: number;
  perIpAddresses: number;
  ipWindowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  pairMemorySeconds: 24 * 3600,
  perIpAddresses: 30,
  ipWindowSeconds: 15 * 60,
};

/** An attempt that may go ahead, or how long the client has to wait first. */
export type LoginAdmission =
  | { ok: true; attempt: LoginAttempt }
  | { ok: false; scope: 'address' | 'network'; retryAfterSeconds: number };

/** What `admit` reserved; give it back to `succeeded` or keep it with `failed`. */
export interface LoginAttempt {
  address: string;
  ip: string;
  /** The first attempt at this address from this client took one of the client's slots. */
  tookIpSlot: boolean;
}

/** "Wait 30 seconds", "wait 4 minutes": what a person reads on the page. */
export function waitText(seconds: number): string {
  const [count, unit] =
    seconds < 90 ? [Math.ceil(seconds), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  const n = Math.max(1, count);
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The sign-in page's message for a refused attempt. */
export function throttledMessage(admission: Extract<LoginAdmission, { ok: false }>): string {
  const wait = waitText(admission.retryAfterSeconds);
  return admission.scope === 'address'
    ? `Too many failed sign-in attempts for this address. Wait ${wait} and try again, or reset your password.`
    : `Too many failed sign-in attempts from your network. Wait ${wait} and try again.`;
}

const MODEL = 'LoginThrottle';

/**
 * Sign-in attempts, counted BEFORE the password is checked, each in one statement, so
 * that parallel requests cannot all pass a check made before any of them failed. Rows
 * live in identity_store under their own model name (the provider never reads it).
 *
 * @example
 * const admission = await throttle.admit(email, request.ip);
 * if (!admission.ok) return tooMany(admission.retryAfterSeconds);
 * if (await passwordMatches()) await throttle.succeeded(admission.attempt);
 */
export function createLoginThrottle(db: Kysely<Database>, overrides: Partial<LoginLimits> = {}) {
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...overrides };
  const pairId = (address: string, ip: string) => `pair:${address}|${ip}`;
  const ipId = (ip: string) => `ip:${ip}`;

  /**
   * Counts one more attempt of a pair unless it is inside its wait; the count after
   * this attempt, or undefined when it has to wait. An ended memory starts at 1.
   */
  async function countPairAttempt(id: string): Promise<number | undefined> {
    const { freeFailures, firstDelaySeconds, maxDelaySeconds, pairMemorySeconds } = limits;
    const next = sql<number>`case when identity_store.expires_at <= now() then 1
      else (identity_store.payload->>'count')::int + 1 end`;
    // The wait after the n-th attempt: none before the free ones are used, then doubling.
    const delayAfter = (n: unknown) => sql<number>`case when ${n} < ${freeFailures} then 0
      else least(${maxDelaySeconds}::float8,
        ${firstDelaySeconds}::float8 * power(2, ${n} - ${freeFailures})) end`;
    const payload = (n: unknown) =>
      sql`jsonb_build_object('count', ${n}, 'until',
        extract(epoch from now())::float8 + ${delayAfter(n)})`;
    const expires = (n: unknown) =>
      sql`now() + make_interval(secs => ${delayAfter(n)} + ${pairMemorySeconds})`;
    const { rows } = await sql<{ count: number }>`
      insert into identity_store (model, id, payload, expires_at)
      values (${MODEL}, ${id}, ${payload(sql`1`)}, ${expires(sql`1`)})
      on conflict (model, id) do update set
        payload = ${payload(next)},
        expires_at = ${expires(next)}
      -- A free attempt goes ahead by its count, not by comparing times: now() is each
      -- transaction's start, so a parallel attempt that started first would otherwise
      -- read the 0-second wait a later one set as still ahead ("wait 1 second").
      where identity_store.expires_at <= now()
        or (identity_store.payload->>'count')::int < ${freeFailures}
        or (identity_store.payload->>'until')::float8 <= extract(epoch from now())
      returning (payload->>'count')::int as count
    `.execute(db);
    return rows[0]?.count;
  }

  /** Seconds until the row's wait (`until`) or its end (`expires_at`) has passed. */
  async function secondsLeft(id: string, of: 'until' | 'expires_at'): Promise<number> {
    const left =
      of === 'until'
        ? sql<number>`(payload->>'until')::float8 - extract(epoch from now())`
        : sql<number>`extract(epoch from expires_at - now())`;
    const row = await db
      .selectFrom('identity_store')
      .select(left.as('left'))
      .where('model', '=', MODEL)
      .where('id', '=', id)
      .executeTakeFirst();
    return Math.max(1, Math.ceil(Number(row?.left ?? 1)));
  }

  async function forgetPair(id: string): Promise<void> {
    await db.deleteFrom('identity_store').where('model', '=', MODEL).where('id', '=', id).execute();
  }

  return {
    limits,

    /**
     * Lets an attempt at `email` from `ip` go ahead, counting it as a failure until
     * `succeeded` says otherwise; or says how long to wait. Nothing here depends on
     * whether the address has an account.
     */
    async admit(email: string, ip: string): Promise<LoginAdmission> {
      const address = normalizeEmail(email);
      const pair = pairId(address, ip);
      const count = await countPairAttempt(pair);
      if (count === undefined)
        return { ok: false, scope: 'address', retryAfterSeconds: await secondsLeft(pair, 'until') };
      if (count > 1) return { ok: true, attempt: { address, ip, tookIpSlot: false } };
      // A new address for this client: it takes a slot, or waits for the window to end.
      if (await takeSlot(db, MODEL, ipId(ip), limits.perIpAddresses, limits.ipWindowSeconds))
        return { ok: true, attempt: { address, ip, tookIpSlot: true } };
      await forgetPair(pair);
      return {
        ok: false,
        scope: 'network',
        retryAfterSeconds: await secondsLeft(ipId(ip), 'expires_at'),
      };
    },

    /** The password was right: the pair starts over and gives back its slot. */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      await forgetPair(pairId(attempt.address, attempt.ip));
      if (attempt.tookIpSlot) await releaseSlot(db, MODEL, ipId(attempt.ip));
    },

    /** A new password (reset by mail) ends the waits of every client at this address. */
    async forgetAddress(email: string): Promise<void> {
      await db
        .deleteFrom('identity_store')
        .where('model', '=', MODEL)
        .where(sql<boolean>`starts_with(id, ${`pair:${normalizeEmail(email)}|`})`)
        .execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
