import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountService } from '../account-service';
import { findCredentialById } from '../credentials';
import { peekEmailToken } from '../email-tokens';
import { forgotPasswordPage, messagePage, resetPasswordPage } from '../pages/password';
import { isPlausibleEmail } from '../password-policy';
import { tooManyRequestsMessage } from '../request-limits';

type Ticket = { Querystring: { ticket?: string } };
type Form = { Body: Record<string, unknown> };

const text = (body: Record<string, unknown> | undefined, name: string) =>
  typeof body?.[name] === 'string' ? (body[name] as string) : '';

const LINK_INVALID =
  'This link has expired or was already used. Ask for a new one from the sign-in page.';
const CHECK_MAIL =
  'If an account exists for that address, we have sent it a link to choose a new password. The link works for 1 hour.';

/** The pages reached from mails and from "Forgot password?": verify, forgot, reset. */
export async function emailLinkRoutes(
  app: FastifyInstance,
  { db, accounts }: { db: Kysely<Database>; accounts: AccountService },
) {
  app.get<Ticket>('/u/email-verification', async (request, reply) => {
    const verified = await accounts.verifyEmail(request.query.ticket ?? '');
    if (!verified)
      return reply.code(400).type('text/html').send(messagePage('Link expired', LINK_INVALID));
    return reply.type('text/html').send(
      messagePage('E-mail verified', 'Thank you: your e-mail address is verified.', {
        href: '/login',
        label: 'Continue to Splitline',
      }),
    );
  });

  app.get('/u/forgot-password', async (_request, reply) =>
    reply.type('text/html').send(forgotPasswordPage()),
  );

  app.post<Form>('/u/forgot-password', async (request, reply) => {
    const email = text(request.body, 'email').trim();
    if (!isPlausibleEmail(email)) {
      return reply
        .code(400)
        .type('text/html')
        .send(forgotPasswordPage({ email, errors: ['Enter a valid e-mail address.'] }));
    }
    const admission = await accounts.requestPasswordReset(email, request.ip);
    if (!admission.ok) {
      return reply
        .code(429)
        .header('retry-after', String(admission.retryAfterSeconds))
        .type('text/html')
        .send(forgotPasswordPage({ email, errors: [tooManyRequestsMessage(admission)] }));
    }
    return reply.type('text/html').send(messagePage('Check your e-mail', CHECK_MAIL));
  });

  async function ticketOwner(ticket: string) {
    const credentialId = ticket ? await peekEmailToken(db, ticket, 'reset-password') : undefined;
    return credentialId ? findCredentialById(db, credentialId) : undefined;
  }

  app.get<Ticket>('/u/reset-password', async (request, reply) => {
    const ticket = request.query.ticket ?? '';
    const credential = await ticketOwner(ticket);
    if (!credential)
      return reply.code(400).type('text/html').send(messagePage('Link expired', LINK_INVALID));
    return reply.type('text/html').send(resetPasswordPage({ ticket, email: credential.email }));
  });

  app.post<Form>('/u/reset-password', async (request, reply) => {
    const ticket = text(request.body, 'ticket');
    const credential = await ticketOwner(ticket);
    if (!credential)
      return reply.code(400).type('text/html').send(messagePage('Link expired', LINK_INVALID));
    const errors = await accounts.resetPassword(
      ticket,
      credential.id,
      text(request.body, 'password'),
    );
    if (errors.length > 0) {
      return reply
        .code(400)
        .type('text/html')
        .send(resetPasswordPage({ ticket, email: credential.email, errors }));
    }
    return reply
      .type('text/html')
      .send(messagePage('Password changed', 'Your new password is saved. Sign in with it now.'));
  });
}
