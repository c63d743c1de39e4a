import { waitFor } from '@testing-library/react';
import { baseApi } from '../../../../src/lib/api';
import { signOutRequested } from '../../../../src/lib/session';
import { fakeAuth, json, makeTestStore, stubApi, type FakeAuth } from '../../test-utils';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, string>({ query: (url) => url }) }),
});

async function signedInStore(auth: FakeAuth) {
  const store = makeTestStore({ auth });
  await waitFor(() => expect(store.getState().auth.status).toBe('signedIn'));
  return store;
}

describe('sign-out', () => {
  it('purges persisted state, drops the API cache and logs out at the provider', async () => {
    const api = stubApi({ 'GET /api/probe': () => json({ mine: true }) });
    localStorage.setItem('persist:splitline', JSON.stringify({ athleteFilters: '{"rosterId":4}' }));
    const auth = fakeAuth();
    const store = await signedInStore(auth);
    await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(signOutRequested());
    await waitFor(() =>
      expect(auth.client.logout).toHaveBeenCalledWith({
        logoutParams: { returnTo: 'http://localhost/login' },
      }),
    );
    expect(localStorage.getItem('persist:splitline')).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', identity: null });

    // No token goes to the API any more.
    await store.dispatch(probeApi.endpoints.probe.initiate('/probe', { forceRefetch: true }));
    expect(api.sent('GET /api/probe').at(-1)?.headers.has('authorization')).toBe(false);
  });

  it('signs out when the API still answers 401 after a forced refresh', async () => {
    const api = stubApi({ 'GET /api/probe': () => json({ message: 'no' }, 401) });
    const auth = fakeAuth();
    const store = await signedInStore(auth);
    await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
    expect(
      api.sent('GET /api/probe').map((request) => request.headers.get('authorization')),
    ).toEqual(['Bearer token-1', 'Bearer token-2']);
    await waitFor(() => expect(auth.client.logout).toHaveBeenCalledTimes(1));
    expect(store.getState().auth.status).toBe('signedOut');
  });
});
