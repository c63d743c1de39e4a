import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageBody, ServerErrorBody } from '../../contract/errors';
import { DISK_FULL_MESSAGE, DISK_FULL_RETRY_AFTER_SECONDS } from '../db/disk-space';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseErrorFacts,
  isDatabaseUnavailable,
} from '../db/unavailable';
import { HttpError } from './http-errors';
import { fieldErrors } from './validation-errors';

/**
 * The one error handler. Client errors say what was wrong; server errors say nothing of
 * their cause (it goes to the log, under the request id that the answer carries).
 * - schema validation failure → 400 `{ errors: { field: [messages] } }`
 * - `badRequest()` / `notFound()` / ... (plugins/http-errors.ts) → their status and body;
 *   so is a JSON body that is not UTF-8, nests too deep or escapes a lone surrogate
 *   (plugins/json-body.ts): 400 `{ errors: { body: [message] } }`
 * - other 400s from Fastify (malformed JSON, ...) → 400 `{ errors: { request: [message] } }`
 * - other 4xx from Fastify and its plugins (413, 415, 429) → `{ message }`; so are the
 *   404 of an unknown API path and the 405 (with `Allow`) of a method its path does not
 *   take (plugins/methods.ts)
 * - the database cannot be reached (db/unavailable.ts) → 503 `{ message }` with
 *   `Retry-After`: the same request will work once it is back (decision 015)
 * - the disk is full (ENOSPC, or SQLSTATE 53100 disk_full) → 503 `{ message }` with
 *   `Retry-After`: what the disk guard says up-front (plugins/disk.ts, decision 039), for
 *   a write that got past it (a logo upload, the PostgreSQL server's own disk)
 * - anything else → 500 `{ message: 'Internal server error', requestId }`
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply
          .code(400)
          .send({ errors: fieldErrors(error.validation, error.validationContext) });
      }
      if (error instanceof HttpError) {
        if (error.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return reply.code(error.statusCode).send(error.body);
      }
      const status = error.statusCode ?? 500;
      if (status === 400) {
        return reply.code(400).send({ errors: { request: [error.message] } });
      }
      if (status > 400 && status < 500) {
        return reply.code(status).send({ message: error.message });
      }
      if (isDatabaseUnavailable(error)) {
        // A warning, not an error: the outage is the database's, and this line repeats
        // for every request while it lasts.
        request.log.warn({ cause: databaseErrorFacts(error) }, 'database unavailable');
        const body: MessageBody = { message: DATABASE_UNAVAILABLE_MESSAGE };
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(body);
      }
      if (isDiskFull(error)) {
        request.log.warn({ cause: databaseErrorFacts(error) }, 'write failed: the disk is full');
        const body: MessageBody = { message: DISK_FULL_MESSAGE };
        return reply
          .code(503)
          .header('retry-after', String(DISK_FULL_RETRY_AFTER_SECONDS))
          .send(body);
      }
      request.log.error({ err: error }, 'request failed');
      const body: ServerErrorBody = {
        message: 'Internal server error',
        requestId: String(request.id),
      };
      return reply.code(status >= 500 && status < 600 ? status : 500).send(body);
    });
  },
  { name: 'errors', fastify: '5.x' },
);

/** ENOSPC (a file) or SQLSTATE 53100 disk_full (the database), here or in a cause. */
function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === 'ENOSPC' || code === '53100') return true;
    current = cause;
  }
  return false;
}
