import { decodeJwt } from 'jose';
import type { App } from '../../../server/app';
import { Browser, hiddenField, pkce } from './browser';
import { buildIdentityApp } from './identity-app';

/** The whole sign-in as @auth0/auth0-spa-js drives it, over real HTTP. */
describe('authorization code + PKCE + refresh flow', () => {
  let app: App;
  let origin: string;
  let browser: Browser;
  const email = 'coach.flow@example.com';
  const password = 'Sprint-40yd-4.41s';

  beforeAll(async () => {
    ({ app, origin } = await buildIdentityApp({ listen: true }));
    browser = new Browser(origin);
  });
  afterAll(() => app.close());

  const redirectUri = () => `${origin}/login`;

  async function authorize(extra: Record<string, string> = {}) {
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      client_id: 'splitline-app',
      redirect_uri: redirectUri(),
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email offline_access',
      audience: `${origin}/api`,
      state: 'state-1',
      nonce: 'nonce-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    });
    return { verifier, response: await browser.request(`/authorize?${query}`) };
  }

  async function token(fields: Record<string, string>) {
    const response = await fetch(`${origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ client_id: 'splitline-app', ...fields }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  let refreshToken = '';

  it('signs up through screen_hint=signup, then signs in and returns a code to the app', async () => {
    const { verifier, response } = await authorize({ screen_hint: 'signup' });
    expect(response.status).toBe(303);
    const interaction = response.headers.get('location') ?? '';
    expect(interaction).toMatch(/^\/u\/login\/[\w-]+$/);

    const form = await browser.request(interaction);
    const html = await form.text();
    expect(html).toContain('Create your account');
    expect(html).toContain('at least 10 characters');

    const signedUp = await browser.post(`${interaction}/signup`, {
      csrf: hiddenField(html, 'csrf'),
      email,
      password,
    });
    // The same answer for a new address and a taken one (decision 018): sign in next.
    expect(signedUp.status).toBe(200);
    const signIn = await signedUp.text();
    expect(signIn).toContain('Sign in with your password to continue');
    const submitted = await browser.follow(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: hiddenField(signIn, 'csrf'), email, password }),
    });
    expect(submitted.url.pathname).toBe('/login');
    expect(submitted.url.searchParams.get('state')).toBe('state-1');
    const code = submitted.url.searchParams.get('code') ?? '';

    const { status, body } = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri(),
      code_verifier: verifier,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    refreshToken = body.refresh_token ?? '';
    expect(refreshToken).not.toBe('');

    const idToken = decodeJwt(body.id_token ?? '');
    expect(idToken).toMatchObject({
      iss: `${origin}/`,
      aud: 'splitline-app',
      nonce: 'nonce-1',
      email,
      email_verified: false,
      name: email,
    });
    const verified = await app.identity.verifyAccessToken(body.access_token ?? '');
    expect(verified).toMatchObject({ sub: idToken.sub, clientId: 'splitline-app' });
  });

  it('rotates the refresh token, with an ID token in every answer', async () => {
    const first = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(first).toMatchObject({ status: 200 });
    expect(first.body.id_token).toBeDefined();
    expect(first.body.refresh_token).not.toBe(refreshToken);
    await expect(
      app.identity.verifyAccessToken(first.body.access_token ?? ''),
    ).resolves.toMatchObject({ clientId: 'splitline-app' });

    const replay = await token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('lets only one of two parallel refreshes with the same token win', async () => {
    // The replay above revoked the grant: sign in again for a fresh refresh token.
    const { verifier, response } = await authorize({ prompt: 'login' });
    const interaction = response.headers.get('location') ?? '';
    const html = await (await browser.request(interaction)).text();
    expect(html).toContain('Sign in');
    const submitted = await browser.follow(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: hiddenField(html, 'csrf'), email, password }),
    });
    const code = submitted.url.searchParams.get('code') ?? '';
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri(),
      code_verifier: verifier,
    });
    const fresh = issued.body.refresh_token ?? '';

    const results = await Promise.all(
      [1, 2].map(() => token({ grant_type: 'refresh_token', refresh_token: fresh })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);

    // A code is good once; its replay revokes what it granted.
    const again = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri(),
      code_verifier: verifier,
    });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const winner = results.find((r) => r.status === 200)?.body.refresh_token ?? '';
    expect(await token({ grant_type: 'refresh_token', refresh_token: winner })).toMatchObject({
      status: 400,
    });
  });

  it('signs in silently while the session lasts, also in the iframe mode', async () => {
    const { response } = await authorize({ prompt: 'none' });
    const { url } = await browser.follow(response.headers.get('location') ?? '');
    expect(url.searchParams.get('code')).toBeTruthy();

    const { response: page } = await authorize({ prompt: 'none', response_mode: 'web_message' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('authorization_response');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('frame-ancestors');
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
  });

  it('signs out at /v2/logout with returnTo, without a confirm question', async () => {
    const page = await browser.request(
      `/v2/logout?client_id=splitline-app&returnTo=${encodeURIComponent(redirectUri())}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    const done = await browser.post('/v2/logout/confirm', {
      xsrf: hiddenField(html, 'xsrf'),
      logout: 'yes',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(redirectUri());

    const { response } = await authorize({ prompt: 'none' });
    const { url } = await browser.follow(response.headers.get('location') ?? '');
    expect(url.searchParams.get('error')).toBe('login_required');
  });

  it('publishes discovery and the public key at the Auth0 paths', async () => {
    const discovery = (await (
      await fetch(`${origin}/.well-known/openid-configuration`)
    ).json()) as Record<string, string> & { grant_types_supported?: string[] };
    expect(discovery).toMatchObject({
      issuer: `${origin}/`,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      end_session_endpoint: `${origin}/v2/logout`,
      jwks_uri: `${origin}/.well-known/jwks.json`,
    });
    // Only what the app's client may use: the code flow and its refresh tokens.
    expect(discovery.response_types_supported).toEqual(['code']);
    expect([...discovery.grant_types_supported!].sort()).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    const jwks = (await (await fetch(`${origin}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, string>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
