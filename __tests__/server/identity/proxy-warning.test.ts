import type { App } from '../../../server/app';
import { UNTRUSTED_PROXY_WARNING } from '../../../server/identity/proxy-warning';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * Behind a proxy without TRUST_PROXY every client is the proxy, and the sign-in throttles
 * count them all as one (decision 040): the first sign-in page reached with
 * X-Forwarded-For says so in the log, once.
 */
describe('a proxy that is not trusted', () => {
  async function app(env: Record<string, string>) {
    const lines: { level: number; msg: string }[] = [];
    const built: App = await buildTestApp({
      env,
      logger: {
        level: 'warn',
        stream: { write: (line: string) => lines.push(JSON.parse(line) as never) },
      },
    });
    await built.ready();
    const page = (headers: Record<string, string> = {}) =>
      built.inject({ url: '/u/forgot-password', headers });
    return { built, lines, page };
  }
  const warnings = (lines: { msg: string }[]) =>
    lines.filter((line) => line.msg === UNTRUSTED_PROXY_WARNING);

  it('is named in the log once, when sign-in pages come through it', async () => {
    const { built, lines, page } = await app({});
    try {
      expect((await page()).statusCode).toBe(200);
      expect(warnings(lines)).toHaveLength(0); // no proxy: nothing to say
      await page({ 'x-forwarded-for': '203.0.113.7' });
      await page({ 'x-forwarded-for': '203.0.113.8' });
      expect(warnings(lines)).toHaveLength(1);
      expect(warnings(lines)[0]).toMatchObject({ level: 40 });
    } finally {
      await built.close();
    }
  });

  it('is not named with TRUST_PROXY set', async () => {
    const { built, lines, page } = await app({ TRUST_PROXY: '1' });
    try {
      await page({ 'x-forwarded-for': '203.0.113.7' });
      expect(warnings(lines)).toHaveLength(0);
    } finally {
      await built.close();
    }
  });
});
