import type { App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { buildTestApp } from '../helpers/build-test-app';
import { signUp } from './accounts';

describe('usage telemetry: the per-user switch (PUT /api/user/telemetry)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/user/telemetry', headers, payload });

  it('is on for a new user, with an opaque id that is neither the account id nor the e-mail', async () => {
    const coach = await signUp(app, 'telemetry-new@example.com');
    const user = (await app.inject({ url: '/api/user', headers: coach.headers })).json();
    expect(user.telemetryOptOut).toBe(false);
    expect(user.telemetryId).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.telemetryId).not.toBe(user.id);
    expect(user.telemetryId).not.toContain('telemetry-new');
    // Stable: the same id on every call.
    const again = (await app.inject({ url: '/api/user', headers: coach.headers })).json();
    expect(again.telemetryId).toBe(user.telemetryId);
  });

  it('stores the switch per user, so that it follows the user to another browser', async () => {
    const mine = await signUp(app, 'telemetry-off@example.com');
    const theirs = await signUp(app, 'telemetry-other@example.com');
    const off = await put(mine.headers, { optOut: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ telemetryOptOut: true, email: 'telemetry-off@example.com' });
    // A new session (another browser) reads it from the server.
    const read = (await app.inject({ url: '/api/user', headers: mine.headers })).json();
    expect(read.telemetryOptOut).toBe(true);
    // Nobody else's setting moved.
    const other = (await app.inject({ url: '/api/user', headers: theirs.headers })).json();
    expect(other.telemetryOptOut).toBe(false);

    const on = await put(mine.headers, { optOut: false });
    expect(on.json().telemetryOptOut).toBe(false);
    // Switching back on keeps the same opaque id.
    expect(on.json().telemetryId).toBe(read.telemetryId);
  });

  it('refuses a body that is not { optOut: boolean }, and changes nothing', async () => {
    const coach = await signUp(app, 'telemetry-bad@example.com');
    for (const payload of [{}, { optOut: 'maybe' }, { optOut: 42 }]) {
      const response = await put(coach.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('errors');
    }
    const user = (await app.inject({ url: '/api/user', headers: coach.headers })).json();
    expect(user.telemetryOptOut).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/user/telemetry',
      payload: { optOut: true },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('usage telemetry in /config.json', () => {
  it('says nothing of telemetry when PostHog is not configured (the default)', async () => {
    const app = await buildTestApp();
    try {
      const body = (await app.inject('/config.json')).json();
      expect(body).not.toHaveProperty('telemetry');
      const csp = String((await app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self';");
    } finally {
      await app.close();
    }
  });

  it('publishes the key and host when both are set, and lets the browser reach the host', async () => {
    const app = await buildTestApp({
      env: { POSTHOG_KEY: 'phc_test0123456789', POSTHOG_HOST: 'https://eu.i.posthog.com/' },
    });
    try {
      expect((await app.inject('/config.json')).json().telemetry).toEqual({
        posthogKey: 'phc_test0123456789',
        posthogHost: 'https://eu.i.posthog.com',
      });
      const csp = String((await app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toContain(
        "connect-src 'self' https://eu.i.posthog.com https://eu-assets.i.posthog.com;",
      );
      // No script from there: posthog-js is bundled in the app's own chunk.
      expect(csp).toContain("script-src 'self';");
    } finally {
      await app.close();
    }
  });

  it('refuses half a configuration at start', () => {
    expect(() => loadConfig({ POSTHOG_KEY: 'phc_test0123456789' })).toThrow('missing POSTHOG_HOST');
    expect(() =>
      loadConfig({ POSTHOG_KEY: 'phc_test0123456789', POSTHOG_HOST: 'eu.i.posthog.com' }),
    ).toThrow('POSTHOG_HOST');
  });
});
