import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AccountService } from '../account-service';
import { interactionToken, isValidInteractionToken } from '../form-guard';
import type { IdentityKeys } from '../keys';
import { throttledMessage } from '../login-throttle';
import { tooManyRequestsMessage } from '../request-limits';
import { loginPage, signupPage } from '../pages/login';
import { messagePage } from '../pages/password';

interface Deps {
  provider: Provider;
  accounts: AccountService;
  keys: IdentityKeys;
}

type Params = {
  Params: { uid: string };
  Querystring: { screen?: string };
  Body: Record<string, unknown>;
};

const WRONG_CREDENTIALS = 'Wrong e-mail address or password.';
const EXPIRED = 'This sign-in page has expired. Go back to Splitline and sign in again.';
/**
 * After a sign-up, new address or taken (decision 018): the mail says which it was, to
 * the address's owner only.
 */
export const SIGNUP_NOTICE =
  'Thank you. We have sent a message to this address: a link to confirm it, or, if the address already has an account, a note to its owner. Sign in with your password to continue.';

/**
 * Our pages of the provider's interactions (`interactions.url`): sign in, or create an
 * account when the app asked for `screen_hint=signup`. Consent is implied for our own
 * client (provider.ts, loadExistingGrant), so login is the only prompt a user meets.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { provider, accounts, keys }: Deps,
): Promise<void> {
  /** The interaction of this browser, if it is the one in the URL; else an answered reply. */
  async function interactionOf(request: FastifyRequest<Params>, reply: FastifyReply) {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === request.params.uid) return details;
    } catch {
      // no interaction cookie, or the interaction expired
    }
    await reply.code(400).type('text/html').send(messagePage('Sign-in expired', EXPIRED));
    return undefined;
  }

  async function finishLogin(
    request: FastifyRequest<Params>,
    reply: FastifyReply,
    accountId: string,
  ) {
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, remember: true } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  }

  const form = (request: FastifyRequest<Params>) => ({
    uid: request.params.uid,
    csrf: interactionToken(keys, request.params.uid),
    email: typeof request.body?.email === 'string' ? request.body.email.trim() : '',
  });
  const field = (request: FastifyRequest<Params>, name: string) =>
    typeof request.body?.[name] === 'string' ? (request.body[name] as string) : '';

  /**
   * The interaction a form was posted to, when both it and the form's token are valid;
   * otherwise answers (expired sign-in, or the form page again with a fresh token) and
   * gives undefined.
   */
  async function postedInteraction(
    request: FastifyRequest<Params>,
    reply: FastifyReply,
    page: typeof loginPage,
  ) {
    const details = await interactionOf(request, reply);
    if (!details) return undefined;
    if (isValidInteractionToken(keys, request.params.uid, request.body?.csrf)) return details;
    await reply
      .code(403)
      .type('text/html')
      .send(page({ ...form(request), errors: ['This form expired. Please try again.'] }));
    return undefined;
  }

  app.get<Params>('/u/login/:uid', async (request, reply) => {
    const details = await interactionOf(request, reply);
    if (!details) return reply;
    const signup = (request.query.screen ?? details.params.screen_hint) === 'signup';
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    const values = { ...form(request), email: hint };
    return reply.type('text/html').send(signup ? signupPage(values) : loginPage(values));
  });

  app.post<Params>('/u/login/:uid', async (request, reply) => {
    if (!(await postedInteraction(request, reply, loginPage))) return reply;
    const result = await accounts.authenticate(
      field(request, 'email'),
      field(request, 'password'),
      request.ip,
    );
    if (result.ok) return finishLogin(request, reply, result.credential.id);
    if (result.reason === 'throttled') {
      return reply
        .code(429)
        .header('retry-after', String(result.admission.retryAfterSeconds))
        .type('text/html')
        .send(loginPage({ ...form(request), errors: [throttledMessage(result.admission)] }));
    }
    return reply
      .code(400)
      .type('text/html')
      .send(loginPage({ ...form(request), errors: [WRONG_CREDENTIALS] }));
  });

  app.post<Params>('/u/login/:uid/signup', async (request, reply) => {
    if (!(await postedInteraction(request, reply, signupPage))) return reply;
    const result = await accounts.signUp(
      field(request, 'email'),
      field(request, 'password'),
      request.ip,
    );
    // Never signed in from here: a new address and a taken one must look the same.
    if (result.ok)
      return reply.type('text/html').send(loginPage({ ...form(request), notice: SIGNUP_NOTICE }));
    if (result.reason === 'throttled') {
      return reply
        .code(429)
        .header('retry-after', String(result.admission.retryAfterSeconds))
        .type('text/html')
        .send(signupPage({ ...form(request), errors: [tooManyRequestsMessage(result.admission)] }));
    }
    return reply
      .code(400)
      .type('text/html')
      .send(signupPage({ ...form(request), errors: result.messages }));
  });
}
