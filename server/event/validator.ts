import type { ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { EventBatchInput, EventInput } from '../../contract/event';
import { compileBody, validatorCompiler } from '../plugins/validators';

/**
 * The body validator of `POST /api/event`, whose body is one result or `{ items }`.
 * A JSON Schema `anyOf` of the two would report the errors of both shapes, so this picks
 * the shape by the presence of `items` and reports that shape's errors only: fields
 * are `timeMs` for one result, `items.3.timeMs` in a batch. Same validator (no type
 * coercion, unknown fields refused: plugins/validators.ts), field naming and messages
 * as every other route.
 */
const single = compileBody(EventInput);
const batch = compileBody(EventBatchInput);

/** At most this many problems are reported; a batch of 5,000 wrong rows would say it 5,000 times. */
const MAX_REPORTED_ERRORS = 200;

function choose(data: unknown): ValidateFunction {
  return typeof data === 'object' && data !== null && 'items' in data ? batch : single;
}

export const eventBodyValidatorCompiler: FastifySchemaCompiler<object> = (route) => {
  if (route.httpPart !== 'body') return validatorCompiler(route);
  return (data) => {
    const validate = choose(data);
    if (validate(data)) return { value: data };
    return { error: (validate.errors ?? []).slice(0, MAX_REPORTED_ERRORS) } as never;
  };
};
