import { eventChannel, type EventChannel, type SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { PURGE } from 'redux-persist';
import { baseApi, setTokenGetter, setUnauthorizedHandler } from '../../lib/api';
import {
  authFailed,
  identityRefreshed,
  identityRefreshFailed,
  identityRefreshRequested,
  selectIdTokenExpiresAt,
  sessionExpired,
  signedOut,
  signInRequested,
  type IdentityRead,
} from '../../lib/session';
import type { AuthClient } from './authClient';
import { describeAuthError, isSessionGone, readIdentity, refreshDelayMs } from './identity';
import type { TokenRefresher } from './tokenRefresher';
import { forgetSession } from './offlineSession';

/** After a failure that is not the session's end (offline), try again this much later. */
const retryAfterMs = 30_000;

/**
 * Keeps the ID token fresh: waits until 60 s before it expires, forces a refresh, and
 * loops; a refresh from elsewhere ("I have verified") restarts the wait. Cancelled on
 * sign-out. A refused refresh ends the session; a network failure is tried again.
 */
export function* refreshAheadOfExpiry(client: AuthClient, refresher: TokenRefresher): SagaIterator {
  for (;;) {
    const expiresAt: number | null = yield select(selectIdTokenExpiresAt);
    const now: number = yield call(Date.now);
    const { refreshed } = yield race({
      due: delay(refreshDelayMs(expiresAt, now)),
      refreshed: take(identityRefreshed.type),
    });
    if (refreshed) continue;
    try {
      const fresh: IdentityRead = yield call(readIdentity, client, refresher, true);
      yield put(identityRefreshed(fresh));
    } catch (error) {
      if (isSessionGone(error)) {
        yield put(sessionExpired());
        return;
      }
      yield delay(retryAfterMs);
    }
  }
}

/** "I have verified": a forced refresh, so a newly verified address shows in the claims. */
export function* watchIdentityRefreshRequests(
  client: AuthClient,
  refresher: TokenRefresher,
): SagaIterator {
  yield takeLatest(identityRefreshRequested.type, function* refreshOnRequest(): SagaIterator {
    try {
      const fresh: IdentityRead = yield call(readIdentity, client, refresher, true);
      yield put(identityRefreshed(fresh));
    } catch (error) {
      yield put(identityRefreshFailed(describeAuthError(error)));
      if (isSessionGone(error)) yield put(sessionExpired());
    }
  });
}

/** Sign in and Create account: off to the provider, remembering where the user wanted to go. */
export function* watchSignInRequests(client: AuthClient): SagaIterator {
  yield takeEvery(signInRequested, function* goToProvider({ payload }): SagaIterator {
    try {
      yield call([client, client.loginWithRedirect], {
        appState: { returnTo: payload.returnTo },
        authorizationParams: payload.screenHint ? { screen_hint: payload.screenHint } : {},
      });
    } catch (error) {
      yield put(authFailed(describeAuthError(error)));
    }
  });
}

/** The base query's "still 401 after a forced refresh", as a channel a saga can take from. */
export function unauthorizedEvents(): EventChannel<true> {
  return eventChannel<true>((emit) => {
    setUnauthorizedHandler(() => emit(true));
    return () => setUnauthorizedHandler(null);
  });
}

/** What `persistor.purge()` does: the persisted slices are removed from storage. */
export function* purgePersistedState(): SagaIterator {
  const purges: Array<Promise<unknown>> = [];
  yield put({ type: PURGE, result: (purge: Promise<unknown>) => purges.push(purge) });
  yield call(() => Promise.all(purges));
}

/**
 * Ends the session here and at the provider: no more tokens for the API, persisted
 * state removed, the server cache dropped, a `signedOut` event for every slice, then the
 * provider's logout, which leads back to /login.
 */
export function* signOut(client: AuthClient, loginUrl: string): SagaIterator {
  yield call(setTokenGetter, null);
  yield call(forgetSession);
  yield call(purgePersistedState);
  yield put(baseApi.util.resetApiState());
  yield put(signedOut());
  yield call([client, client.logout], { logoutParams: { returnTo: loginUrl } });
}
