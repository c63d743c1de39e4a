import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../account-service';
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
    const result = await accounts.signUp(str(request.body?.email), str(request.body?.password));
    if (result.ok) {
      const { id, email } = result.credential;
      return { _id: id, email, email_verified: false };
    }
    const answer =
      result.reason === 'weak_password'
        ? badRequest('invalid_password', result.messages.join(' '), 'PasswordStrengthError')
        : result.reason === 'invalid_email'
          ? badRequest('invalid_parameter', result.messages.join(' '))
          : badRequest('invalid_signup', 'Invalid sign up');
    return reply.code(400).send(answer);
  });

  app.post<Body>('/dbconnections/change_password', async (request, reply) => {
    const invalid = checkClient(request.body);
    if (invalid) return reply.code(400).send(invalid);
    await accounts.requestPasswordReset(str(request.body?.email).trim());
    return reply.type('text/plain; charset=utf-8').send(RESET_SENT);
  });
}
