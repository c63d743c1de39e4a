import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { baseApi, tabSync, type TabChannel } from '../lib/api';
import { authReducer, authReducerPath } from '../lib/session';
import { athleteFiltersReducer } from '../features/athletes/athleteFiltersSlice';
import { browserAuthDeps, type AuthDeps } from '../features/auth/authClient';
import { buildRootReducer } from './persistence';
import { rootSaga } from './rootSaga';
import { historicalFiltersSlice } from '../features/history/historicalFiltersSlice';
import { leaderboardFiltersSlice } from '../features/leaderboard/leaderboardFiltersSlice';
import { resultFilterReducers } from '../features/results/resultFiltersSlices';
import { profileFiltersReducer } from '../features/performance-index/profiles/profileFiltersSlice';
import { reportFilterReducers } from '../features/performance-index/reports/reportFiltersSlices';
import { activityFiltersReducer } from '../features/activity/activityFiltersSlice';
import {
  workspaceNoticeReducer,
  workspaceNoticeReducerPath,
} from '../features/workspace/workspaceSlice';

/** Table-filter slices, one per table; a feature's filter slice joins here to be persisted. */
const filterReducers = {
  athleteFilters: athleteFiltersReducer,
  ...resultFilterReducers,
  leaderboardFilters: leaderboardFiltersSlice.reducer,
  historicalFilters: historicalFiltersSlice.reducer,
  profileFilters: profileFiltersReducer,
  ...reportFilterReducers,
  activityFilters: activityFiltersReducer,
};

/** Never persisted: the server cache and the session. */
const sessionReducers = {
  [baseApi.reducerPath]: baseApi.reducer,
  [authReducerPath]: authReducer,
  [workspaceNoticeReducerPath]: workspaceNoticeReducer,
};

const { reducer: rootReducer, persistConfig } = buildRootReducer({
  persisted: filterReducers,
  session: sessionReducers,
  storage,
});

/** The keys redux-persist saves; exported so a test can hold the line. */
export const persistedSliceKeys: readonly string[] = persistConfig.whitelist ?? [];

export type RootState = ReturnType<typeof rootReducer>;

/** What the sagas reach outside the store; tests pass fakes (the SDK boundary). */
export interface StoreDeps {
  auth: AuthDeps;
  /** Where the app's tabs tell each other of their writes (src/lib/api/tabSync.ts); none: no sync. */
  tabChannel?: TabChannel;
}

/**
 * Builds a fresh store: the app makes one at start, every test makes its own.
 * Persistence starts only when `persistAppStore` is called, so tests stay in memory.
 *
 * @example
 * const store = makeStore({ api: undefined });
 * const testStore = makeStore(undefined, { auth: fakeAuth.deps });
 */
export function makeStore(preloadedState?: Partial<RootState>, deps: Partial<StoreDeps> = {}) {
  const sagaMiddleware = createSagaMiddleware({
    context: { auth: deps.auth ?? browserAuthDeps },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's own actions carry functions; they never reach state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(baseApi.middleware, tabSync(deps.tabChannel), sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

/**
 * Starts saving and restoring the persisted slices of a store. `restored` resolves once
 * the saved slices are back in the store (redux-persist's `bootstrapped`): the app's first
 * render waits for it, rather than rendering under redux-persist's PersistGate, whose
 * mount turns the whole app's first render into one synchronous update (its
 * `componentDidMount` sets state), a long task that a transition would have split
 * (docs/first-load.md).
 *
 * @example
 * const { restored } = persistAppStore(store);
 * await restored;
 * root.render(<App />);
 */
export function persistAppStore(store: AppStore): {
  persistor: Persistor;
  restored: Promise<void>;
} {
  let persistor: Persistor | undefined;
  const restored = new Promise<void>((resolve) => {
    persistor = persistStore(store, null, resolve);
  });
  return { persistor: persistor!, restored };
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

// The typed hooks of src/lib/hooks.ts learn this store's types here.
declare module '../lib/hooks' {
  interface AppStoreTypes {
    state: RootState;
    dispatch: AppDispatch;
  }
}
