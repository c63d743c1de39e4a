import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { EventBatchInput, EventInput, EventUpdateInput } from '../../contract/event';
import { finiteNumbers } from '../plugins/finite-numbers';

/**
 * The body validator of `POST /api/event`, whose body is one result or `{ items }`.
 * A JSON Schema `anyOf` of the two would report the errors of both shapes (and, with
 * Fastify's `removeAdditional`, strip `items` while trying the first), so this picks
 * the shape by the presence of `items` and reports that shape's errors only: fields
 * are `timeMs` for one result, `items.3.timeMs` in a batch. Same field naming and
 * messages as every other route (plugins/validation-errors.ts reads Ajv's errors).
 *
 * Stricter than the server's default validator on purpose, for an integration API:
 * no type coercion ("4620" is not a time) and unknown fields are refused, not dropped.
 */
const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false });
addFormats(ajv);

const single = ajv.compile(EventInput);
const batch = ajv.compile(EventBatchInput);
// A correction is checked without coercion, but, as on every other route, unknown
// fields are dropped (a client may send back the whole result, clientId included).
const updates = new Ajv({
  allErrors: true,
  useDefaults: true,
  coerceTypes: false,
  removeAdditional: true,
  strict: false,
});
addFormats(updates);
const update = updates.compile(EventUpdateInput);

/** At most this many problems are reported; a batch of 5,000 wrong rows would say it 5,000 times. */
const MAX_REPORTED_ERRORS = 200;

function choose(data: unknown): ValidateFunction {
  return typeof data === 'object' && data !== null && 'items' in data ? batch : single;
}

export const eventBodyValidatorCompiler: FastifySchemaCompiler<unknown> = () => (data) => {
  const validate = choose(data);
  if (validate(data)) return { value: data };
  return { error: (validate.errors ?? []).slice(0, MAX_REPORTED_ERRORS) } as never;
};

/** Path parameters arrive as text: `/event/42` has an integer id ("Infinity" has none). */
const params = finiteNumbers(new Ajv({ allErrors: true, coerceTypes: true, strict: false }));

/**
 * The validators of `PUT /api/event/{id}`: its body without type coercion (unknown
 * fields dropped, as the default validator does), its path coerced. With the server's default validator, which coerces bodies too, `laneId:
 * null` (a nullable integer) was stored as lane 0: a coach's correction of a run
 * without a lane gave it lane 0.
 */
export const eventUpdateValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema,
  httpPart,
}) => {
  if (httpPart !== 'body') {
    const validate = params.compile(schema as object);
    return (data) =>
      validate(data) ? { value: data } : ({ error: validate.errors ?? [] } as never);
  }
  return (data) => {
    if (update(data)) return { value: data };
    return { error: (update.errors ?? []).slice(0, MAX_REPORTED_ERRORS) } as never;
  };
};
