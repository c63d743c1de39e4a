import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeEmail } from './credentials';
import { countInWindow } from './window-counter';

/**
 * How often a client (IP) and an address may ask for mail (password reset, sign-up):
 * each request counts in a fixed window, in one statement, before any work is done, so
 * a burst cannot outrun the count. Addresses count whether or not they have an account,
 * so a refusal tells nothing about accounts (decision 018).
 */
export interface MailRequestLimits {
  resetPerIp: number;
  resetPerAddress: number;
  signupPerIp: number;
  signupPerAddress: number;
  windowSeconds: number;
}

export const DEFAULT_MAIL_REQUEST_LIMITS: MailRequestLimits = {
  resetPerIp: 10,
  resetPerAddress: 3,
  signupPerIp: 20,
  signupPerAddress: 3,
  windowSeconds: 3600,
};

/** A request that may go ahead, or who asked too often and how long to wait. */
export type RequestAdmission =
  { ok: true } | { ok: false; scope: 'address' | 'network'; retryAfterSeconds: number };

const MODEL = 'MailRequestLimit';

/** Counts one request under `id`: the count and the seconds left in its window. */
async function countRequest(
  db: Kysely<Database>,
  id: string,
  windowSeconds: number,
): Promise<{ count: number; left: number }> {
  return (await countInWindow(db, MODEL, id, windowSeconds)) ?? { count: 1, left: windowSeconds };
}

/**
 * The two kinds of mail requests, each counted per client and per address.
 *
 * @example
 * const admission = await limits.admit('reset', email, request.ip);
 * if (!admission.ok) return tooMany(admission.retryAfterSeconds);
 */
export function createMailRequestLimits(
  db: Kysely<Database>,
  overrides: Partial<MailRequestLimits> = {},
) {
  const limits = { ...DEFAULT_MAIL_REQUEST_LIMITS, ...overrides };
  const caps = {
    reset: { ip: limits.resetPerIp, address: limits.resetPerAddress },
    signup: { ip: limits.signupPerIp, address: limits.signupPerAddress },
  };

  return {
    limits,
    /** Counts a request of `kind`: the client first, so a refused client counts no address. */
    async admit(kind: 'reset' | 'signup', email: string, ip: string): Promise<RequestAdmission> {
      const byIp = await countRequest(db, `${kind}:ip:${ip}`, limits.windowSeconds);
      if (byIp.count > caps[kind].ip)
        return { ok: false, scope: 'network', retryAfterSeconds: byIp.left };
      const address = normalizeEmail(email);
      const byAddress = await countRequest(db, `${kind}:address:${address}`, limits.windowSeconds);
      if (byAddress.count > caps[kind].address)
        return { ok: false, scope: 'address', retryAfterSeconds: byAddress.left };
      return { ok: true };
    },
  };
}

export type MailRequestLimiter = ReturnType<typeof createMailRequestLimits>;

/** What a person reads when a mail request is refused: who asked too often, how long to wait. */
export function tooManyRequestsMessage(
  admission: Extract<RequestAdmission, { ok: false }>,
): string {
  const minutes = Math.max(1, Math.ceil(admission.retryAfterSeconds / 60));
  const wait = `Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
  return admission.scope === 'address'
    ? `Too many requests for this e-mail address. ${wait}`
    : `Too many requests from your network. ${wait}`;
}
