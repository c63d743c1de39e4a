import type { FormInstance } from 'antd';
import { isValidationError } from '../lib/api';

/** What a failed call leaves for the form to show outside its fields. */
export interface FormFailure {
  /** Messages of server fields this form does not have, by the server's field name. */
  otherFields: Record<string, string[]>;
  /** Every message for an alert above the form: the other fields' messages, or one
   * sentence for a failure that is not a 400 (see `describeFailure`). */
  messages: string[];
}

/** The form field a server field belongs to: the same name, or its first segment
 * (`rosterIds.2` belongs to `rosterIds`). */
function formFieldOf(serverField: string, fieldNames: readonly string[]): string | undefined {
  if (fieldNames.includes(serverField)) return serverField;
  const head = serverField.split('.')[0] ?? serverField;
  return fieldNames.includes(head) ? head : undefined;
}

/**
 * Puts a failed call's 400 messages at the form's fields (by the server's field names,
 * `list.3` at `list`) and answers what is left: the other fields by name, so a caller can
 * treat one specially (e.g. `athleteSpots` with a link to the Store), and every message
 * for an alert.
 *
 * @example
 * catch (error) {
 *   const { otherFields, messages } = placeServerErrors(form, error, ['firstName', 'rosterIds']);
 *   setSpotsMessage(otherFields.athleteSpots?.join(' ') ?? null);
 * }
 */
export function placeServerErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fieldNames: ReadonlyArray<keyof T & string>,
): FormFailure {
  if (!isValidationError(error)) return { otherFields: {}, messages: [describeFailure(error)] };
  const atFields = new Map<string, string[]>();
  const otherFields: Record<string, string[]> = {};
  for (const [serverField, messages] of Object.entries(error.data.fields)) {
    const field = formFieldOf(serverField, fieldNames);
    if (field) atFields.set(field, [...(atFields.get(field) ?? []), ...messages]);
    else otherFields[serverField] = messages;
  }
  form.setFields(
    [...atFields].map(([name, errors]) => ({
      name: name as Parameters<typeof form.getFieldError>[0],
      errors,
    })),
  );
  return { otherFields, messages: Object.values(otherFields).flat() };
}

/**
 * `placeServerErrors` for forms that show every other message in one alert.
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
  return placeServerErrors(form, error, fieldNames).messages;
}

/**
 * A sentence for a failure: the server's own `message` when it sent one, the 400's
 * messages when it is a validation error, else a sentence by kind.
 *
 * @example
 * describeFailure({ status: 'FETCH_ERROR', error: 'TypeError' }); // 'The server could not be reached. ...'
 */
export function describeFailure(error: unknown): string {
  if (isValidationError(error)) return error.data.messages.join(' ');
  const status = (error as { status?: unknown } | null)?.status;
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  if (typeof message === 'string' && message) return message;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR')
    return 'The server could not be reached. Check your connection and try again.';
  return 'Something went wrong on our side. Please try again in a moment.';
}
