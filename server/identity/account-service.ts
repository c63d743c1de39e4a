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
import type { LoginThrottle } from './login-throttle';
import type { Mailer } from './mailer';
import { resetMail, verificationMail } from './messages';
import { checkPassword, isPlausibleEmail } from './password-policy';
import { hashPassword, needsRehash, verifyPassword } from './password';

export type SignUpResult =
  | { ok: true; credential: Credential }
  | { ok: false; reason: 'invalid_email' | 'weak_password' | 'exists'; messages: string[] };

export type AuthenticateResult =
  { ok: true; credential: Credential } | { ok: false; reason: 'invalid' | 'throttled' };

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
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, mailer, throttle, publicUrl } = deps;

  async function sendVerificationEmail(credential: Credential): Promise<void> {
    const token = await issueEmailToken(db, credential.id, 'verify-email');
    await mailer.send(
      verificationMail(credential.email, `${publicUrl}/u/email-verification?ticket=${token}`),
    );
  }

  return {
    sendVerificationEmail,

    async signUp(email: string, password: string): Promise<SignUpResult> {
      if (!isPlausibleEmail(email))
        return { ok: false, reason: 'invalid_email', messages: ['Enter a valid e-mail address.'] };
      const problems = checkPassword(password, email);
      if (problems.length > 0) return { ok: false, reason: 'weak_password', messages: problems };
      const credential = await createCredential(db, email, password);
      if (!credential)
        return {
          ok: false,
          reason: 'exists',
          messages: ['We could not create an account with these details.'],
        };
      await sendVerificationEmail(credential);
      return { ok: true, credential };
    },

    /** Checks an address and password; the same answer for an unknown address and a wrong password. */
    async authenticate(email: string, password: string, ip: string): Promise<AuthenticateResult> {
      if (await throttle.isBlocked(email, ip)) return { ok: false, reason: 'throttled' };
      const credential = await findCredentialByEmail(db, email);
      const valid = await verifyPassword(password, credential?.password_hash ?? (await dummyHash));
      if (!credential || !valid) {
        await throttle.recordFailure(email, ip);
        return { ok: false, reason: 'invalid' };
      }
      await throttle.recordSuccess(email);
      if (needsRehash(credential.password_hash)) await setPassword(db, credential.id, password);
      return { ok: true, credential };
    },

    /** Mails a reset link when the address has an account; silent otherwise. */
    async requestPasswordReset(email: string): Promise<void> {
      const credential = isPlausibleEmail(email)
        ? await findCredentialByEmail(db, email)
        : undefined;
      if (!credential) {
        deps.log.info('password reset asked for an address without an account');
        return;
      }
      const token = await issueEmailToken(db, credential.id, 'reset-password');
      await mailer.send(
        resetMail(credential.email, `${publicUrl}/u/reset-password?ticket=${token}`),
      );
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
      await throttle.recordSuccess(credential.email);
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
