import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  createCredential,
  findCredentialByEmail,
  findCredentialById,
  markEmailVerified,
  setPassword,
  type Credential,
} from './credentials';
import { issueEmailToken, redeemEmailToken } from './email-tokens';
import type { BackgroundTasks } from './background';
import type { LoginAdmission, LoginThrottle } from './login-throttle';
import type { Mailer } from './mailer';
import { existingAccountMail, resetMail, verificationMail } from './messages';
import type { MailRequestLimiter, RequestAdmission } from './request-limits';
import { checkPassword, isPlausibleEmail } from './password-policy';
import { hashPassword, needsRehash, verifyPassword } from './password';

/**
 * A sign-up that went through answers an account id whether the address was new or
 * taken (a fresh id that names no account then): the answer must not tell which.
 */
export type SignUpResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid_email' | 'weak_password'; messages: string[] }
  | { ok: false; reason: 'throttled'; admission: Extract<RequestAdmission, { ok: false }> };

export type AuthenticateResult =
  | { ok: true; credential: Credential }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; admission: Extract<LoginAdmission, { ok: false }> };

/** Spent on unknown addresses too, so that timing does not tell which addresses exist. */
const dummyHash = hashPassword('splitline-timing-equaliser');

/**
 * What the embedded provider does with accounts, shared by its pages, the Auth0-shaped
 * /dbconnections endpoints and the account actions.
 */
export function createAccountService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  throttle: LoginThrottle;
  requests: MailRequestLimiter;
  background: BackgroundTasks;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, throttle, requests, background, publicUrl } = deps;

  async function sendVerificationEmail(credential: Credential): Promise<void> {
    const token = await issueEmailToken(db, credential.id, 'verify-email');
    await mailer.send(
      verificationMail(credential.email, `${publicUrl}/u/email-verification?ticket=${token}`),
    );
  }

  /** A reset link for an account, valid for an hour, once. */
  async function resetLink(credential: Credential): Promise<string> {
    const token = await issueEmailToken(db, credential.id, 'reset-password');
    return `${publicUrl}/u/reset-password?ticket=${token}`;
  }

  /**
   * The owner of a taken address learns of the attempt by mail, with a reset link: the
   * same work (a token, one mail) as a new account's verification, so that the answer
   * takes about as long either way.
   */
  async function sendExistingAccountEmail(email: string): Promise<void> {
    const owner = await findCredentialByEmail(db, email);
    if (!owner) return; // deleted meanwhile
    await mailer.send(
      existingAccountMail(owner.email, await resetLink(owner), `${publicUrl}/login`),
    );
  }

  async function sendResetEmail(email: string): Promise<void> {
    const credential = isPlausibleEmail(email) ? await findCredentialByEmail(db, email) : undefined;
    if (!credential) {
      deps.log.info('password reset asked for an address without an account');
      return;
    }
    await mailer.send(resetMail(credential.email, await resetLink(credential)));
  }

  return {
    sendVerificationEmail,

    /**
     * Creates an account, or mails the owner of a taken address; the answer is the same
     * (decision 018). The password is hashed either way (createCredential hashes before
     * it tries the insert), so that the time does not tell either.
     */
    async signUp(email: string, password: string, ip: string): Promise<SignUpResult> {
      if (!isPlausibleEmail(email))
        return { ok: false, reason: 'invalid_email', messages: ['Enter a valid e-mail address.'] };
      const problems = checkPassword(password, email);
      if (problems.length > 0) return { ok: false, reason: 'weak_password', messages: problems };
      const admission = await requests.admit('signup', email, ip);
      if (!admission.ok) return { ok: false, reason: 'throttled', admission };
      const credential = await createCredential(db, email, password);
      if (!credential) {
        await sendExistingAccountEmail(email);
        return { ok: true, accountId: randomUUID() };
      }
      await sendVerificationEmail(credential);
      return { ok: true, accountId: credential.id };
    },

    /**
     * Checks an address and password; the same answer for an unknown address and a wrong
     * password. The attempt is counted before the check (login-throttle.ts).
     */
    async authenticate(email: string, password: string, ip: string): Promise<AuthenticateResult> {
      const admission = await throttle.admit(email, ip);
      if (!admission.ok) return { ok: false, reason: 'throttled', admission };
      const credential = await findCredentialByEmail(db, email);
      const valid = await verifyPassword(password, credential?.password_hash ?? (await dummyHash));
      if (!credential || !valid) return { ok: false, reason: 'invalid' };
      await throttle.succeeded(admission.attempt);
      if (needsRehash(credential.password_hash)) await setPassword(db, credential.id, password);
      return { ok: true, credential };
    },

    /**
     * Counts the request, then answers at once: the lookup and the mail run after the
     * answer, so that it takes the same time whether or not the address has an account.
     */
    async requestPasswordReset(email: string, ip: string): Promise<RequestAdmission> {
      const admission = await requests.admit('reset', email, ip);
      if (admission.ok) background.run('password reset mail', () => sendResetEmail(email));
      return admission;
    },

    /** Sets a new password from a reset link; the link is used up only when it succeeds. */
    async resetPassword(token: string, credentialId: string, password: string): Promise<string[]> {
      const credential = await findCredentialById(db, credentialId);
      if (!credential) return ['This link is no longer valid.'];
      const problems = checkPassword(password, credential.email);
      if (problems.length > 0) return problems;
      if ((await redeemEmailToken(db, token, 'reset-password')) !== credential.id)
        return ['This link is no longer valid.'];
      await setPassword(db, credential.id, password);
      await throttle.forgetAddress(credential.email);
      // Whoever could open the mail owns the address.
      if (!credential.email_verified) await markEmailVerified(db, credential.id);
      return [];
    },

    /** Marks the address verified; false when the link is unknown, used or expired. */
    async verifyEmail(token: string): Promise<boolean> {
      const credentialId = await redeemEmailToken(db, token, 'verify-email');
      if (!credentialId) return false;
      await markEmailVerified(db, credentialId);
      return true;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
