import type { MessageBody, ValidationErrorBody } from '../../contract/errors';

/**
 * Errors that route code throws to answer a client error; the error handler
 * (plugins/errors.ts) sends `body` with `statusCode` as is.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ValidationErrorBody | MessageBody,
    /** Sent as `Retry-After` (a 429 or 503 that the same request may pass later). */
    readonly retryAfterSeconds?: number,
  ) {
    super('errors' in body ? 'Validation failed' : body.message);
    this.name = 'HttpError';
  }
}

/**
 * A 400 with messages by field, in the shape of a schema validation failure.
 * @example throw badRequest({ name: ['is taken'] });
 */
export function badRequest(errors: Record<string, string[]>): HttpError {
  return new HttpError(400, { errors });
}

/**
 * A 404 for a resource that does not exist (or belongs to another account: same answer,
 * so that ids of other accounts cannot be probed).
 * @example throw notFound();
 */
export function notFound(message = 'Not found'): HttpError {
  return new HttpError(404, { message });
}

/** @example throw conflict('The roster was changed meanwhile'); */
export function conflict(message: string): HttpError {
  return new HttpError(409, { message });
}

/**
 * A 429 (this account asks too much at once) or 503 (the server as a whole is busy) that
 * the same request may pass in `retryAfterSeconds`.
 * @example throw tryLater(429, 'Two PDFs of this account are being drawn.', 5);
 */
export function tryLater(
  statusCode: 429 | 503,
  message: string,
  retryAfterSeconds: number,
): HttpError {
  return new HttpError(statusCode, { message }, retryAfterSeconds);
}
