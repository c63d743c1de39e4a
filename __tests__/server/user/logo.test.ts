import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { App } from '../../../server/app';
import { normaliseStoredLogos } from '../../../server/user/logo-maintenance';
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

  /** A real image of `width` x `height` pixels, with an alpha channel where the format has one. */
  const image = (format: 'png' | 'jpeg' | 'webp', width: number, height: number) =>
    sharp({
      create: { width, height, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 0.5 } },
    })
      .toFormat(format)
      .toBuffer();
  const stored = async (logoUrl: string) =>
    sharp((await app.inject(logoUrl)).rawPayload).metadata();

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
    const { format, width, height } = await sharp(file.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1, height: 1 });
    expect((await app.inject({ url: '/api/user', headers })).json().logoUrl).toBe(logoUrl);
  });

  it('replaces the previous file, and judges the type by the bytes', async () => {
    const before = fs.readdirSync(logosDir());
    const response = await upload('photo.png', 'image/png', await image('jpeg', 40, 20));
    expect(response.json().logoUrl).toMatch(/\.png$/);
    const after = fs.readdirSync(logosDir());
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect((await app.inject(response.json().logoUrl)).headers['content-type']).toBe('image/png');
  });

  it.each(['png', 'jpeg', 'webp'] as const)(
    'stores a %s as a PNG that fits 600 x 240, its aspect kept',
    async (format) => {
      const response = await upload(
        `wide.${format}`,
        `image/${format}`,
        await image(format, 2400, 600),
      );
      expect(response.statusCode).toBe(200);
      const { format: kept, width, height } = await stored(response.json().logoUrl);
      expect({ kept, width, height }).toEqual({ kept: 'png', width: 600, height: 150 });
    },
  );

  it.each(['png', 'jpeg', 'webp'] as const)(
    'refuses a %s of more than 25 megapixels, however few bytes it has',
    async (format) => {
      const bomb = await image(format, 6000, 6000);
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const response = await upload(`bomb.${format}`, `image/${format}`, bomb);
      refused(response);
      expect(response.json().errors.logo[0]).toContain('6000 x 6000 pixels');
    },
  );

  it('refuses a PNG whose header claims 100000 x 100000 pixels, and a cut-off image', async () => {
    const header = Buffer.from(tinyPng);
    header.writeUInt32BE(100_000, 16); // IHDR width
    header.writeUInt32BE(100_000, 20); // IHDR height
    refused(await upload('claims.png', 'image/png', header));
    const whole = await image('jpeg', 800, 800);
    const cut = await upload('cut.jpg', 'image/jpeg', whole.subarray(0, whole.length / 2));
    refused(cut);
    expect(cut.json().errors.logo[0]).toContain('could not be read');
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

  it('normalises a logo stored before uploads were, and drops one over the pixel limit', async () => {
    const accountId = (await app.inject({ url: '/api/user', headers })).json<{ id: string }>().id;
    const legacy = async (format: 'png' | 'jpeg', width: number, height: number) => {
      const name = `${accountId}-${'a'.repeat(31)}${format.length}.${format === 'png' ? 'png' : 'jpg'}`;
      fs.writeFileSync(path.join(logosDir(), name), await image(format, width, height));
      await app.db
        .updateTable('users')
        .set({ logo_url: `/files/logos/${name}` })
        .where('id', '=', accountId)
        .execute();
      return name;
    };
    const logoUrl = async () =>
      (await app.inject({ url: '/api/user', headers })).json<{ logoUrl: string | null }>().logoUrl;

    const big = await legacy('png', 3000, 3000);
    expect(await normaliseStoredLogos(app.db, app.config.dataDir, app.log)).toEqual({
      normalised: 1,
      dropped: 0,
    });
    const url = (await logoUrl())!;
    expect(url).toMatch(/\.png$/);
    expect(url).not.toContain(big);
    const { width, height } = await stored(url);
    expect({ width, height }).toEqual({ width: 240, height: 240 });
    expect(fs.existsSync(path.join(logosDir(), big))).toBe(false);
    // Done once: a second pass finds nothing to do.
    expect(await normaliseStoredLogos(app.db, app.config.dataDir, app.log)).toEqual({
      normalised: 0,
      dropped: 0,
    });

    const bomb = await legacy('jpeg', 6000, 6000);
    expect(await normaliseStoredLogos(app.db, app.config.dataDir, app.log)).toEqual({
      normalised: 0,
      dropped: 1,
    });
    expect(await logoUrl()).toBeNull();
    expect(fs.existsSync(path.join(logosDir(), bomb))).toBe(false);
  });
});
