import { Type } from 'typebox';
import { MessageBody, ValidationErrorBody } from '../../contract/errors';

/**
 * The pieces every API route's schema repeats, defined once: who may call it (the
 * OpenAPI security schemes of plugins/docs.ts), the answers of client errors, and the
 * empty answer of a 204.
 *
 * @example
 * app.delete('/roster/:id', {
 *   schema: { security, params: IdParams, response: { 204: done, ...common, 404: MessageBody } },
 * }, handler);
 */

type Security = { [scheme: string]: string[] }[];

/** A signed-in user's access token (`Authorization: Bearer <token>`). */
export const security: Security = [{ bearerAuth: [] }];

/** A signed-in user's token, or an API key of the account (timing devices and apps). */
export const userOrApiKey: Security = [{ bearerAuth: [] }, { apiKey: [] }];

/** 400 with the `errors` shape, 401 without a valid token. */
export const common = { 400: ValidationErrorBody, 401: MessageBody };

/** The body of a 204. */
export const done = Type.Null({ description: 'Done; no content.' });

/**
 * The 200 of a route that answers a file or a stream (CSV, PDF, Server-Sent Events), for
 * the API reference: the media type is declared on this answer only, so that the error
 * answers beside it are JSON, as they are. A route-wide `produces` listed them under the
 * file's type too (a 400 of `text/csv`).
 * @example response: { 200: fileAnswer('text/csv', 'The athletes, one a row'), ...common }
 */
export function fileAnswer(
  mediaType: string,
  description: string,
  schema: object = { type: 'string' },
): { description: string; content: Record<string, { schema: object }> } {
  return { description, content: { [mediaType]: { schema } } };
}
