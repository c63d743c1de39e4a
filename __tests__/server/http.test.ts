import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { App } from '../../server/app';
import { buildTestApp } from './helpers/build-test-app';
import type { PreloadManifest } from '../../contract/app-preload';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('HTTP behaviour shared by every route', () => {
  let app: App;
  let appDir: string;
  beforeAll(async () => {
    // A stand-in for webpack's output in dist/app.
    appDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-app-'));
    await fs.promises.writeFile(
      path.join(appDir, 'index.html'),
      '<!doctype html><title>Splitline</title>',
    );
    await fs.promises.writeFile(path.join(appDir, 'main.js'), 'console.log(1)');
    await fs.promises.mkdir(path.join(appDir, 'js'));
    await fs.promises.writeFile(path.join(appDir, 'js/main.2410beaf.js'), 'console.log(2)');
    // What the production build writes beside every text asset (webpack.config.mts).
    for (const file of ['index.html', 'js/main.2410beaf.js']) {
      const text = await fs.promises.readFile(path.join(appDir, file));
      await fs.promises.writeFile(path.join(appDir, `${file}.br`), zlib.brotliCompressSync(text));
      await fs.promises.writeFile(path.join(appDir, `${file}.gz`), zlib.gzipSync(text));
    }
    // What the build writes for the server's preload (scripts/check-budgets.ts).
    const manifest: PreloadManifest = {
      entry: ['js/runtime.5.js', 'js/boot.6.js'],
      home: ['js/react.1.js', 'css/app.2.css', 'js/shell.3.js'],
      pages: { '/home/leaderboard': ['js/react.1.js', 'css/app.2.css', 'js/leaderboard.4.js'] },
      landing: '/home/leaderboard',
    };
    await fs.promises.writeFile(path.join(appDir, 'preload.json'), JSON.stringify(manifest));
    app = await buildTestApp({
      env: { PUBLIC_URL: 'https://coach.example.com/' },
      config: { appDir },
    });
  });
  afterAll(async () => {
    await app.close();
    await fs.promises.rm(appDir, { recursive: true, force: true });
  });

  it('gives every answer a request id, keeping the caller’s', async () => {
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-1234' } });
    expect(given.headers['x-request-id']).toBe('lb-1234');
    const fresh = await app.inject('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u0007<script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a policy that fits the app', async () => {
    const response = await app.inject({ url: '/', headers: html });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    // The identity SDK's token worker is a file of the app, not a blob: URL.
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('serves the app for browser navigations to app routes (history fallback)', async () => {
    const response = await app.inject({ url: '/home/athlete?tab=2', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>Splitline</title>');
  });

  it("preloads the dashboard's chunks with its page, and none on the light /login", async () => {
    const board = await app.inject({ url: '/home/leaderboard', headers: html });
    // The session check's files first: the boot script, the config it reads with fetch.
    expect(board.headers.link).toBe(
      '</js/runtime.5.js>; rel=preload; as=script, </js/boot.6.js>; rel=preload; as=script, ' +
        '</config.json>; rel=preload; as=fetch; crossorigin, ' +
        '</js/react.1.js>; rel=preload; as=script, </css/app.2.css>; rel=preload; as=style, ' +
        '</js/leaderboard.4.js>; rel=preload; as=script',
    );
    // Another dashboard page: the app and the shell.
    const athletes = await app.inject({ url: '/home/athlete?tab=2', headers: html });
    expect(athletes.headers.link).toContain('</js/shell.3.js>; rel=preload; as=script');
    // Back from the provider: the landing page's.
    const back = await app.inject({ url: '/login?code=abc&state=xyz', headers: html });
    expect(back.headers.link).toContain('</js/leaderboard.4.js>');
    for (const url of ['/login', '/login?returnTo=%2Fhome', '/verification']) {
      const page = await app.inject({ url, headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.headers.link).toBeUndefined();
    }
  });

  it('serves the app’s files', async () => {
    const response = await app.inject('/main.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('lets browsers keep content-hashed files for good, and only those', async () => {
    const hashed = await app.inject('/js/main.2410beaf.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject('/main.js');
    expect(plain.headers['cache-control']).not.toContain('immutable');
    const page = await app.inject({ url: '/home/athlete', headers: html });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/api/x', '/missing.js'])('does not answer %s with the app', async (url) => {
    const response = await app.inject({ url, headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it.each(['/authorize', '/oauth/token', '/.well-known/openid-configuration'])(
    'leaves %s to the identity provider',
    async (url) => {
      const response = await app.inject({ url, headers: html });
      expect(response.body).not.toContain('<title>Splitline</title>');
    },
  );

  it('sends the precompressed file a browser accepts, brotli first', async () => {
    const url = '/js/main.2410beaf.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(2)');

    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe('console.log(2)');

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(2)');
  });

  it('compresses the app page of a navigation too', async () => {
    const response = await app.inject({
      url: '/home/athlete',
      headers: { ...html, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain(
      '<title>Splitline</title>',
    );
  });

  it('does not answer non-browser requests with the app', async () => {
    const response = await app.inject({
      url: '/home/athlete',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('publishes the app’s runtime configuration', async () => {
    const response = await app.inject('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      apiBase: '/api',
      auth: {
        domain: 'https://coach.example.com',
        clientId: 'splitline-app',
        audience: 'https://coach.example.com/api',
      },
    });
  });

  it('publishes the API reference', async () => {
    const ui = await app.inject({ url: '/api/docs', headers: html });
    expect(ui.statusCode).toBeLessThan(400);
    const document = await app.inject('/api/docs/json');
    expect(document.statusCode).toBe(200);
    const openapi = document.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/config.json']),
    );
    expect(Object.keys(openapi.paths)).not.toContain('/*');
  });
});

describe('without a built app', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({
      config: { appDir: path.join(os.tmpdir(), 'splitline-no-app-here') },
    });
  });
  afterAll(() => app.close());

  it('still serves the API and says what to do on app routes', async () => {
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    const response = await app.inject({ url: '/home', headers: html });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('npm run build:app');
  });
});
