import { waitFor } from '@testing-library/react';
import { baseApi } from '../../../../src/lib/api';
import { identityRefreshRequested, signInRequested } from '../../../../src/lib/session';
import { fakeAuth, json, makeTestStore, stubApi, type FakeAuth } from '../../test-utils';

/** A probe endpoint, injected the way features inject theirs. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (url) => url }) }),
});

async function start(auth: FakeAuth) {
  const store = makeTestStore({ auth });
  await waitFor(() => expect(store.getState().auth.status).not.toBe('unknown'));
  return store;
}

describe('auth saga: start', () => {
  it('completes the redirect back from the provider and goes to the remembered page', async () => {
    const url = 'http://localhost/login?code=abc&state=xyz';
    const auth = fakeAuth({ signedIn: false, url, appState: { returnTo: '/home/athlete' } });
    const store = await start(auth);
    expect(auth.client.handleRedirectCallback).toHaveBeenCalledWith(url);
    expect(auth.client.checkSession).not.toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({
      status: 'signedIn',
      returnTo: '/home/athlete',
      identity: {
        sub: 'coach-1',
        email: 'ada@example.com',
        emailVerified: true,
        name: 'Ada Okafor',
      },
    });
  });

  it('goes to the leaderboard after the redirect when no page was remembered', async () => {
    const auth = fakeAuth({ signedIn: false, url: 'http://localhost/login?code=abc&state=xyz' });
    const store = await start(auth);
    expect(store.getState().auth.returnTo).toBe('/home/leaderboard');
  });

  it('says why when the redirect cannot be completed', async () => {
    const auth = fakeAuth({ signedIn: false, url: 'http://localhost/login?code=abc&state=old' });
    auth.client.handleRedirectCallback.mockRejectedValue(new Error('Invalid state'));
    const store = await start(auth);
    expect(store.getState().auth).toMatchObject({
      status: 'signedOut',
      error: 'Sign-in could not be completed: Invalid state',
    });
  });

  it('finds an existing session elsewhere, with the identity from the ID token', async () => {
    const auth = fakeAuth({
      url: 'http://localhost/home/athlete',
      claims: { email_verified: false },
    });
    const store = await start(auth);
    expect(auth.client.checkSession).toHaveBeenCalled();
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', returnTo: null });
    expect(store.getState().auth.identity?.emailVerified).toBe(false);
  });

  it('is signed out without a session, and sends no token to the API', async () => {
    const api = stubApi({ 'GET /api/probe': () => json({}) });
    const store = await start(fakeAuth({ signedIn: false }));
    expect(store.getState().auth.status).toBe('signedOut');
    await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
    expect(api.sent('GET /api/probe')[0]?.headers.has('authorization')).toBe(false);
  });

  it('is signed out with a message when the SDK cannot start', async () => {
    const auth = fakeAuth();
    auth.deps.createClient = () => {
      throw new Error('auth0-spa-js must run on a secure origin');
    };
    const store = await start(auth);
    expect(store.getState().auth.error).toMatch(/secure origin/);
  });
});

describe('auth saga: signed in', () => {
  it('sends the bearer token to the API', async () => {
    const api = stubApi({ 'GET /api/probe': () => json({}) });
    const store = await start(fakeAuth());
    await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
    expect(api.sent('GET /api/probe')[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('refreshes once for many 401s at the same time (single flight)', async () => {
    // Both requests are on the wire before either answer comes back, as on a network:
    // the first 401 waits until the second request was sent.
    let bothSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (bothSent = resolve));
    let expired = 0;
    const answer = async (request: Request) => {
      if (request.headers.get('authorization') === 'Bearer token-2') return json({}, 200);
      if (++expired === 2) bothSent();
      await sent;
      return json({}, 401);
    };
    const api = stubApi({ 'GET /api/a': answer, 'GET /api/b': answer });
    const auth = fakeAuth();
    const store = await start(auth);
    const results = await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('/a')),
      store.dispatch(probeApi.endpoints.probe.initiate('/b')),
    ]);
    expect(results.map((result) => result.isSuccess)).toEqual([true, true]);
    const forced = auth.client.getTokenSilently.mock.calls.filter(
      ([options]) => options?.cacheMode === 'off',
    );
    expect(forced).toHaveLength(1);
    expect(api.requests).toHaveLength(4);
  });

  it('goes to the provider to sign in or sign up, remembering the page', async () => {
    const auth = fakeAuth({ signedIn: false });
    const store = await start(auth);
    store.dispatch(signInRequested({ returnTo: '/home/athlete' }));
    store.dispatch(signInRequested({ screenHint: 'signup' }));
    await waitFor(() => expect(auth.client.loginWithRedirect).toHaveBeenCalledTimes(2));
    expect(auth.client.loginWithRedirect).toHaveBeenNthCalledWith(1, {
      appState: { returnTo: '/home/athlete' },
      authorizationParams: {},
    });
    expect(auth.client.loginWithRedirect).toHaveBeenNthCalledWith(2, {
      appState: { returnTo: undefined },
      authorizationParams: { screen_hint: 'signup' },
    });
  });

  it('forces a refresh when asked, so a verified address shows', async () => {
    const auth = fakeAuth({ claims: { email_verified: false } });
    const store = await start(auth);
    auth.provider.claims.email_verified = true;
    store.dispatch(identityRefreshRequested());
    await waitFor(() => expect(store.getState().auth.refreshing).toBe(false));
    expect(auth.client.getTokenSilently).toHaveBeenLastCalledWith({ cacheMode: 'off' });
    expect(store.getState().auth.identity?.emailVerified).toBe(true);
  });
});
