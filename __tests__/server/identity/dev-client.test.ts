import type { App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DEV_SERVER_REDIRECT } from '../../../server/identity/settings';
import { buildIdentityApp } from './identity-app';

const DEV_ORIGIN = new URL(DEV_SERVER_REDIRECT).origin;

/**
 * The webpack dev server's origin (http://localhost:8080) as a redirect and CORS origin of
 * the app client: under `npm run dev` only. Elsewhere any page served there (another
 * project's dev server, say) could take a signed-in user's tokens with prompt=none.
 */
describe('the development client', () => {
  /** What the provider does with an authorization request that returns to the dev server. */
  async function authorizeFromDevServer(app: App) {
    const query = new URLSearchParams({
      client_id: 'splitline-app',
      redirect_uri: DEV_SERVER_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 's',
      prompt: 'none',
    });
    return app.inject({ url: `/authorize?${query}` });
  }

  /** Whether the token endpoint answers the dev server's origin for the browser to read. */
  async function tokenCorsFor(app: App) {
    const response = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { origin: DEV_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=nothing&client_id=splitline-app',
    });
    return response.headers['access-control-allow-origin'];
  }

  it('is not there without NODE_ENV=development (npm start)', async () => {
    const { app } = await buildIdentityApp();
    try {
      const answer = await authorizeFromDevServer(app);
      expect(answer.statusCode).toBe(400);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body).toContain('redirect_uri');
      expect(await tokenCorsFor(app)).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('is there under npm run dev', async () => {
    const { app } = await buildIdentityApp({ env: { NODE_ENV: 'development' } });
    try {
      expect(app.config.development).toBe(true);
      const answer = await authorizeFromDevServer(app);
      // Accepted: prompt=none without a session goes back to the dev server with an error.
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toMatch(new RegExp(`^${DEV_SERVER_REDIRECT}\\?`));
      expect(await tokenCorsFor(app)).toBe(DEV_ORIGIN);
    } finally {
      await app.close();
    }
  });

  it('is read from NODE_ENV, which npm start leaves unset', () => {
    expect(loadConfig({}).development).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).development).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).development).toBe(true);
  });
});

describe('TRUST_PROXY settings', () => {
  it('takes true/false, a hop count or proxy addresses, and refuses nonsense', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'every one!' })).toThrow(/TRUST_PROXY="every one!"/);
  });
});
