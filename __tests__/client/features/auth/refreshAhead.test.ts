import { signOutRequested } from '../../../../src/lib/session';
import { fakeAuth, makeTestStore, type FakeAuth } from '../../test-utils';

describe('auth saga: refresh ahead of expiry', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  async function startWithTimers(auth: FakeAuth) {
    const store = makeTestStore({ auth });
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().auth.status).toBe('signedIn');
    return store;
  }

  const forcedCalls = (auth: FakeAuth) =>
    auth.client.getTokenSilently.mock.calls.filter(([options]) => options?.cacheMode === 'off')
      .length;

  it('forces a new token 60 s before the ID token expires, and again for the next one', async () => {
    const auth = fakeAuth({ idTokenSeconds: 300 });
    const store = await startWithTimers(auth);
    const firstExpiry = store.getState().auth.expiresAt;

    await jest.advanceTimersByTimeAsync(239_000);
    expect(forcedCalls(auth)).toBe(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(forcedCalls(auth)).toBe(1);
    expect(store.getState().auth.expiresAt).toBeGreaterThan(firstExpiry ?? 0);

    await jest.advanceTimersByTimeAsync(240_000);
    expect(forcedCalls(auth)).toBe(2);
  });

  it('stops refreshing once signed out', async () => {
    const auth = fakeAuth({ idTokenSeconds: 300 });
    const store = await startWithTimers(auth);
    store.dispatch(signOutRequested());
    await jest.advanceTimersByTimeAsync(600_000);
    expect(forcedCalls(auth)).toBe(0);
  });

  it('signs out when the provider refuses the refresh', async () => {
    const auth = fakeAuth({ idTokenSeconds: 300 });
    const store = await startWithTimers(auth);
    auth.provider.refuseWith = 'invalid_grant';
    await jest.advanceTimersByTimeAsync(240_000);
    expect(store.getState().auth.status).toBe('signedOut');
    expect(auth.client.logout).toHaveBeenCalled();
  });
});
