import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MessageBody } from '../../contract/errors';
import {
  ChangePasswordBody,
  TelemetryPreferenceBody,
  UpdateUserBody,
  UserBody,
  VERIFICATION_MAIL_INTERVAL_SECONDS,
} from '../../contract/user';
import type { FastifyRequest } from 'fastify';
import { workspacesOf } from '../workspace';
import { createAttemptThrottle } from '../identity';
import { badRequest, HttpError } from '../plugins/http-errors';
import { athleteSpots } from '../store';
import { isEmailVerified } from './identity-facts';
import { localLogoStore } from './logo-store';
import { purgeAccount } from './purge';
import { getUser, setTelemetryOptOut, toUserBody, updateProfile } from './repository';
import { claimVerificationMail, releaseVerificationMail } from './verification-mail';
import { common, done, security } from '../plugins/route-schema';

export const TOO_MANY_PASSWORD_GUESSES =
  'Too many wrong current passwords. Wait 15 minutes and try again, or sign out and reset your password.';

/** What every route here may answer besides its success (the API guard's 401). */

/**
 * `/api/user` for the current workspace (decision 035): the person's own profile,
 * address and telemetry from their users row; the spots and logo of the workspace the
 * request acts in; their role there and every workspace they belong to (the switcher).
 */
async function userBody(app: FastifyInstance, request: FastifyRequest): Promise<UserBody> {
  const { account, member, userId } = request;
  const [user, workspace, verified, spots, workspaces] = await Promise.all([
    getUser(app.db, userId),
    account.id === userId ? undefined : getUser(app.db, account.id),
    isEmailVerified(app, account.sub, { emailVerified: account.emailVerified }),
    athleteSpots(app.db, account.id),
    workspacesOf(app.db, userId),
  ]);
  return {
    ...toUserBody(user, verified, spots),
    id: account.id,
    logoUrl: (workspace ?? user).logo_url,
    userId,
    role: member?.role ?? null,
    rosterIds: member?.rosterIds?.map(Number) ?? null,
    workspaces,
  };
}

/** The signed-in user's own account: `/api/user` and its actions (spec section 7). */
const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['user'];

  app.get(
    '/user',
    {
      schema: {
        summary: 'The signed-in user',
        tags,
        security,
        response: { 200: UserBody, ...common },
      },
    },
    async (request) => userBody(app, request),
  );

  app.put(
    '/user',
    {
      schema: {
        summary: 'Save the profile (sets hasUpdatedProfile)',
        tags,
        security,
        body: UpdateUserBody,
        response: { 200: UserBody, ...common },
      },
    },
    async (request) => {
      const firstName = request.body.firstName.trim();
      const lastName = request.body.lastName.trim();
      const errors: Record<string, string[]> = {};
      if (!firstName) errors.firstName = ['must not be empty'];
      if (!lastName) errors.lastName = ['must not be empty'];
      if (Object.keys(errors).length > 0) throw badRequest(errors);
      const organisation = request.body.organisation?.trim();
      // The person's own row (their names; the organisation names their own workspace).
      await updateProfile(app.db, request.userId, { firstName, lastName, organisation });
      return userBody(app, request);
    },
  );

  app.put(
    '/user/telemetry',
    {
      schema: {
        summary: 'Switch usage telemetry off or on for this user, in every browser',
        description:
          'The app stops sending at once when switched off and reads the choice from GET /api/user ' +
          'on every start (docs/telemetry.md).',
        tags,
        security,
        body: TelemetryPreferenceBody,
        response: { 200: UserBody, ...common },
      },
    },
    async (request) => {
      await setTelemetryOptOut(app.db, request.userId, request.body.optOut);
      return userBody(app, request);
    },
  );

  const logos = localLogoStore(app.config.dataDir);
  app.delete(
    '/user/purge',
    {
      schema: {
        summary: "Delete all of the account's data; the account and its sign-in stay",
        tags,
        security,
        response: { 204: done, ...common },
      },
    },
    async (request, reply) => {
      const logo = await purgeAccount(app.db, request.account.id);
      // After the commit: a failed transaction must not have lost the logo.
      await logos.remove(logo).catch((error: unknown) => {
        request.log.warn({ err: error, logo }, 'purge: the old logo file stays behind');
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/verification-email',
    {
      schema: {
        summary: 'Send the verification e-mail again (once a minute)',
        tags,
        security,
        response: { 204: done, 409: MessageBody, 429: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { sub, email } = request.account;
      const id = request.userId;
      const claim = await claimVerificationMail(app.db, id, VERIFICATION_MAIL_INTERVAL_SECONDS);
      if (!claim.ok) {
        reply.header('retry-after', String(claim.retryAfterSeconds));
        throw new HttpError(429, {
          message: `A verification e-mail was just sent; try again in ${claim.retryAfterSeconds} s.`,
        });
      }
      let sent: boolean;
      try {
        sent = await app.identity.accountActions.resendVerificationEmail({ sub, email });
      } catch (error) {
        await releaseVerificationMail(app.db, id, claim.previous);
        throw error;
      }
      if (!sent) throw new HttpError(409, { message: 'Your e-mail address is verified already.' });
      return reply.code(204).send(null);
    },
  );

  /** Guesses at the current password, per account and per IP, as the sign-in page counts them. */
  const passwordGuesses = createAttemptThrottle(app.db, 'PasswordChangeThrottle');
  app.post(
    '/user/password',
    {
      schema: {
        summary: 'Change the password (the current one re-authenticates)',
        tags,
        security,
        body: ChangePasswordBody,
        response: { 204: done, 429: MessageBody, ...common },
      },
    },
    async (request, reply) => {
      const { sub, email } = request.account;
      const id = request.userId;
      if (!(await passwordGuesses.admit(id, request.ip))) {
        reply.header('retry-after', String(passwordGuesses.windowSeconds));
        throw new HttpError(429, { message: TOO_MANY_PASSWORD_GUESSES });
      }
      const { currentPassword, newPassword } = request.body;
      const result = await app.identity.accountActions.changePassword(
        { sub, email },
        currentPassword,
        newPassword,
      );
      if (!result.ok) {
        // A wrong current password keeps its attempt; any other refusal gives it back.
        if (result.field !== 'currentPassword') await passwordGuesses.succeeded(id, request.ip);
        throw badRequest({ [result.field]: result.messages });
      }
      await passwordGuesses.succeeded(id, request.ip);
      return reply.code(204).send(null);
    },
  );
};

export default userRoutes;
