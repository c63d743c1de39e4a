import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The session as the app sees it: who is signed in, from the ID token's claims. It lives
 * in lib/ because every feature may read it or send its events, and features do not
 * import each other; the auth feature's sagas are what drive it. Never persisted: it is
 * rebuilt from the identity provider on every load.
 */
export type AuthStatus = 'unknown' | 'signedOut' | 'signedIn';

/** The claims of the ID token the app uses. */
export interface Identity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** A fresh ID token, read after a token call. `expiresAt` is its `exp`, in epoch seconds. */
export interface IdentityRead {
  identity: Identity;
  expiresAt: number | null;
}

export interface AuthState {
  status: AuthStatus;
  identity: Identity | null;
  expiresAt: number | null;
  /** Where to go once the redirect back from the provider completed. */
  returnTo: string | null;
  /** A forced refresh asked by the user ("I have verified") is under way. */
  refreshing: boolean;
  error: string | null;
}

export const initialAuthState: AuthState = {
  status: 'unknown',
  identity: null,
  expiresAt: null,
  returnTo: null,
  refreshing: false,
  error: null,
};

/**
 * The session ended (sign-out or expiry). Any slice may listen to forget what belonged to
 * the user; the root reducer resets the persisted table filters on it.
 */
export const signedOut = createAction('auth/signedOut');

/**
 * The account's data was deleted (the purge): the sign-in stays, but filters that named
 * its rosters and athletes are reset like on sign-out.
 */
export const accountDataPurged = createAction('account/dataPurged');

/**
 * `/user` answered for this workspace (its id): the root reducer brings back that
 * workspace's table filters when it is not the one they were last set in (issue 34).
 */
export const workspaceEntered = createAction<string>('workspace/entered');

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The user asked to go to the provider: sign in, or sign up with `screenHint`. */
    signInRequested: (
      state,
      _action: PayloadAction<{ returnTo?: string; screenHint?: 'signup' }>,
    ) => {
      state.error = null;
    },
    signOutRequested: () => {},
    /** The provider refused the session (refresh failed, or the API kept answering 401). */
    sessionExpired: () => {},
    /** A session exists: after the redirect back, or found again on load. */
    signedIn: (state, { payload }: PayloadAction<IdentityRead & { returnTo?: string | null }>) => ({
      ...state,
      status: 'signedIn',
      identity: payload.identity,
      expiresAt: payload.expiresAt,
      returnTo: payload.returnTo ?? null,
      refreshing: false,
    }),
    /** There is no session on this load. */
    sessionNotFound: (state) => {
      state.status = 'signedOut';
    },
    identityRefreshRequested: (state) => {
      state.refreshing = true;
      state.error = null;
    },
    identityRefreshed: (state, { payload }: PayloadAction<IdentityRead>) => {
      state.identity = payload.identity;
      state.expiresAt = payload.expiresAt;
      state.refreshing = false;
    },
    identityRefreshFailed: (state, { payload }: PayloadAction<string>) => {
      state.refreshing = false;
      state.error = payload;
    },
    /** The identity provider could not be reached or refused the sign-in. */
    authFailed: (state, { payload }: PayloadAction<string>) => {
      if (state.status === 'unknown') state.status = 'signedOut';
      state.error = payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => ({ ...initialAuthState, status: 'signedOut' as const }));
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectIdentity: (state) => state.identity,
    selectEmailVerified: (state) => state.identity?.emailVerified ?? false,
    selectIdTokenExpiresAt: (state) => state.expiresAt,
    selectReturnTo: (state) => state.returnTo,
    selectIdentityRefreshing: (state) => state.refreshing,
    selectAuthError: (state) => state.error,
  },
});

export const authReducer = authSlice.reducer;
export const authReducerPath = authSlice.reducerPath;
export const {
  signInRequested,
  signOutRequested,
  sessionExpired,
  signedIn,
  sessionNotFound,
  identityRefreshRequested,
  identityRefreshed,
  identityRefreshFailed,
  authFailed,
} = authSlice.actions;
export const {
  selectAuthStatus,
  selectIdentity,
  selectEmailVerified,
  selectIdTokenExpiresAt,
  selectReturnTo,
  selectIdentityRefreshing,
  selectAuthError,
} = authSlice.selectors;
