import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../server/app';
import { buildTestApp } from './helpers/build-test-app';
import { coach } from './event/fixtures';
import { fileForm, tinyPng } from './user/accounts';

const embedded = !process.env.DATABASE_URL;

/** A request whose body arrives in two parts: the first now, the rest when `finish()` is called. */
function trickle(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): { finish(): void; answer: Promise<{ status: number; body: string }> } {
  let req!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: { ...headers, 'content-length': String(body.length) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  req.write(body.subarray(0, 20));
  return { finish: () => req.end(body.subarray(20)), answer };
}

/**
 * A body comes at the client's pace. While it is read a request holds no place at the
 * embedded database's gate (server/plugins/admission.ts), so slow uploads of one account
 * cannot turn everyone else away; and one account uploads one logo at a time.
 */
describe('requests whose bodies arrive slowly', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    // One place and a short wait: a request holding the place turns every other away.
    app = await buildTestApp({ admission: { maxActive: 1, maxQueued: 4, maxWaitMs: 100 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const get = (path: string, headers: Record<string, string>) =>
    app.inject({ url: path, headers }).then((r) => r.statusCode);

  (embedded ? it : it.skip)('hold no place at the gate while their bodies are read', async () => {
    const slow = await coach(app, 'slow-body@example.com');
    const other = await coach(app, 'other-body@example.com');
    const json = { ...slow.headers, 'content-type': 'application/json' };
    const roster = trickle(
      port,
      '/api/roster',
      json,
      Buffer.from(JSON.stringify({ name: 'Sprinters who type slowly' })),
    );
    const form = fileForm('logo', 'club.png', 'image/png', tinyPng);
    const logo = trickle(
      port,
      '/api/user/uploadlogo',
      { ...slow.headers, ...form.headers },
      form.payload,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await get('/api/roster', other.headers)).toBe(200);
    roster.finish();
    logo.finish();
    expect((await roster.answer).status).toBe(201);
    expect((await logo.answer).status).toBe(200);
  });

  it('answer a second logo upload of an account 429 while the first is under way', async () => {
    const uploader = await coach(app, 'two-logos@example.com');
    const form = fileForm('logo', 'club.png', 'image/png', tinyPng);
    const first = trickle(
      port,
      '/api/user/uploadlogo',
      { ...uploader.headers, ...form.headers },
      form.payload,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await app.inject({
      method: 'POST',
      url: '/api/user/uploadlogo',
      headers: { ...uploader.headers, ...form.headers },
      payload: form.payload,
    });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('5');
    first.finish();
    expect((await first.answer).status).toBe(200);
  });
});
