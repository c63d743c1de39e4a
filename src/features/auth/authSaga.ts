import type { EventChannel, SagaIterator, Task } from 'redux-saga';
import { call, cancel, delay, fork, getContext, put, race, take } from 'redux-saga/effects';
import { setTokenGetter } from '../../lib/api';
import { getConfig } from '../../lib/config';
import {
  authFailed,
  sessionExpired,
  sessionNotFound,
  signedIn,
  signOutRequested,
  type IdentityRead,
} from '../../lib/session';
import { homePath, paths } from '../../lib/paths';
import type { AuthClient, AuthDeps } from './authClient';
import { describeAuthError, readIdentity } from './identity';
import {
  refreshAheadOfExpiry,
  signOut,
  unauthorizedEvents,
  watchIdentityRefreshRequests,
  watchSignInRequests,
} from './sessionSagas';
import { createTokenRefresher, type TokenRefresher } from './tokenRefresher';
import {
  browserOffline,
  providerUnreachable,
  rememberedSession,
  rememberSession,
} from './offlineSession';

/**
 * Back from the provider (`/login?code&state`): completes the redirect and answers where
 * to go next. Otherwise looks for an existing session. Answers `undefined` when the
 * redirect could not be completed (the sign-in page shows why).
 */
export function* startSession(
  client: AuthClient,
  url: string,
): SagaIterator<string | null | undefined> {
  const { pathname, searchParams } = new URL(url);
  const isCallback =
    pathname === paths.login.path && searchParams.has('code') && searchParams.has('state');
  if (!isCallback) {
    yield call([client, client.checkSession]);
    return null;
  }
  try {
    const { appState }: { appState?: { returnTo?: string } } = yield call(
      [client, client.handleRedirectCallback],
      url,
    );
    return appState?.returnTo ?? homePath;
  } catch (error) {
    yield put(authFailed(`Sign-in could not be completed: ${describeAuthError(error)}`));
    return undefined;
  }
}

/**
 * Signed in: tokens for the API, the identity kept fresh, until the user signs out or the
 * session is refused (refresh failed, or the API still answers 401 after one); then the
 * watchers are cancelled and the sign-out cleans up.
 */
export function* signedInFlow(
  client: AuthClient,
  refresher: TokenRefresher,
  loginUrl: string,
): SagaIterator {
  const unauthorized: EventChannel<true> = yield call(unauthorizedEvents);
  const tasks: Task[] = [
    yield fork(refreshAheadOfExpiry, client, refresher),
    yield fork(watchIdentityRefreshRequests, client, refresher),
  ];
  try {
    yield race({
      requested: take(signOutRequested.type),
      expired: take(sessionExpired.type),
      unauthorized: take(unauthorized),
    });
  } finally {
    unauthorized.close();
    yield cancel(tasks);
  }
  yield call(signOut, client, loginUrl);
}

/** What the start found: where to go and whether signed in, or what failed. */
interface Found {
  returnTo?: string | null;
  authenticated?: boolean;
  error?: unknown;
}

function* findSession(client: AuthClient, url: string): SagaIterator<Found> {
  try {
    const returnTo: string | null | undefined = yield call(startSession, client, url);
    const authenticated: boolean = yield call([client, client.isAuthenticated]);
    return { returnTo, authenticated };
  } catch (error) {
    return { error };
  }
}

/**
 * How long the session check of a remembered coach runs before the provider is probed.
 * Online the check answers first and nothing is probed: the probe, sent at once, was a
 * request more before the dashboard's first paint. With the server down the check could
 * only time out (10 s, authClient.ts).
 */
export const PROBE_AFTER_MS = 1000;

/** Ends only when the provider, probed after PROBE_AFTER_MS, is unreachable. */
function* whenDown(domain: string): SagaIterator<true> {
  yield delay(PROBE_AFTER_MS);
  const down: boolean = yield call(providerUnreachable, domain);
  if (!down) yield call(() => new Promise<never>(() => {}));
  return true;
}

/**
 * For a coach remembered here (offlineSession.ts): the session check, raced by a probe of
 * the provider if it is slow. Answers `null` when the provider cannot be reached (offline,
 * or the server down).
 */
function* findSessionUnlessDown(
  client: AuthClient,
  url: string,
  domain: string,
): SagaIterator<Found | null> {
  if (yield call(browserOffline)) return null;
  const first: { found?: Found; down?: true } = yield race({
    found: call(findSession, client, url),
    down: call(whenDown, domain),
  });
  if (first.down) return null;
  // The check failed fast, not by waiting: the probe tells whether it was the network.
  if (first.found!.error !== undefined && (yield call(providerUnreachable, domain))) return null;
  return first.found!;
}

/**
 * The auth lifecycle, forked by the root saga: creates the SDK client from
 * `/config.json`, completes a redirect or finds the session, and runs the signed-in flow.
 */
export function* authSaga(): SagaIterator {
  const deps: AuthDeps = yield getContext('auth');
  const { origin } = new URL(deps.currentUrl());
  const loginUrl = origin + paths.login.path;
  let client: AuthClient;
  try {
    client = yield call([deps, deps.createClient], getConfig().auth, origin);
  } catch (error) {
    yield put(authFailed(`Sign-in is unavailable: ${describeAuthError(error)}`));
    return;
  }
  yield fork(watchSignInRequests, client);

  const refresher = createTokenRefresher(client);
  const url: string = yield call([deps, deps.currentUrl]);
  const remembered: IdentityRead | null = yield call(rememberedSession);
  const found: Found | null =
    remembered && !new URL(url).searchParams.has('code')
      ? yield call(findSessionUnlessDown, client, url, getConfig().auth.domain)
      : yield call(findSession, client, url);
  if (!found) {
    // Offline, or the server down, with a coach remembered here: signed in without a
    // token; the signed-in flow gets one when the provider answers again.
    yield call(setTokenGetter, refresher.getToken);
    yield put(signedIn({ ...remembered!, returnTo: null }));
    yield call(signedInFlow, client, refresher, loginUrl);
    return;
  }
  try {
    if (found.error !== undefined) throw found.error;
    if (!found.authenticated) {
      yield put(sessionNotFound());
      return;
    }
    yield call(setTokenGetter, refresher.getToken);
    const identity: IdentityRead = yield call(readIdentity, client, refresher, false);
    yield call(rememberSession, identity);
    yield put(signedIn({ ...identity, returnTo: found.returnTo }));
  } catch (error) {
    yield call(setTokenGetter, null);
    yield put(authFailed(describeAuthError(error)));
    return;
  }
  yield call(signedInFlow, client, refresher, loginUrl);
}
