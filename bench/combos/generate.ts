import { Random } from '../../server/seed/random';

/**
 * Filter combinations generated from a table's query schema (a TypeBox object, which is
 * JSON Schema): every filter the schema offers alone, every pair, a seeded sample of
 * triples and all of them together, each with every value of the sort's enum. The bench
 * (bench/combos.ts) times them over HTTP, the plan test
 * (__tests__/server/event/combos-plans.test.ts) explains a sample of them: one
 * generator, so that what is measured is what is guarded.
 *
 * A table names which of its properties page and sort and which it leaves out; every
 * other property is a filter, and must have a value source (`FilterValues`) or the
 * generator throws: a filter added to the contract is measured from the day it exists.
 */

export type Params = Record<string, string | number | boolean>;

/** What the generator reads of one property of the query schema. */
export interface PropertyInfo {
  name: string;
  kind: 'enum' | 'boolean' | 'integer' | 'date' | 'text';
  /** enum: its values (a TypeBox Enum, or a Union of literals). */
  values?: (string | number)[];
}

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: (string | number)[];
  const?: string | number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

/** The properties of an object schema, as the generator sees them. */
export function propertiesOf(schema: unknown): PropertyInfo[] {
  const properties = (schema as JsonSchema).properties;
  if (!properties) throw new Error('not an object schema');
  return Object.entries(properties).map(([name, p]) => {
    if (p.enum) return { name, kind: 'enum', values: [...p.enum] };
    if (p.anyOf?.every((member) => member.const !== undefined)) {
      return { name, kind: 'enum', values: p.anyOf.map((member) => member.const!) };
    }
    if (p.type === 'boolean') return { name, kind: 'boolean' };
    if (p.type === 'integer' || p.type === 'number') return { name, kind: 'integer' };
    if (p.type === 'string' && p.format === 'date') return { name, kind: 'date' };
    if (p.type === 'string') return { name, kind: 'text' };
    throw new Error(`property ${name}: a schema the generator does not read`);
  });
}

/**
 * Where a filter's value comes from: `anchor` is a row of the table's data that the
 * combination is built around (so that its filters match something together), `random`
 * the case's generator. Undefined: this anchor has no value (another anchor is tried).
 */
export type ValueSource<A> = (anchor: A, random: Random) => string | number | boolean | undefined;

export interface TableSpec<A> {
  /** E.g. `results` or `results/gamespeed`. */
  name: string;
  path: string;
  schema: unknown;
  /**
   * Paging and sorting properties (not filters). A table without them (an athlete's
   * history) is read once per combination, in its one order.
   */
  page?: string;
  pageSize?: string;
  sort?: string;
  /** Properties that are not filters to combine (a cursor, a time zone, a fixed variant). */
  ignore: readonly string[];
  /** Parameters every request of the table sends (a variant's program). */
  fixed: Params;
  /** Filters every combination has, valued from its anchor (the athlete of a history). */
  required?: readonly string[];
  /**
   * Filters always valued from the combination's own anchor, never another row's: those
   * the API refuses when they disagree with a required one (a roster the athlete is not on).
   */
  anchored?: readonly string[];
  /** Filters this table (variant) does not offer, though the schema has them. */
  without?: readonly string[];
  /** The value of each filter; boolean filters default to `true`. */
  values: Record<string, ValueSource<A>>;
  /** A filter's value when no anchor has one (lanes on a table of results without lanes). */
  fallbacks?: Record<string, string | number>;
  /** Makes a combination coherent (an end date before the start, ...); may drop a filter. */
  fix?: (params: Params) => Params;
  /** The rows the combinations are built around. */
  anchors: readonly A[];
}

export interface Combination {
  table: string;
  path: string;
  /** The filters' names, joined by `+` (`none` for the unfiltered table). */
  filters: string;
  params: Params;
}

export interface GenerateOptions {
  seed?: number;
  /** Triples drawn at random (each table); every triple when there are fewer. */
  triples?: number;
  /** Share of a combination's values taken from another anchor (filters that may miss each other). */
  stray?: number;
  /** Leave out the unfiltered table and the single filters. */
  pairsOnly?: boolean;
}

/** Names of the filters a table combines, in the schema's order. */
export function filtersOf<A>(spec: TableSpec<A>): string[] {
  const excluded = new Set([
    ...[spec.page, spec.sort, spec.pageSize].filter((name) => name !== undefined),
    ...spec.ignore,
    ...(spec.required ?? []),
    ...(spec.without ?? []),
    ...Object.keys(spec.fixed),
  ]);
  return propertiesOf(spec.schema)
    .filter((p) => !excluded.has(p.name))
    .map((p) => p.name);
}

/** The sorts the table's schema offers. */
export function sortsOf<A>(spec: TableSpec<A>): (string | number)[] {
  const sort = propertiesOf(spec.schema).find((p) => p.name === spec.sort);
  if (sort?.kind !== 'enum') throw new Error(`${spec.name}: ${spec.sort} is not an enum`);
  return sort.values!;
}

function* subsets<T>(items: readonly T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i++) {
    for (const rest of subsets(items, k - 1, i + 1)) yield [items[i]!, ...rest];
  }
}

/**
 * The combinations of a table's filters: none, each alone, every pair, `triples`
 * sampled triples (seeded), and all together; each with values from an anchor row.
 */
export function combinations<A>(spec: TableSpec<A>, options: GenerateOptions = {}): Combination[] {
  const random = new Random(options.seed ?? 1);
  const filters = filtersOf(spec);
  const properties = new Map(propertiesOf(spec.schema).map((p) => [p.name, p]));
  for (const name of filters) {
    if (!spec.values[name] && properties.get(name)?.kind !== 'boolean') {
      throw new Error(
        `${spec.name}: no value source for the filter ${name}; add one to the table's spec`,
      );
    }
  }
  if (spec.anchors.length === 0) throw new Error(`${spec.name}: no anchor rows (empty data?)`);
  const sets: string[][] = [];
  if (!options.pairsOnly) {
    sets.push([]);
    for (const name of filters) sets.push([name]);
  }
  sets.push(...subsets(filters, 2));
  const triples = [...subsets(filters, 3)];
  const wanted = options.triples ?? 40;
  sets.push(...(triples.length <= wanted ? triples : random.sample(triples, wanted)));
  if (filters.length > 3) sets.push(filters);

  const stray = options.stray ?? 0.25;
  const required = spec.required ?? [];
  const anchored = new Set([...required, ...(spec.anchored ?? [])]);
  /** The values of `names` from `anchor`, or undefined when it lacks one. */
  const ownValues = (names: readonly string[], anchor: A): Params | undefined => {
    const params: Params = {};
    for (const name of names) {
      const value = spec.values[name] ? spec.values[name](anchor, random) : true;
      if (value === undefined) return undefined;
      params[name] = value;
    }
    return params;
  };
  return sets.map((names) => {
    // The required and anchored filters from one anchor that has them all.
    const own = [...required, ...names.filter((name) => anchored.has(name))];
    let anchor = random.pick(spec.anchors);
    let ownParams = ownValues(own, anchor);
    for (let attempt = 1; ownParams === undefined && attempt < 20; attempt++) {
      anchor = random.pick(spec.anchors);
      ownParams = ownValues(own, anchor);
    }
    if (ownParams === undefined) throw new Error(`${spec.name}: no anchor has ${own.join(', ')}`);
    let params: Params = { ...spec.fixed, ...ownParams };
    for (const name of names) {
      if (anchored.has(name)) continue;
      const source = spec.values[name];
      if (!source) {
        params[name] = true;
        continue;
      }
      let value: string | number | boolean | undefined;
      // Most values from the combination's anchor; some from another row, so that some
      // combinations match little or nothing (the walks that find few rows are the slow ones).
      for (let attempt = 0; value === undefined && attempt < 20; attempt++) {
        const from = attempt === 0 && !random.chance(stray) ? anchor : random.pick(spec.anchors);
        value = source(from, random);
      }
      value ??= spec.fallbacks?.[name];
      if (value === undefined) throw new Error(`${spec.name}: no value for ${name}`);
      params[name] = value;
    }
    if (spec.fix) params = spec.fix(params);
    return {
      table: spec.name,
      path: spec.path,
      filters: names.length === 0 ? 'none' : names.join('+'),
      params,
    };
  });
}

/** The paging and sorting properties every paged list shares (contract/list-query.ts). */
export const PAGED = { page: 'pageNumber', pageSize: 'pageSize', sort: 'sort' } as const;

/** One of the anchor's rosters (undefined when it is on none). */
export const rosterValue = (anchor: { rosterIds: readonly number[] }, random: Random) =>
  anchor.rosterIds.length > 0 ? random.pick(anchor.rosterIds) : undefined;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A range of days around the anchor's day (YYYY-MM-DD), of a day up to a year. */
export const dayValues = {
  startDate: (anchor: { day: string }, random: Random) =>
    addDays(anchor.day, -random.pick([0, 7, 30, 365])),
  endDate: (anchor: { day: string }, random: Random) =>
    addDays(anchor.day, random.pick([0, 7, 30, 90])),
};

/** An end before the start: the two swapped (the API refuses it). */
export function fixDates(params: Params): Params {
  const { startDate, endDate } = params;
  if (typeof startDate === 'string' && typeof endDate === 'string' && endDate < startDate) {
    return { ...params, startDate: endDate, endDate: startDate };
  }
  return params;
}

/** A name's prefix as a coach types it: a letter, a few, or the whole name. */
export function namePrefix(name: string, random: Random): string | undefined {
  const clean = name.trim();
  if (clean === '') return undefined;
  const length = random.pick([1, 2, 3, 4, clean.length]);
  return clean.slice(0, Math.min(length, clean.length));
}

/**
 * The pages a case reads: the first, the middle and the last that paging by number
 * reaches (`maxOffset` rows in at most), without repeats.
 */
export function pagesOf(total: number, pageSize: number, maxOffset: number): number[] {
  const last = Math.max(1, Math.min(Math.ceil(total / pageSize), Math.floor(maxOffset / pageSize)));
  return [...new Set([1, Math.max(1, Math.ceil(last / 2)), last])];
}

/** A query string as the route's schema would coerce it (integers, booleans). */
export function parseQuery(schema: unknown, text: string): Record<string, unknown> {
  const kinds = new Map(propertiesOf(schema).map((p) => [p.name, p.kind]));
  const query: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const kind = kinds.get(key);
    query[key] = kind === 'integer' ? Number(value) : kind === 'boolean' ? value === 'true' : value;
  }
  return query;
}
