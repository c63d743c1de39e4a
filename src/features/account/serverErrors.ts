import type { FormInstance } from 'antd';
import { isValidationError } from '../../lib/api';

/**
 * Puts a failed call's 400 messages at the form's fields (by the server's field names)
 * and answers the messages that belong to no field of this form, plus a sentence for any
 * other failure, for an alert above the form.
 *
 * @example
 * try { await updateUser(values).unwrap(); }
 * catch (error) { setFormErrors(showServerErrors(form, error, ['firstName', 'lastName'])); }
 */
export function showServerErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fieldNames: ReadonlyArray<keyof T & string>,
): string[] {
  if (!isValidationError(error)) return [describeFailure(error)];
  const atFields = Object.entries(error.data.fields).filter(([name]) =>
    (fieldNames as readonly string[]).includes(name),
  );
  form.setFields(
    atFields.map(([name, errors]) => ({
      name: name as Parameters<typeof form.getFieldError>[0],
      errors,
    })),
  );
  const placed = new Set(atFields.map(([name]) => name));
  const rest = Object.entries(error.data.fields)
    .filter(([name]) => !placed.has(name))
    .flatMap(([, messages]) => messages);
  return rest;
}

/**
 * A sentence for a failure that is not a validation error.
 *
 * @example
 * describeFailure({ status: 'FETCH_ERROR', error: 'TypeError' }); // 'The server could not be reached. ...'
 */
export function describeFailure(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  if (typeof message === 'string' && message) return message;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR')
    return 'The server could not be reached. Check your connection and try again.';
  return 'Something went wrong on our side. Please try again in a moment.';
}
