import type { FastifySchemaValidationError } from 'fastify';
import { LINE_MESSAGE, LINE_PATTERN, TEXT_MESSAGE, TEXT_PATTERN } from '../../contract/common';

/**
 * Turns schema validation failures into the API's 400 shape, messages by field.
 *
 * The field is the path inside the validated part (querystring, params, body): the
 * instancePath without its leading slash, segments joined with dots (`items.3.time`);
 * a missing property is named by itself (`name`, `items.3.time`) with "is required";
 * an error about the part as a whole (empty path) is named after the part (`body`).
 */
export function fieldErrors(
  validation: FastifySchemaValidationError[],
  part: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // A day that is no date ("03/01/2025") also fails its range; the format says it all.
  const badFormat = new Set(validation.filter((e) => e.keyword === 'format').map(pathOf));
  // A nullable field that is wrong also fails its null branch and the union of both
  // ("must be null", "must match a schema in anyOf"): the value's own error says it all.
  const explained = new Set(validation.filter((e) => !isUnionEcho(e)).map(pathOf));
  for (const error of validation) {
    if (RANGE_OF_FORMAT.has(error.keyword) && badFormat.has(pathOf(error))) continue;
    if (isUnionEcho(error) && explained.has(pathOf(error))) continue;
    const { field, message } = describe(error, part ?? 'request');
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

/** ajv-formats' range keywords (contract/common.ts `Day`). */
const RANGE_OF_FORMAT = new Set(['formatMinimum', 'formatMaximum']);

const pathOf = (error: FastifySchemaValidationError) => error.instancePath;

/** The errors a union (`Nullable`) adds to its members' own. */
const isUnionEcho = (error: FastifySchemaValidationError) =>
  error.keyword === 'anyOf' ||
  (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null');

function describe(
  error: FastifySchemaValidationError,
  part: string,
): { field: string; message: string } {
  const segments = error.instancePath.split('/').filter(Boolean);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return { field: [...segments, params.missingProperty].join('.'), message: 'is required' };
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return { field: [...segments, params.additionalProperty].join('.'), message: 'is not allowed' };
  }
  return { field: segments.join('.') || part, message: messageOf(error, params) };
}

/** The words for the contract's text patterns (contract/common.ts), by pattern. */
const PATTERN_MESSAGES = new Map<unknown, string>([
  [LINE_PATTERN, LINE_MESSAGE],
  [TEXT_PATTERN, TEXT_MESSAGE],
]);

/** Ajv's message, or ours where Ajv's would quote a pattern that says nothing to a person. */
function messageOf(error: FastifySchemaValidationError, params: Record<string, unknown>): string {
  const patternMessage = error.keyword === 'pattern' && PATTERN_MESSAGES.get(params.pattern);
  if (patternMessage) return patternMessage;
  if (error.keyword === 'formatMinimum') return `must be ${String(params.limit)} or later`;
  if (error.keyword === 'formatMaximum') return `must be ${String(params.limit)} or earlier`;
  return error.message ?? 'is invalid';
}
