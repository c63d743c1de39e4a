import { Type, type Static } from 'typebox';

/**
 * Error answers of the API. Every route may answer with these; the app turns a 400's
 * `errors` into one flat list of messages (spec section 8).
 *
 * Field names are paths inside the validated part of the request (querystring, params or
 * body), segments joined with dots: `pageSize`, `name`, `items.3.time`. A part that is
 * wrong as a whole (say a body that is not an object) is named after the part: `body`.
 */
export const ValidationErrorBody = Type.Object(
  { errors: Type.Record(Type.String(), Type.Array(Type.String())) },
  { title: 'ValidationError', description: 'The request was invalid; messages by field.' },
);
export type ValidationErrorBody = Static<typeof ValidationErrorBody>;

/**
 * Any other client error (404, 405 with `Allow`, 409, 413, 415, 429, ...), and 503 when
 * the database cannot be reached (with `Retry-After` in seconds: the same request works
 * once it is back).
 */
export const MessageBody = Type.Object(
  { message: Type.String() },
  { title: 'Message', description: 'What went wrong, for a person to read.' },
);
export type MessageBody = Static<typeof MessageBody>;

/** 5xx: nothing of the cause, only an id to find it in the server's log. */
export const ServerErrorBody = Type.Object(
  { message: Type.String(), requestId: Type.String() },
  { title: 'ServerError', description: 'The server failed; quote requestId when reporting it.' },
);
export type ServerErrorBody = Static<typeof ServerErrorBody>;
