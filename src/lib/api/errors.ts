import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * A 400 answer whose `errors` object was flattened (spec, section 8). `fields` keeps the
 * same messages by field name, so a form can show each one at its input.
 */
export interface ValidationError {
  status: 400;
  data: { messages: string[]; fields: Record<string, string[]> };
}

/**
 * What a failed call rejects with: the flattened 400, or the failure as the server sent
 * it (`{ status, data }`), or `FETCH_ERROR` / `TIMEOUT_ERROR` / `PARSING_ERROR`.
 */
export type ApiError = FetchBaseQueryError;

/**
 * Collects every message of every field of a 400 `errors` object into one flat list,
 * fields in the order the server sent them. Returns `null` when there is no such object.
 *
 * @example
 * flattenErrorMessages({ errors: { email: ['is taken'], name: ['too long', 'has digits'] } });
 * // => ['is taken', 'too long', 'has digits']
 */
export function flattenErrorMessages(body: unknown): string[] | null {
  const fields = collectErrorFields(body);
  return fields && Object.values(fields).flat();
}

/**
 * The messages of a 400 `errors` object by field name, each as a list of strings.
 * Returns `null` when there is no such object.
 *
 * @example
 * collectErrorFields({ errors: { firstName: ['is required'], email: 'is taken' } });
 * // => { firstName: ['is required'], email: ['is taken'] }
 */
export function collectErrorFields(body: unknown): Record<string, string[]> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errors } = body as { errors?: unknown };
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(errors as Record<string, unknown>)) {
    if (Array.isArray(messages)) fields[name] = messages.map(String);
    else if (typeof messages === 'string') fields[name] = [messages];
  }
  return fields;
}

/**
 * Narrows an RTK Query error to the flattened 400, so a form can list the messages.
 *
 * @example
 * if (isValidationError(error)) message.error(error.data.messages.join(' '));
 */
export function isValidationError(error: unknown): error is ValidationError {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as {
    status?: unknown;
    data?: { messages?: unknown; fields?: unknown };
  };
  return (
    status === 400 &&
    Array.isArray(data?.messages) &&
    typeof data?.fields === 'object' &&
    data.fields !== null
  );
}
