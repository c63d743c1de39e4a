import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';

/**
 * An Ajv plugin: data that passes a schema holds no Infinity.
 *
 * Ajv's type coercion (query strings and paths are text) takes any text `s` with
 * `s == +s` as a number, and `"Infinity" == +"Infinity"` (so do "-Infinity" and
 * "1e400"). The coerced Infinity is never checked again: with `strictNumbers` (Ajv's
 * default) the numeric keywords (`minimum`, `maximum`, ...) run only on finite numbers,
 * so they are skipped, and `pageSize=Infinity` reached the handlers and the database.
 * Without coercion a non-finite number cannot get in (JSON has none, and `1e400` fails
 * `type` under strictNumbers), so any left after validation came from coercion: this
 * reports each as a type error at its path, through the usual 400 `errors` shape.
 * Numbers in text must now be decimal digits (plugins/validators.ts), which "Infinity"
 * and "1e400" are not; 400 nines are, and they too are Infinity as a number.
 *
 * @example const texts = finiteNumbers(new Ajv({ coerceTypes: 'array' }));
 */
export function finiteNumbers(ajv: Ajv): Ajv {
  const compile = ajv.compile.bind(ajv);
  ajv.compile = ((schema: object, meta?: boolean) =>
    refuseInfinity(compile(schema, meta))) as never;
  return ajv;
}

/** A validator that also fails on non-finite numbers in data that passed. */
export function refuseInfinity<T>(validate: ValidateFunction<T>): ValidateFunction<T> {
  const checked = ((data: unknown, context?: never) => {
    const valid = validate(data, context);
    const errors = [...(valid ? [] : (validate.errors ?? [])), ...nonFiniteErrors(data)];
    checked.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  }) as ValidateFunction<T>;
  return Object.assign(checked, {
    schema: validate.schema,
    schemaEnv: validate.schemaEnv,
    source: validate.source,
  });
}

/**
 * Every non-finite number in the data, as a type error at its path. Walked with a stack
 * of its own, not by recursion: data nested thousands deep (a JSON body of `[[[...]]]`)
 * overflowed the call stack here and answered 500.
 */
function nonFiniteErrors(data: unknown): ErrorObject[] {
  const errors: ErrorObject[] = [];
  const stack: [unknown, string][] = [[data, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) {
        errors.push({
          instancePath: path,
          schemaPath: '#/type',
          keyword: 'type',
          params: { type: 'number' },
          message: 'must be a finite number',
        });
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        stack.push([item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
      }
    }
  }
  return errors;
}
