import { makeStore } from '../../../../src/app/store';
import {
  authFailed,
  identityRefreshed,
  identityRefreshFailed,
  identityRefreshRequested,
  initialAuthState,
  selectAuthStatus,
  selectEmailVerified,
  selectIdentity,
  selectReturnTo,
  sessionNotFound,
  signedIn,
  signedOut,
} from '../../../../src/lib/session';
import { fakeAuth } from '../../test-utils';

const identity = { sub: 'coach-1', email: 'ada@example.com', emailVerified: false, name: 'Ada' };

/** A store whose saga never settles the session, so only the dispatched events count. */
function quietStore() {
  const auth = fakeAuth();
  auth.client.checkSession.mockReturnValue(new Promise(() => {}));
  return makeStore(undefined, { auth: auth.deps });
}

describe('auth slice', () => {
  it('starts unknown, with nobody signed in', () => {
    const store = quietStore();
    expect(store.getState().auth).toEqual(initialAuthState);
    expect(selectAuthStatus(store.getState())).toBe('unknown');
  });

  it('keeps the identity and where to go once signed in', () => {
    const store = quietStore();
    store.dispatch(signedIn({ identity, expiresAt: 2000, returnTo: '/home/athlete' }));
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(selectIdentity(store.getState())).toEqual(identity);
    expect(selectReturnTo(store.getState())).toBe('/home/athlete');
    expect(selectEmailVerified(store.getState())).toBe(false);
  });

  it('follows a refresh the user asked for, and its failure', () => {
    const store = quietStore();
    store.dispatch(signedIn({ identity, expiresAt: 2000 }));
    store.dispatch(identityRefreshRequested());
    expect(store.getState().auth.refreshing).toBe(true);
    store.dispatch(
      identityRefreshed({ identity: { ...identity, emailVerified: true }, expiresAt: 3000 }),
    );
    expect(store.getState().auth).toMatchObject({ refreshing: false, expiresAt: 3000 });
    expect(selectEmailVerified(store.getState())).toBe(true);
    store.dispatch(identityRefreshRequested());
    store.dispatch(identityRefreshFailed('offline'));
    expect(store.getState().auth).toMatchObject({ refreshing: false, error: 'offline' });
  });

  it('is signed out when no session exists or the provider fails at start', () => {
    const store = quietStore();
    store.dispatch(sessionNotFound());
    expect(selectAuthStatus(store.getState())).toBe('signedOut');
    const other = quietStore();
    other.dispatch(authFailed('Sign-in is unavailable'));
    expect(other.getState().auth).toMatchObject({
      status: 'signedOut',
      error: 'Sign-in is unavailable',
    });
  });

  it('forgets the identity on signedOut', () => {
    const store = quietStore();
    store.dispatch(signedIn({ identity, expiresAt: 2000, returnTo: '/home/athlete' }));
    store.dispatch(signedOut());
    expect(store.getState().auth).toEqual({ ...initialAuthState, status: 'signedOut' });
  });
});
