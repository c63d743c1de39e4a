import { Type } from 'typebox';

/**
 * The schemas every domain shares, so that each rule about hostile input holds in one
 * place (docs/decisions/017-hostile-input.md, docs/api-input.md): ids, text and days. A value these refuse
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

/**
 * `pageNumber` of every paged list: from 1, and within int4 like an id, so that an
 * answer echoes the number asked for (`18446744073709551616` came back as
 * `18446744073709552000`).
 */
export const PageNumber = Type.Integer({ minimum: 1, maximum: MAX_ID, default: 1 });

/**
 * One of a const list's values, as `{ enum: [...] }` typed as the union of the values
 * (`Type.Union` of a plain mapped array has the same JSON schema but the static type `never`).
 * @example sort: Type.Optional(literals(PROFILE_SORTS, { default: DEFAULT_PROFILE_SORT }))
 */
export const literals = <const T extends readonly string[]>(
  values: T,
  options: { default?: T[number]; description?: string } = {},
) => Type.Enum([...values] as T[number][], options);

/** Path parameters of the `/{id}` routes. */
export const IdParams = Type.Object({ id: Id });

/*
 * Text of input, by kind. Each kind is a `Type.String` with a pattern, so that the rule
 * is checked before any code sees the value and the OpenAPI document states it; a value
 * the pattern refuses is a 400 with the kind's message (plugins/validation-errors.ts).
 * Every kind refuses:
 * - NUL (U+0000): PostgreSQL's `text` cannot hold it and refuses the whole statement;
 * - the other control characters of C0 and C1 (U+0001-U+001F, U+007F-U+009F: ESC, DEL,
 *   ...), which no name or label holds and which terminals and log viewers act on;
 * - unpaired surrogates (U+D800-U+DFFF; Ajv's patterns are `u` regular expressions, in
 *   which a pair matches as the one character it is, so emoji pass), which are no
 *   Unicode text and were stored as U+FFFD;
 * - U+FFFD itself, the mark of text decoded wrongly somewhere before: the athlete CSV
 *   import refuses a file holding it as not UTF-8, so a stored one could not be
 *   exported and imported again.
 */

/** Characters of no kind of text, as a character-class range (see above). */
const NEVER = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ud800-\\udfff\\ufffd';

/**
 * One line of text: names, labels, search text, identifiers, URLs, e-mail addresses. No
 * tab or line break either (U+0009, U+000A, U+000D, and the separators U+2028, U+2029).
 */
export const LINE_PATTERN = `^[^${NEVER}\\u0009\\u000a\\u000d\\u2028\\u2029]*$`;
export const LINE_MESSAGE =
  'must be one line of plain text: no tabs, line breaks, control characters or U+FFFD';

/** Text of several lines (notes, descriptions): tabs and line breaks allowed. */
export const TEXT_PATTERN = `^[^${NEVER}]*$`;
export const TEXT_MESSAGE =
  'must be plain text: no control characters other than tabs and line breaks, and no U+FFFD';

const line = new RegExp(LINE_PATTERN, 'u');

/** True when `value` is one line of plain text (LINE_PATTERN), for checks outside schemas. */
export function isLine(value: string): boolean {
  return line.test(value);
}

/**
 * One line of text (LINE_PATTERN); options as `Type.String`'s. Every input string that is
 * a name, a label, a query or a key uses it: no field of the API takes several lines yet.
 */
export function Line(options: Parameters<typeof Type.String>[0] = {}) {
  return Type.String({ ...options, pattern: LINE_PATTERN });
}

/** Text that may span lines (TEXT_PATTERN); options as `Type.String`'s. */
export function Text(options: Parameters<typeof Type.String>[0] = {}) {
  return Type.String({ ...options, pattern: TEXT_PATTERN });
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
