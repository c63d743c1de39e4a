import { randomUUID } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { TEXT_PATTERN } from '../../contract/common';
import type { App } from '../../server/app';
import { newCoach, type Coach } from './athlete/helpers';
import { buildTestApp } from './helpers/build-test-app';
import { join } from './workspace/helpers';

/**
 * Hostile input, from the published OpenAPI document: every route gets malformed values
 * of every kind in every parameter and body field, one at a time in an otherwise good
 * request, and must answer a 4xx (400 in the `errors` shape for bad input), never a 5xx
 * and never a download cut off mid-stream. Values the API must never take in any form
 * (docs/api-input.md: unknown names, coercible types, numbers not in decimal digits, text
 * with control characters, bodies that are not UTF-8 or nest too deep) must answer 400
 * naming the field. Values are sampled per kind (not every combination), so that a run
 * stays within seconds on either engine.
 */

interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  additionalProperties?: boolean | Schema;
  minLength?: number;
  minItems?: number;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** One malformed request and what it is about, for the failure message. */
interface Probe {
  label: string;
  request: InjectOptions;
  /** The field a 400 must name: the request must be refused, not taken in any form. */
  refused?: string;
}

const NUL = 'Ann\u0000Lee';
const cursorOf = (fields: Record<string, unknown>) =>
  Buffer.from(JSON.stringify(fields)).toString('base64url');

/** Malformed text of each kind, as query strings and paths carry it. */
const TEXT = {
  ids: ['2147483648', '1e20', '-1', '0', 'abc', '1.5', '9007199254740993', '9'.repeat(40)],
  numbers: ['Infinity', '-Infinity', 'NaN', '1e400', '-2147483649', '0x1F', ' ', '1e3'],
  strings: [NUL, '\u0000', 'x'.repeat(5000), '\ud800', '%', "'; drop table users; --"],
  dates: ['9999-12-31', '2024-02-30', '0000-01-01', '2024-13-01', '+275760-09-13', '1-01-01'],
  zones: ['US/Pacific-New', 'Mars/Olympus', '../../etc/passwd', 'Factory', 'localtime', NUL],
  booleans: ['maybe', '2', NUL],
  cursors: [
    cursorOf({ s: 'DateDesc', id: '1', at: '2024-02-30T00:00:00.000000Z' }),
    cursorOf({ s: 'DateDesc', id: '1', at: '9999-12-31T23:59:59.999999Z' }),
    cursorOf({ s: 'ResultAsc', id: '1', result: 2 ** 40 }),
    cursorOf({
      s: 'EventAsc',
      id: '1',
      typeKey: NUL,
      typeId: 1,
      at: '2024-01-01T00:00:00.000000Z',
    }),
    cursorOf({
      s: 'EventAsc',
      id: '1',
      typeKey: 'a',
      typeId: 2 ** 40,
      at: '2024-01-01T00:00:00.000000Z',
    }),
    cursorOf({
      s: 'FirstName',
      id: '1',
      name: NUL,
      athleteId: '1',
      at: '2024-01-01T00:00:00.000000Z',
    }),
    'not base64 at all \u0000',
  ],
};

/**
 * Text that no field takes, of any kind (contract/common.ts): control characters (ESC,
 * DEL, NEL), U+FFFD, NUL. Each must be a 400 naming the field, in a body or a query.
 */
const NOT_TEXT = ['Ann\u001bLee', 'Ann\u007fLee', 'Ann\u0085Lee', 'Ann\ufffdLee', 'Ann\u0000Lee'];
/** Text that a one-line field (names, labels, queries: every field so far) must refuse. */
const NOT_ONE_LINE = ['Ann\r\nLee', 'Ann\nLee', 'Ann\tLee', 'Ann\u2028Lee'];

/**
 * Input strings that take any character, and why. Every other input string declares its
 * kind: an enum, a format, or a pattern that refuses NOT_TEXT (and, for one line, NOT_ONE_LINE).
 */
const FREE_STRINGS: Record<string, string> = {
  currentPassword: 'hashed, never stored or shown: any character may be part of a password',
  newPassword: 'hashed, never stored or shown: any character may be part of a password',
};

/**
 * Numbers in text (queries, paths) that are not plain decimal digits, or out of every
 * range: Ajv took any text `s` with `s == +s` as a number. Each must be a 400 naming the
 * parameter.
 */
const NOT_DECIMAL = [
  '0x10',
  '1e1',
  '0b1',
  '0o7',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '\u0661',
  '18446744073709551616',
  '9'.repeat(40),
  '9'.repeat(400),
];

/** Malformed JSON values of each kind, for body fields. */
const JSON_VALUES = {
  integers: [2147483648, 1e20, -1, 1.5, 'Infinity', '1e20', 1e308, null, [1], {}],
  numbers: [1e308, -1e308, 'Infinity', 'NaN', '1e400', [1]],
  strings: [NUL, '\u0000', 'x'.repeat(20000), 123, ['a'], { a: 1 }, '\ud800'],
  dates: ['9999-12-31', '2024-02-30', '0000-01-01', '2024-02-29T00:00:00Z'],
  instants: [
    '9999-12-31T23:59:59Z',
    '2024-02-30T10:00:00Z',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
  ],
  arrays: ['not an array', [[]], [null], [2147483648], [1e20], [NUL], Array(20000).fill(1)],
  objects: ['text', [], null, 42],
};

/** Whole bodies that are not what any route takes. */
const BROKEN_JSON = [
  '{',
  '{"a":1',
  'null',
  '[]',
  '"x"',
  '1e999',
  '\u0000',
  '['.repeat(5000),
  '{"__proto__":{"x":1}}',
];

/**
 * Whole JSON bodies that every route must refuse with 400 naming `body`, whatever its
 * fields: nesting that code walking the value could overflow the stack on, bytes that
 * are not UTF-8 (Fastify's decoding made them U+FFFD, which was stored), and escapes of
 * unpaired surrogates (PostgreSQL's driver stored U+FFFD for them).
 */
const REFUSED_BODIES: [string, string | Buffer][] = [
  ['nested 2,000 arrays deep', '['.repeat(2000) + ']'.repeat(2000)],
  ['a field nested 2,000 objects deep', `{"name":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`],
  ['33 levels deep', '['.repeat(33) + ']'.repeat(33)],
  [
    'bytes that are not UTF-8',
    Buffer.concat([
      Buffer.from('{"name":"Ann '),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('Lee"}'),
    ]),
  ],
  [
    'a Latin-1 byte',
    Buffer.concat([Buffer.from('{"name":"Zo'), Buffer.from([0xeb]), Buffer.from('"}')]),
  ],
  ['an unpaired surrogate escape', '{"name":"Ann\\ud800Lee"}'],
  ['an unpaired low surrogate escape in a key', '{"\\udc00":1}'],
];

/** The sort a cursor was made for, to send with it. */
function sortOf(cursor: string): string {
  try {
    return (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { s: string }).s;
  } catch {
    return 'DateDesc';
  }
}

/** The first member of a union that is not `null`, to build a good value from. */
function concrete(schema: Schema): Schema {
  if (schema.anyOf)
    return concrete(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!);
  return schema;
}

/** Percent-encodes text; a lone surrogate becomes the bytes of one (not valid UTF-8). */
function encode(text: string): string {
  return [...text]
    .map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
    .join('');
}

function typeOf(schema: Schema): string | undefined {
  const { type } = concrete(schema);
  return Array.isArray(type) ? type.find((t) => t !== 'null') : type;
}

describe('hostile input', () => {
  let app: App;
  let coach: Coach;
  let document: OpenApiDocument;
  /** Good values by field name, where the schema alone cannot give one (ids of rows). */
  let known: Record<string, () => unknown>;

  beforeAll(async () => {
    app = await buildTestApp();
    coach = await newCoach(app, { spots: 10_000 });
    const roster = await coach.createRoster('Varsity');
    const athlete = await coach.createAthlete({
      firstName: 'Sam',
      lastName: 'Reyes',
      rosterIds: [roster.id],
    });
    const stored = await coach.post('/api/event', {
      clientId: randomUUID(),
      athleteId: athlete.id,
      eventTypeId: 1,
      recordedAt: new Date(Date.now() - 3_600_000).toISOString(),
      distanceMm: 36_576,
      timeMs: 5_000,
      source: 'manual',
    });
    expect(stored.statusCode).toBe(201);
    const eventId = stored.json<{ id: number }>().id;
    const profile = await coach.post('/api/profile', {
      athleteId: athlete.id,
      testedOn: '2020-01-01',
      measurements: {},
    });
    expect(profile.statusCode).toBe(201);
    const profileId = profile.json<{ id: number }>().id;
    // A public address: webhook URLs on private ones are refused (server/webhook/targets.ts).
    const webhookUrl = 'https://93.184.215.14/hooks';
    const webhook = await coach.post('/api/integration/webhook', {
      url: webhookUrl,
      events: ['result.created'],
    });
    expect(webhook.statusCode).toBe(201);
    const webhookId = webhook.json<{ id: number }>().id;
    const member = await join(app, coach, 'viewer');
    // A profile is one per athlete and day: each good profile body takes a day of its own.
    let day = Date.UTC(2021, 0, 1);
    known = {
      id: () => athlete.id,
      athleteId: () => athlete.id,
      rosterId: () => roster.id,
      rosterIds: () => [roster.id],
      add: () => [athlete.id],
      remove: () => [],
      eventTypeId: () => 1,
      clientId: () => randomUUID(),
      timeMs: () => 5_000,
      distanceMm: () => 36_576,
      recordedAt: () => new Date(Date.now() - 3_600_000).toISOString(),
      eventId: () => eventId,
      profileId: () => profileId,
      testedOn: () => new Date((day += 86_400_000)).toISOString().slice(0, 10),
      timeZone: () => 'UTC',
      // The Store's default packages (STORE_PACKAGES).
      packageId: () => 'spots-25',
      url: () => webhookUrl,
      webhookId: () => webhookId,
      // Team workspaces: a member of the coach's workspace to change, addresses to invite.
      userId: () => member.userId,
      role: () => 'coach',
      email: () => `${randomUUID()}@example.org`,
      workspaceId: () => coach.accountId,
      // A well-formed invitation token (of no invitation: 404).
      token: () => 'A'.repeat(43),
    };
    document = (await app.inject({ url: '/api/docs/json' })).json<OpenApiDocument>();
  }, 60_000);
  afterAll(() => app.close());

  it('publishes an OpenAPI document that a validator accepts', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  /** Every string schema inside a schema, with its path (`items.0.clientId`). */
  function* stringsOf(schema: Schema, path: string): Generator<[string, Schema]> {
    for (const member of schema.anyOf ?? []) yield* stringsOf(member, path);
    if (typeOf(schema) === 'string' && !schema.anyOf) yield [path, schema];
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      yield* stringsOf(property, path ? `${path}.${key}` : key);
    }
    if (schema.items) yield* stringsOf(schema.items, `${path}.0`);
  }

  /** The text that a string field must refuse, by the kind its pattern declares. */
  function refusedText(schema: Schema, name: string): string[] {
    if (name in FREE_STRINGS) return [];
    return schema.pattern === TEXT_PATTERN ? NOT_TEXT : [...NOT_TEXT, ...NOT_ONE_LINE];
  }

  it('declares the kind of every input string: one line, text, an enum or a format', () => {
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const strings = [
          ...(operation.parameters ?? []).flatMap((p) => [...stringsOf(p.schema, p.name)]),
          ...[...stringsOf(operation.requestBody?.content['application/json']?.schema ?? {}, '')],
        ];
        for (const [field, schema] of strings) {
          const name = field.split('.').pop()!;
          if (name in FREE_STRINGS || schema.enum || schema.const !== undefined) continue;
          if (schema.format) continue;
          const pattern = schema.pattern && new RegExp(schema.pattern, 'u');
          const refuses = (text: string) => pattern && !pattern.test(text);
          const oneLine = schema.pattern !== TEXT_PATTERN;
          if (!pattern || !NOT_TEXT.every(refuses) || (oneLine && !NOT_ONE_LINE.every(refuses))) {
            undeclared.push(`${method.toUpperCase()} ${path} ${field}: ${schema.pattern}`);
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  /** Every schema inside a schema (itself too), with its path. */
  function* schemasOf(schema: Schema, path: string): Generator<[string, Schema]> {
    yield [path, schema];
    for (const member of schema.anyOf ?? []) yield* schemasOf(member, path);
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      yield* schemasOf(property, path ? `${path}.${key}` : key);
    }
    if (schema.items) yield* schemasOf(schema.items, `${path}.0`);
  }

  /** Every schema of an operation's input (parameters and JSON body), by field. */
  function inputSchemas(operation: Operation): [string, Schema][] {
    return [
      ...(operation.parameters ?? []).flatMap((p) => [...schemasOf(p.schema, p.name)]),
      ...schemasOf(operation.requestBody?.content['application/json']?.schema ?? {}, ''),
    ];
  }

  it('bounds every input number and closes every input object', () => {
    const open: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [field, schema] of inputSchemas(operation)) {
          const where = `${method.toUpperCase()} ${path} ${field || 'body'}`;
          const type = [schema.type].flat();
          if ((type.includes('integer') || type.includes('number')) && !schema.enum) {
            if (schema.maximum === undefined) open.push(`${where}: no maximum`);
            if (schema.minimum === undefined && schema.exclusiveMinimum === undefined)
              open.push(`${where}: no minimum`);
          }
          if (type.includes('object') && schema.additionalProperties !== false)
            open.push(`${where}: takes unknown properties`);
        }
      }
    }
    expect(open).toEqual([]);
  });

  /** A good value of a schema: defaults and enums first, then the type's simplest value. */
  function example(schema: Schema, name = ''): unknown {
    if (name in known) return known[name]!();
    const s = concrete(schema);
    if (s.default !== undefined) return s.default;
    if (s.enum) return s.enum[0];
    switch (typeOf(s)) {
      case 'object':
        return Object.fromEntries(
          Object.entries(s.properties ?? {})
            .filter(([key]) => s.required?.includes(key) || key in known)
            .map(([key, property]) => [key, example(property, key)]),
        );
      case 'array':
        return s.minItems && s.items ? [example(s.items)] : [];
      case 'integer':
      case 'number':
        return Math.max(s.minimum ?? 1, 1);
      case 'boolean':
        return false;
      default:
        if (s.format === 'date') return '2025-01-01';
        if (s.format === 'date-time') return new Date().toISOString();
        return 'a'.repeat(Math.max(s.minLength ?? 1, 1)) + randomUUID().slice(0, 8);
    }
  }

  /** Malformed text for one parameter, by its name, format and type. */
  function hostileText(parameter: Parameter): string[] {
    const { name } = parameter;
    const schema = concrete(parameter.schema);
    if (name === 'tz') return TEXT.zones;
    if (name === 'cursor') return TEXT.cursors;
    const byType =
      schema.format === 'date'
        ? TEXT.dates
        : typeOf(schema) === 'integer' || typeOf(schema) === 'number'
          ? [...TEXT.ids, ...TEXT.numbers]
          : typeOf(schema) === 'boolean'
            ? TEXT.booleans
            : TEXT.strings;
    return [...byType, NUL];
  }

  /** Malformed JSON values for one body field. */
  function hostileJson(schema: Schema): unknown[] {
    const s = concrete(schema);
    switch (typeOf(s)) {
      case 'integer':
        return JSON_VALUES.integers;
      case 'number':
        return JSON_VALUES.numbers;
      case 'array': {
        // One bad item: a bad field in an otherwise good object, or a bad scalar.
        const item = s.items && concrete(s.items);
        const bad = item?.properties
          ? Object.entries(item.properties).flatMap(([field, schema]) =>
              hostileJson(schema).map((value) => [
                { ...(example(item) as object), [field]: value },
              ]),
            )
          : item
            ? hostileJson(item).map((value) => [value])
            : [];
        return [...JSON_VALUES.arrays, ...bad];
      }
      case 'object':
        return JSON_VALUES.objects;
      case 'boolean':
        return ['true', 1, null];
      default:
        if (s.format === 'date') return [...JSON_VALUES.dates, ...JSON_VALUES.strings];
        if (s.format === 'date-time') return [...JSON_VALUES.instants, ...JSON_VALUES.strings];
        return JSON_VALUES.strings;
    }
  }

  function url(path: string, params: Record<string, string>, query: [string, string][]) {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encode(params[name]!));
    const search = query.map(([k, v]) => `${encode(k)}=${encode(v)}`);
    return search.length > 0 ? `${filled}?${search.join('&')}` : filled;
  }

  /**
   * A good body with one field of the wrong JSON type, of a kind that Ajv's coercion
   * took: a number as text, text as a number, a scalar for a list, null for a value that
   * is not nullable; and for a number above 0, zero in every spelling JSON has (`0`,
   * `-0`, `1e-400`), which the null branch of a nullable number took as null. As JSON
   * text, labelled, since `-0` and `1e-400` have no other form.
   */
  function untypedBodies(target: Schema, field: string, schema: Schema): [string, string][] {
    const s = concrete(schema);
    const good = example(s, field);
    const values: string[] = [];
    switch (typeOf(s)) {
      case 'integer':
      case 'number':
        values.push(JSON.stringify(String(good)));
        if ((s.minimum ?? -1) > 0 || s.exclusiveMinimum !== undefined) {
          values.push('0', '-0', '1e-400', '"0"');
        }
        break;
      case 'boolean':
        values.push('"false"', '0');
        break;
      case 'string':
        values.push('123');
        break;
      case 'array':
        values.push(JSON.stringify(s.items ? example(s.items) : 1));
        break;
    }
    const nullable = schema.anyOf?.some((member) => member.type === 'null');
    if (!nullable && typeOf(s) !== 'object') values.push('null');
    const text = JSON.stringify({ ...(example(target) as object), [field]: '\u0000hole' });
    return values.map((value) => [value, text.replace('"\\u0000hole"', value)]);
  }

  /** Every malformed request of one operation: one bad value at a time. */
  function probesOf(path: string, method: string, operation: Operation): Probe[] {
    const parameters = operation.parameters ?? [];
    const good: Record<string, string> = {};
    for (const p of parameters.filter((p) => p.in === 'path')) {
      good[p.name] = String(
        path.startsWith('/api/event/')
          ? known.eventId!()
          : path.startsWith('/api/profile/')
            ? known.profileId!()
            : path.startsWith('/api/integration/webhook/')
              ? known.webhookId!()
              : example(p.schema, p.name),
      );
    }
    // The parameter under test, the required ones, and those naming rows of the account
    // (athleteId, ...), so that the request reaches the database; a cursor comes with its sort.
    const queryOf = (p: Parameter, value: string): [string, string][] => [
      ...parameters
        .filter((q) => q.in === 'query' && (q.required || q === p || q.name in known))
        .map((q): [string, string] => [
          q.name,
          q === p ? value : String(example(q.schema, q.name)),
        ]),
      ...(p.name === 'cursor' ? [['sort', sortOf(value)] as [string, string]] : []),
    ];
    const content = operation.requestBody?.content ?? {};
    const jsonSchema = content['application/json']?.schema;
    const goodBody = () => (jsonSchema ? example(jsonSchema) : undefined);
    const probes: Probe[] = [];
    const send = (
      label: string,
      { refused, ...request }: Omit<InjectOptions, 'method'> & { refused?: string },
    ) =>
      probes.push({
        label: `${method.toUpperCase()} ${path} ${label}`,
        request: { method: method.toUpperCase() as 'GET', ...request },
        refused,
      });

    for (const p of parameters) {
      const values = p.in === 'path' ? [...TEXT.ids, ...TEXT.numbers, NUL] : hostileText(p);
      for (const value of values) {
        const params = p.in === 'path' ? { ...good, [p.name]: value } : good;
        const query = p.in === 'query' ? queryOf(p, value) : [];
        send(`${p.in} ${p.name}=${JSON.stringify(value).slice(0, 40)}`, {
          url: url(path, params, query),
          payload: goodBody() as never,
        });
      }
      if (['integer', 'number'].includes(typeOf(p.schema) ?? '')) {
        // A path segment of more than 100 characters is Fastify's 414 before any check.
        for (const value of NOT_DECIMAL.filter((v) => p.in === 'query' || v.length <= 100)) {
          const params = p.in === 'path' ? { ...good, [p.name]: value } : good;
          const query = p.in === 'query' ? queryOf(p, value) : [];
          send(`${p.in} ${p.name}=${JSON.stringify(value).slice(0, 40)}`, {
            url: url(path, params, query),
            payload: goodBody() as never,
            refused: p.name,
          });
        }
      }
      // Text that no parameter takes: a 400 naming it, whatever its type.
      for (const value of [...NOT_TEXT, ...NOT_ONE_LINE]) {
        const params = p.in === 'path' ? { ...good, [p.name]: value } : good;
        const query = p.in === 'query' ? queryOf(p, value) : [];
        send(`${p.in} ${p.name}=${JSON.stringify(value)}`, {
          url: url(path, params, query),
          payload: goodBody() as never,
          refused: p.name,
        });
      }
      if (p.in === 'query') {
        // An array where a scalar is expected.
        const twice: [string, string][] = [...queryOf(p, 'x'), [p.name, 'y']];
        send(`query ${p.name} twice`, {
          url: url(path, good, twice),
          payload: goodBody() as never,
        });
      }
    }

    // A parameter an API route does not take: refused, not ignored.
    const needed = parameters
      .filter((q) => q.in === 'query' && (q.required || q.name in known))
      .map((q): [string, string] => [q.name, String(example(q.schema, q.name))]);
    if (path.startsWith('/api/')) {
      send('query unexpected=1', {
        url: url(path, good, [...needed, ['unexpected', '1']]),
        payload: goodBody() as never,
        refused: 'unexpected',
      });
    }

    // Each shape a body may take (POST /event: one result, or a batch of them).
    for (const target of jsonSchema ? (jsonSchema.anyOf ?? [jsonSchema]) : []) {
      for (const [field, schema] of Object.entries(target.properties ?? {})) {
        for (const value of hostileJson(schema)) {
          const body = { ...(example(target) as object), [field]: value };
          send(`body ${field}=${JSON.stringify(value)?.slice(0, 40)}`, {
            url: url(path, good, []),
            payload: body,
          });
        }
        for (const [label, payload] of untypedBodies(target, field, schema)) {
          send(`body ${field}=${label}`, {
            url: url(path, good, []),
            payload,
            headers: { 'content-type': 'application/json' },
            refused: field,
          });
        }
        if (typeOf(schema) === 'string') {
          for (const value of refusedText(concrete(schema), field)) {
            send(`body ${field}=${JSON.stringify(value)}`, {
              url: url(path, good, []),
              payload: { ...(example(target) as object), [field]: value },
              refused: field,
            });
          }
        }
      }
    }
    for (const target of jsonSchema ? (jsonSchema.anyOf ?? [jsonSchema]) : []) {
      // A property the body does not take: refused, not dropped.
      send('body unexpected=1', {
        url: url(path, good, []),
        payload: { ...(example(target) as object), unexpected: 1 },
        refused: 'unexpected',
      });
    }
    if (jsonSchema) {
      for (const [label, payload] of REFUSED_BODIES) {
        send(`body ${label}`, {
          url: url(path, good, []),
          payload,
          headers: { 'content-type': 'application/json' },
          refused: 'body',
        });
      }
      for (const text of BROKEN_JSON) {
        send(`body ${JSON.stringify(text.slice(0, 20))}`, {
          url: url(path, good, []),
          payload: text,
          headers: { 'content-type': 'application/json' },
        });
      }
    }
    if (content['text/csv']) {
      for (const text of [
        `firstName,lastName\n${NUL},x\n`,
        'firstName,lastName\n"open,x\n',
        '\u0000',
        '\ud800,\ud800\n',
      ]) {
        send(`csv ${JSON.stringify(text.slice(0, 20))}`, {
          url: `${url(path, good, [])}?dryRun=false`,
          payload: text,
          headers: { 'content-type': 'text/csv' },
        });
      }
    }
    if (content['multipart/form-data']) {
      const boundary = '----splitline';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const forms: [string, string, string][] = [
        ['no boundary', 'multipart/form-data', `${head}\x89PNG\r\n--${boundary}--\r\n`],
        ['truncated part', `multipart/form-data; boundary=${boundary}`, `${head}\x89PNG\r\n\x1a\n`],
        ['no parts', `multipart/form-data; boundary=${boundary}`, `--${boundary}--\r\n`],
        ['garbage', `multipart/form-data; boundary=${boundary}`, 'not a form at all'],
        ['empty', `multipart/form-data; boundary=${boundary}`, ''],
        [
          'NUL name',
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="lo\u0000go"\r\n\r\nx\r\n--${boundary}--\r\n`,
        ],
        [
          'header only',
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n`,
        ],
      ];
      for (const [label, type, payload] of forms) {
        send(`multipart ${label}`, {
          url: url(path, good, []),
          payload,
          headers: { 'content-type': type },
        });
      }
    }
    return probes;
  }

  /**
   * What is wrong with an answer: a 5xx, a 400 out of shape, a download cut short, or
   * anything but a 400 naming the field for a request that must be refused.
   */
  function problemOf(response: LightMyRequestResponse, refused?: string): string | undefined {
    if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
    if (refused !== undefined && response.statusCode !== 400) {
      return `taken: ${response.statusCode} ${response.body.slice(0, 200)}`;
    }
    if (response.statusCode === 400) {
      const body = response.json<{ errors?: Record<string, string[]> }>();
      const fine =
        typeof body.errors === 'object' &&
        Object.values(body.errors).every((m) => Array.isArray(m) && m.length > 0);
      if (!fine) return `400 without the errors shape: ${response.body.slice(0, 200)}`;
      if (refused !== undefined && !(refused in body.errors!)) {
        return `400 without naming ${refused}: ${response.body.slice(0, 200)}`;
      }
    }
    return undefined;
  }

  it('declares every error answer as the JSON it is, beside files and streams', () => {
    const declared: Record<string, string[]> = {};
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          declared[`${method.toUpperCase()} ${path} ${status}`] = Object.keys(
            response.content ?? {},
          );
        }
      }
    }
    const notJson = Object.entries(declared).filter(
      ([, types]) => types.join() !== 'application/json',
    );
    expect(notJson).toEqual([]);
    // The downloads among them: CSV, PDF, and the live stream.
    expect(declared).toMatchObject({
      'GET /api/athlete/export 400': ['application/json'],
      'GET /api/event/export 404': ['application/json'],
      'GET /api/report/eapi/athlete/{athleteId}/pdf 401': ['application/json'],
      'GET /api/event/stream 401': ['application/json'],
    });
  });

  it('answers 405 with Allow to a method no route of an API path takes', async () => {
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/')) continue;
      const documented = Object.keys(operations).map((m) => m.toUpperCase());
      if (documented.includes('GET')) documented.push('HEAD');
      // No route takes TRACE or PATCH; a path may match other paths' patterns too (PUT
      // /api/event/export is PUT /api/event/{id}), so Allow holds at least its own.
      for (const method of ['TRACE', 'PATCH'] as const) {
        const response = await coach.request({
          method: method as 'GET',
          url: path.replace(/\{\w+\}/g, '1'),
        });
        const allow = (response.headers.allow as string | undefined)?.split(', ') ?? [];
        if (
          response.statusCode !== 405 ||
          !documented.every((m) => allow.includes(m)) ||
          allow.includes(method) ||
          typeof response.json<{ message?: unknown }>().message !== 'string'
        ) {
          wrong.push(`${method} ${path}: ${response.statusCode} [${allow}] ${response.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('starts from good requests: each body the probes vary is taken as it is', async () => {
    const refused: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        // A password change needs the current password, which the coach has none of; an
        // invitation's token comes in a mail to the coach (workspace/members.test.ts).
        if (!schema || path === '/api/user/password' || path === '/api/invitation/accept') continue;
        const id = path.startsWith('/api/event/')
          ? known.eventId!()
          : path.startsWith('/api/profile/')
            ? known.profileId!()
            : path.startsWith('/api/integration/webhook/')
              ? known.webhookId!()
              : known.id!();
        for (const shape of schema.anyOf ?? [schema]) {
          const response = await coach.request({
            method: method.toUpperCase() as 'POST',
            url: path.replace('{id}', String(id)).replace('{userId}', String(known.userId!())),
            payload: example(shape) as object,
          });
          if (response.statusCode >= 300) refused.push(`${method} ${path}: ${response.body}`);
        }
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers every malformed request of every route with a 4xx, whole', async () => {
    const probes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        path.startsWith('/api/user/purge') ? [] : probesOf(path, method, operation),
      ),
    );
    expect(probes.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    for (const probe of probes) {
      // light-my-request rejects when the server destroys the answer mid-stream.
      const problem = await coach.request(probe.request).then(
        (response) => problemOf(response, probe.refused),
        (error: Error) => error.message,
      );
      if (problem) failures.push(`${probe.label}: ${problem}`);
    }
    expect(failures).toEqual([]);
    // ~5,500 requests, most refused before any query: 3-6 s on either engine.
  }, 120_000);
});
