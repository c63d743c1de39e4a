import type { FastifySchemaValidationError } from 'fastify';

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
  for (const error of validation) {
    const { field, message } = describe(error, part ?? 'request');
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return errors;
}

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
  return { field: segments.join('.') || part, message: error.message ?? 'is invalid' };
}
