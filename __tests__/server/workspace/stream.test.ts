import type { App } from '../../../server/app';
import { newCoach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';
import { join } from './helpers';

/** Reads an event stream until `pattern` appears in it; fails after `ms`. */
async function readUntil(stream: NodeJS.ReadableStream, pattern: RegExp, ms = 10_000) {
  let text = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in: ${text}`)), ms);
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (pattern.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    stream.on('end', () => {
      clearTimeout(timer);
      if (pattern.test(text)) resolve(text);
      else reject(new Error(`stream ended without ${pattern}: ${text}`));
    });
  });
}

/** A removed member's open live stream ends, and opening it again is refused (decision 035). */
describe('the live stream of a removed member', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ live: { memberCheckMs: 50 } });
    await app.ready();
  }, 120_000);
  afterAll(() => app.close());

  it('ends with `expired` once the member is removed; the next open is a 403', async () => {
    const owner = await newCoach(app);
    const viewer = await join(app, owner, 'viewer');
    const open = () =>
      app.inject({
        url: '/api/event/stream',
        headers: viewer.headers,
        payloadAsStream: true,
      });
    const response = await open();
    expect(response.statusCode).toBe(200);
    const stream = response.stream();
    await readUntil(stream, /: connected/);
    const ended = readUntil(stream, /event: expired/);
    expect((await owner.del(`/api/member/${viewer.userId}`)).statusCode).toBe(204);
    expect(await ended).toMatch(/event: expired/);
    const again = await app.inject({ url: '/api/event/stream', headers: viewer.headers });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/not a member of this workspace/);
  });
});
