import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { fileForm, signUp, tinyPng } from './accounts';

describe('POST /api/user/uploadlogo', () => {
  let app: App;
  let headers: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    ({ headers } = await signUp(app, 'logo@example.com'));
  });
  afterAll(() => app.close());

  const upload = (filename: string, type: string, bytes: Buffer, field = 'logo') => {
    const form = fileForm(field, filename, type, bytes);
    return app.inject({
      method: 'POST',
      url: '/api/user/uploadlogo',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const logosDir = () => path.join(app.config.dataDir, 'uploads', 'logos');
  const refused = (response: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { logo: [expect.any(String)] } });
  };

  it('stores a PNG, serves it back and shows it on the profile', async () => {
    const response = await upload('club.png', 'image/png', tinyPng);
    expect(response.statusCode).toBe(200);
    const { logoUrl } = response.json<{ logoUrl: string }>();
    expect(logoUrl).toMatch(/^\/files\/logos\/[0-9a-f-]{36}-[0-9a-f]{32}\.png$/);
    const file = await app.inject(logoUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(tinyPng)).toBe(true);
    expect((await app.inject({ url: '/api/user', headers })).json().logoUrl).toBe(logoUrl);
  });

  it('replaces the previous file, and judges the type by the bytes', async () => {
    const before = fs.readdirSync(logosDir());
    const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const response = await upload('photo.png', 'image/png', jpegBytes);
    expect(response.json().logoUrl).toMatch(/\.jpg$/);
    const after = fs.readdirSync(logosDir());
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect((await app.inject(response.json().logoUrl)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses SVG, and text dressed up as a PNG', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    refused(await upload('logo.svg', 'image/svg+xml', svg));
    refused(await upload('logo.png', 'image/png', Buffer.from('just some text, honestly')));
  });

  it('refuses a file over 2 MB with a 400, not a 413', async () => {
    const big = Buffer.concat([tinyPng.subarray(0, 8), Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const response = await upload('huge.png', 'image/png', big);
    refused(response);
    expect(response.json().errors.logo[0]).toContain('2 MB');
  });

  it('refuses a form without the logo field, and a request that is no form', async () => {
    refused(await upload('club.png', 'image/png', tinyPng, 'picture'));
    refused(
      await app.inject({ method: 'POST', url: '/api/user/uploadlogo', headers, payload: {} }),
    );
  });

  it('answers 404 for a logo that does not exist', async () => {
    expect((await app.inject('/files/logos/nothing.png')).statusCode).toBe(404);
    expect((await app.inject('/files/logos/../../pglite/PG_VERSION')).statusCode).toBe(404);
  });
});
