import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../account-service';
import { normalizeEmail } from '../credentials';
import { tooManyRequestsMessage, type RequestAdmission } from '../request-limits';
import { APP_CLIENT_ID } from '../settings';

/**
 * Auth0's public database-connection endpoints, same paths and shapes, so that the app
 * (or a script) may call them whichever provider is configured.
 * https://auth0.com/docs/api/authentication#signup and #change-password
 */
export const CONNECTION = 'Username-Password-Authentication';
export const RESET_SENT = "We've just sent you an email to reset your password.";

type Body = {
  Body:
    { client_id?: unknown; email?: unknown; password?: unknown; connection?: unknown } | undefined;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function badRequest(code: string, description: string, name = 'BadRequestError') {
  return { name, code, description, message: description, statusCode: 400 };
}

/** Auth0's answer when a client or an address asked too often. */
function tooMany(admission: Extract<RequestAdmission, { ok: false }>) {
  const description = tooManyRequestsMessage(admission);
  return {
    name: 'TooManyRequestsError',
    code: 'too_many_requests',
    description,
    message: description,
    statusCode: 429,
  };
}

export async function dbConnectionRoutes(
  app: FastifyInstance,
  { accounts }: { accounts: AccountService },
) {
  const checkClient = (body: Body['Body']) =>
    str(body?.client_id) !== APP_CLIENT_ID
      ? badRequest('invalid_client', 'Unknown client.')
      : body?.connection !== undefined && str(body.connection) !== CONNECTION
        ? badRequest('invalid_connection', 'Unknown connection.')
        : undefined;

  app.post<Body>('/dbconnections/signup', async (request, reply) => {
    const invalid = checkClient(request.body);
    if (invalid) return reply.code(400).send(invalid);
    const email = str(request.body?.email);
    const result = await accounts.signUp(email, str(request.body?.password), request.ip);
    // A taken address gets the same answer as a new one (decision 018); its owner is mailed.
    if (result.ok)
      return { _id: result.accountId, email: normalizeEmail(email), email_verified: false };
    if (result.reason === 'throttled') {
      reply.header('retry-after', String(result.admission.retryAfterSeconds));
      return reply.code(429).send(tooMany(result.admission));
    }
    const answer =
      result.reason === 'weak_password'
        ? badRequest('invalid_password', result.messages.join(' '), 'PasswordStrengthError')
        : badRequest('invalid_parameter', result.messages.join(' '));
    return reply.code(400).send(answer);
  });

  app.post<Body>('/dbconnections/change_password', async (request, reply) => {
    const invalid = checkClient(request.body);
    if (invalid) return reply.code(400).send(invalid);
    const admission = await accounts.requestPasswordReset(
      str(request.body?.email).trim(),
      request.ip,
    );
    if (!admission.ok) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      return reply.code(429).send(tooMany(admission));
    }
    return reply.type('text/plain; charset=utf-8').send(RESET_SENT);
  });
}
