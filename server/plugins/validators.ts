import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { finiteNumbers } from './finite-numbers';

/**
 * How the API checks requests against the contract's schemas, by part
 * (docs/api-input.md): strict, and the same on every route.
 *
 * - JSON bodies are typed values: no type coercion (`"5"` is no integer, `634` no list,
 *   `0` no `null`) and unknown properties refused, naming the property. Fastify's
 *   default Ajv coerced bodies (`coerceTypes: 'array'`) and dropped what a schema did
 *   not name (`removeAdditional`): `"rosterIds": 634` became `[634]`, `bodyweightKg: 0`
 *   became `null` (the null branch of a nullable number), and a misspelt field was
 *   silently lost.
 * - Query strings, paths and headers are text, coerced to the schema's types as Ajv
 *   does, with one rule first: a number is plain decimal digits (`-?[0-9]+`, and a
 *   fraction for non-integers). Ajv takes any text `s` with `s == +s`, so `0x10`, `1e3`,
 *   `0b1` and ` ` were numbers. Unknown query parameters are refused too: every query
 *   schema is closed, and an API route that declares none takes none
 *   (`refuseUndeclaredQueries`).
 * - Every validator reports all problems at once (`allErrors`); the error handler words
 *   them by field (plugins/validation-errors.ts).
 *
 * Routes with a validator of their own build it from these: POST /event picks one of its
 * two body shapes (`compileBody`, event/validator.ts); the logo upload reads its body
 * itself (`bodyReadByHandler`); the CSV import checks its query and body in the handler.
 */

const common: Options = { allErrors: true, useDefaults: true, addUsedSchema: false };

const bodies = new Ajv({ ...common, coerceTypes: false, removeAdditional: false });
addFormats(bodies);

/** Text of 400 decimal digits is Infinity as a number: finite-numbers.ts refuses it. */
const texts = finiteNumbers(new Ajv({ ...common, coerceTypes: 'array', removeAdditional: false }));
addFormats(texts);

/** A validator in Fastify's terms: `false` with `errors` set, or `true`. */
type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A body validator of a schema: typed values, unknown properties refused. */
export function compileBody(schema: object): ValidateFunction {
  return bodies.compile(schema);
}

const DECIMAL_INTEGER = /^-?[0-9]+$/;
const DECIMAL_NUMBER = /^-?[0-9]+(?:\.[0-9]+)?$/;

interface SchemaLike {
  type?: string | string[];
  anyOf?: SchemaLike[];
  properties?: Record<string, SchemaLike>;
}

/** Every `type` a schema allows, through `anyOf` (a nullable integer: integer and null). */
function typesOf(schema: SchemaLike): Set<string> {
  const own = schema.type === undefined ? [] : [schema.type].flat();
  return new Set([...own, ...(schema.anyOf ?? []).flatMap((member) => [...typesOf(member)])]);
}

/** The parameters that are numbers (and not text too), with the decimal form each must take. */
function numericParameters(schema: SchemaLike): [string, 'integer' | 'number'][] {
  return Object.entries(schema.properties ?? {}).flatMap(
    ([name, property]): [string, 'integer' | 'number'][] => {
      const types = typesOf(property);
      if (types.has('string')) return [];
      if (types.has('integer')) return [[name, 'integer']];
      if (types.has('number')) return [[name, 'number']];
      return [];
    },
  );
}

/** JSON Pointer segment of a name (`~` and `/` escaped). */
const pointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * A validator of a text part (querystring, params, headers): numbers must be written in
 * decimal digits, checked on the text before Ajv coerces it; then the schema, with
 * Ajv's coercion from text. A parameter given twice is a list and left to the schema.
 */
export function compileText(schema: object): Validator {
  const validate = texts.compile(schema);
  const numeric = numericParameters(schema as SchemaLike);
  const checked: Validator = (data) => {
    const errors: ErrorObject[] = [];
    if (typeof data === 'object' && data !== null) {
      for (const [name, type] of numeric) {
        const text = (data as Record<string, unknown>)[name];
        const form = type === 'integer' ? DECIMAL_INTEGER : DECIMAL_NUMBER;
        if (typeof text !== 'string' || form.test(text)) continue;
        errors.push({
          instancePath: `/${pointer(name)}`,
          schemaPath: `#/properties/${pointer(name)}/type`,
          keyword: 'type',
          params: { type },
          message: `must be ${type === 'integer' ? 'an integer' : 'a number'} in decimal digits`,
        });
      }
    }
    const refused = new Set(errors.map((error) => error.instancePath));
    if (!validate(data)) {
      // Ajv's "must be integer" says less about a parameter already refused above.
      errors.push(...(validate.errors ?? []).filter((e) => !refused.has(e.instancePath)));
    }
    checked.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return checked;
}

/** The server's validator compiler: bodies strict, text parts coerced from decimal text. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? compileBody(schema) : compileText(schema);

/**
 * For routes whose handler reads the body itself (a CSV file, a multipart form): the
 * body's schema only documents it; the other parts are checked as on every route.
 */
export const bodyReadByHandler: FastifySchemaCompiler<object> = (route) =>
  route.httpPart === 'body' ? () => true : validatorCompiler(route);

/** The query schema of a route that declares none: it takes no parameters. */
const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * Gives every route of a scope that declares no query string the empty one, so that
 * `GET /api/sport?x=1` is refused as an unknown parameter is on routes that take some,
 * not ignored. Call it in the scope before its routes are added (server/api.ts).
 */
export function refuseUndeclaredQueries(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema ??= {};
    route.schema.querystring ??= NoQuery;
  });
}

/** Installs the validator compiler on the whole server, before any route is added. */
export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
  },
  { name: 'validators', fastify: '5.x' },
);
