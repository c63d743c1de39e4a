import { waitFor } from '@testing-library/react';
import {
  forgetSession,
  MAX_OFFLINE_MS,
  rememberedSession,
  rememberSession,
} from '../../../../src/features/auth/offlineSession';
import { PROBE_AFTER_MS } from '../../../../src/features/auth/authSaga';
import { fakeAuth, makeTestStore } from '../../test-utils';

const ada = {
  identity: { sub: 'coach-1', email: 'ada@example.com', emailVerified: true, name: 'Ada Okafor' },
  expiresAt: 1_700_000_000,
};

afterEach(() => {
  forgetSession();
  jest.restoreAllMocks();
});

describe('the offline session', () => {
  it('remembers who signed in, without a token, for at most MAX_OFFLINE_MS', () => {
    rememberSession(ada, 1000);
    expect(JSON.stringify(localStorage)).not.toMatch(/token/i);
    expect(rememberedSession(1000 + MAX_OFFLINE_MS)).toEqual(ada);
    expect(rememberedSession(1001 + MAX_OFFLINE_MS)).toBeNull();
    forgetSession();
    expect(rememberedSession(1000)).toBeNull();
  });

  it('keeps the remembered coach signed in on a reload made offline', async () => {
    rememberSession(ada);
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const auth = fakeAuth({
      signedIn: false,
      url: 'http://localhost/home/result/program/manualentry',
    });
    const store = makeTestStore({ auth });
    await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(store.getState().auth.identity).toEqual(ada.identity);
    // No session check at the unreachable provider.
    expect(auth.client.checkSession).not.toHaveBeenCalled();
  });

  it('online, finds the session without probing the provider', async () => {
    rememberSession(ada);
    const probe = jest.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    const auth = fakeAuth({ url: 'http://localhost/home/leaderboard' });
    const store = makeTestStore({ auth });
    await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(auth.client.checkSession).toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, PROBE_AFTER_MS + 100));
    expect(probe).not.toHaveBeenCalled();
  });

  it('with the server down, signs the remembered coach in when the check never answers', async () => {
    rememberSession(ada);
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const auth = fakeAuth({ url: 'http://localhost/home/leaderboard' });
    auth.client.checkSession.mockReturnValue(new Promise(() => {}));
    const store = makeTestStore({ auth });
    await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
    expect(store.getState().auth.identity).toEqual(ada.identity);
  });

  it('tells a failed check from the server down by the probe', async () => {
    rememberSession(ada);
    const fetch = jest.spyOn(globalThis, 'fetch');
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const down = fakeAuth({ url: 'http://localhost/home/leaderboard' });
    down.client.checkSession.mockRejectedValue(new Error('Failed to fetch'));
    const offline = makeTestStore({ auth: down });
    await waitFor(() => expect(offline.getState().auth.status).toBe('signedIn'));

    fetch.mockResolvedValue(new Response('{}', { status: 200 }));
    const up = fakeAuth({ url: 'http://localhost/home/leaderboard' });
    up.client.checkSession.mockRejectedValue(new Error('The provider refused'));
    const failed = makeTestStore({ auth: up });
    await waitFor(() => expect(failed.getState().auth.status).toBe('signedOut'));
    expect(failed.getState().auth.error).toMatch(/The provider refused/);
  });

  it('signs out as before when online and the provider has no session', async () => {
    rememberSession(ada);
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    const auth = fakeAuth({ signedIn: false, url: 'http://localhost/home/athlete' });
    const store = makeTestStore({ auth });
    await waitFor(() => expect(store.getState().auth.status).toBe('signedOut'));
  });
});
