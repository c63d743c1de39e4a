import { Type } from 'typebox';
import type { App } from '../../server/app';
import { badRequest, notFound } from '../../server/plugins/http-errors';
import { buildTestApp } from './helpers/build-test-app';

/** Routes that exist only in this test, added before the app starts. */
function addProbeRoutes(app: App): void {
  app.post(
    '/api/probe/items',
    {
      schema: {
        querystring: Type.Object({ pageSize: Type.Integer({ minimum: 1, maximum: 100 }) }),
        body: Type.Object(
          {
            name: Type.String({ minLength: 1 }),
            items: Type.Array(Type.Object({ time: Type.Integer({ minimum: 1 }) })),
            weight: Type.Optional(Type.Union([Type.Number({ minimum: 20 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => ({ pageSize: request.query.pageSize, count: request.body.items.length }),
  );
  app.get('/api/probe/taken', async () => {
    throw badRequest({ name: ['is taken'] });
  });
  app.get('/api/probe/missing', async () => {
    throw notFound();
  });
  app.get('/api/probe/crash', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  });
}

describe('error answers', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    addProbeRoutes(app);
  });
  afterAll(() => app.close());

  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object });

  it('accepts a valid request', async () => {
    const response = await post('/api/probe/items?pageSize=20', {
      name: 'a',
      items: [{ time: 1200 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pageSize: 20, count: 1 });
  });

  it('answers 400 with every body problem by field', async () => {
    const response = await post('/api/probe/items?pageSize=20', {
      items: [{ time: 5 }, { time: 0 }, {}],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        name: ['is required'],
        'items.1.time': ['must be >= 1'],
        'items.2.time': ['is required'],
      },
    });
  });

  it('names querystring fields by their own name', async () => {
    const response = await post('/api/probe/items?pageSize=many', { name: 'a', items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { pageSize: ['must be an integer in decimal digits'] },
    });
  });

  it('takes body values as their JSON types, coercing none', async () => {
    const response = await post('/api/probe/items?pageSize=1', {
      name: 5,
      items: { time: '1200' },
      weight: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { name: ['must be string'], items: ['must be array'], weight: ['must be >= 20'] },
    });
    const texts = await post('/api/probe/items?pageSize=1', { name: 'a', items: [{ time: '5' }] });
    expect(texts.json()).toEqual({ errors: { 'items.0.time': ['must be integer'] } });
  });

  it('refuses body properties the schema does not name, naming them', async () => {
    const response = await post('/api/probe/items?pageSize=1', {
      name: 'a',
      items: [],
      nmae: 'b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { nmae: ['is not allowed'] } });
  });

  it('takes numbers in a query string as decimal digits only', async () => {
    for (const pageSize of ['0x10', '1e1', '%201', '1.0']) {
      const response = await post(`/api/probe/items?pageSize=${pageSize}`, {
        name: 'a',
        items: [],
      });
      expect([pageSize, response.json()]).toEqual([
        pageSize,
        { errors: { pageSize: ['must be an integer in decimal digits'] } },
      ]);
    }
    const decimal = await post('/api/probe/items?pageSize=016', { name: 'a', items: [] });
    expect(decimal.json()).toEqual({ pageSize: 16, count: 0 });
  });

  it('names a body that is wrong as a whole after the part', async () => {
    const response = await post('/api/probe/items?pageSize=1', [1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { body: ['must be object'] } });
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/items?pageSize=1',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['request']);
  });

  it('lets route code answer 400 with field errors', async () => {
    const response = await app.inject('/api/probe/taken');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { name: ['is taken'] } });
  });

  it('lets route code answer 404', async () => {
    const response = await app.inject('/api/probe/missing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({
      url: '/api/nothing/here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers an unknown method on a known path with a JSON 405 and the methods it takes', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({
      message: 'DELETE is not allowed here; this path takes GET, HEAD',
    });
    // Routes added by a test count too, and a path may be one of several patterns.
    const probe = await app.inject({ method: 'TRACE' as 'GET', url: '/api/probe/items?x=1' });
    expect([probe.statusCode, probe.headers.allow]).toEqual([405, 'POST']);
    const unknown = await app.inject({ method: 'TRACE' as 'GET', url: '/api/probe/nothing' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Not found' }]);
  });

  it('hides the cause of a 500 and gives the request id instead', async () => {
    const response = await app.inject({
      url: '/api/probe/crash',
      headers: { 'x-request-id': 'trace-500' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error', requestId: 'trace-500' });
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|stack/);
  });
});
