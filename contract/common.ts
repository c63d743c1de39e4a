import { Type } from 'typebox';

/**
 * The schemas every domain shares, so that each rule about hostile input holds in one
 * place (docs/decisions/017-hostile-input.md): ids, text and days. A value these refuse
 * is a 400 in the `errors` shape; one they let through must be one both database
 * engines take, never a 500.
 */

/**
 * The largest id the API takes: PostgreSQL's `integer` (event types, sports, positions).
 * Rows with `bigint` ids (athletes, rosters, results, keys) are counted from 1 and stay far
 * below it; one rule for every id keeps a client's ids the same type everywhere.
 */
export const MAX_ID = 2_147_483_647;

/** The range of every id, for schemas that add a default or a description. */
export const ID_RANGE = { minimum: 1, maximum: MAX_ID } as const;

/** An id: in paths, queries and bodies alike. */
export const Id = Type.Integer(ID_RANGE);

/** Path parameters of the `/{id}` routes. */
export const IdParams = Type.Object({ id: Id });

/**
 * Text without NUL (U+0000): PostgreSQL's `text` cannot hold it and refuses the whole
 * statement. Checked by the schema, so that a name, a query or a key name with one is a
 * 400 before any code or query sees it (plugins/validation-errors.ts words the message).
 */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

/** A string of text that any column can store (no NUL); options as `Type.String`'s. */
export function Text(options: Parameters<typeof Type.String>[0] = {}) {
  return Type.String({ ...options, pattern: NO_NUL_PATTERN });
}

/**
 * The days a query may name. Both engines and JavaScript's Date take far more, but the
 * day after the last (an end date is exclusive at the next midnight) must still be a
 * four-digit year, and no result or athlete is older than the first.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2999-12-31';

/**
 * A calendar day `YYYY-MM-DD` from FIRST_DAY to LAST_DAY: `format: date` refuses days
 * that do not exist (2024-02-30), `formatMinimum`/`formatMaximum` (ajv-formats) the range.
 */
export function Day(options: { description?: string } = {}) {
  return Type.String({
    format: 'date',
    formatMinimum: FIRST_DAY,
    formatMaximum: LAST_DAY,
    ...options,
  });
}

/** The schema, or `null`. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
