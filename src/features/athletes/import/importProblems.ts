import { describeFailure } from '../../../components/serverErrors';
import { isValidationError } from '../../../lib/api';

/** `rows.<line>.<column>` (contract/athlete.ts) → "Line 3, birthDate: …". */
function describeField(field: string, message: string): string {
  const row = /^rows\.(\d+)(?:\.(.+))?$/.exec(field);
  if (!row) return message;
  return row[2] ? `Line ${row[1]}, ${row[2]}: ${message}` : `Line ${row[1]}: ${message}`;
}

/**
 * Why an import commit was refused, one line per message, the line and column named.
 *
 * @example
 * importProblems({ status: 400, data: { messages: ['is not a date'], fields: { 'rows.3.birthDate': ['is not a date'] } } });
 * // => ['Line 3, birthDate: is not a date']
 */
export function importProblems(error: unknown): string[] {
  if (!isValidationError(error)) return [describeFailure(error)];
  return Object.entries(error.data.fields).flatMap(([field, messages]) =>
    messages.map((message) => describeField(field, message)),
  );
}

/** One row's messages by column, as lines: "birthDate: is not a date". */
export function rowProblems(errors: Record<string, string[]>): string[] {
  return Object.entries(errors).flatMap(([column, messages]) =>
    messages.map((message) => (column ? `${column}: ${message}` : message)),
  );
}

/** Reads a chosen file as text (UTF-8). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
