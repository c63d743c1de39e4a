import {
  combineReducers,
  type Reducer,
  type ReducersMapObject,
  type StateFromReducersMapObject,
} from '@reduxjs/toolkit';
import { persistReducer, type PersistConfig, type Storage } from 'redux-persist';
import { accountDataPurged, signedOut } from '../lib/session';

interface RootReducerParts<P extends ReducersMapObject, S extends ReducersMapObject> {
  /** Table-filter slices: saved to storage, restored on reload, reset on sign-out. */
  persisted: P;
  /** Everything else (RTK Query cache, auth): rebuilt on every load, never saved. */
  session: S;
  storage: Storage;
  key?: string;
}

/**
 * Combines the slices and wraps them in redux-persist with a whitelist made of exactly
 * the `persisted` keys, so joining the whitelist is the same act as registering a filter
 * slice, and nothing else can be saved by accident. On `signedOut` (and `accountDataPurged`)
 * the persisted slices go back to their initial state: filters name one coach's rosters
 * and must not outlive them.
 *
 * @example
 * const { reducer } = buildRootReducer({
 *   persisted: { athleteFilters: athleteFiltersSlice.reducer },
 *   session: { [baseApi.reducerPath]: baseApi.reducer },
 *   storage,
 * });
 */
export function buildRootReducer<P extends ReducersMapObject, S extends ReducersMapObject>({
  persisted,
  session,
  storage,
  key = 'splitline',
}: RootReducerParts<P, S>) {
  const clash = Object.keys(persisted).find((name) => name in session);
  if (clash) throw new Error(`Slice "${clash}" is registered as both persisted and session state.`);
  const whitelist = Object.keys(persisted);
  // redux-persist 6 types predate Redux 5's preloaded-state parameter; pin it to the state.
  const combinedSlices = combineReducers({ ...persisted, ...session } as P &
    S) as unknown as Reducer<StateFromReducersMapObject<P & S>>;
  const forgetPersisted = Object.fromEntries(whitelist.map((name) => [name, undefined]));
  const combined: typeof combinedSlices = (state, action) => {
    // Before persistence started (tests), a purge leaves an empty `_persist` key behind,
    // which redux-persist then hands down; it is not a slice.
    const slices = state && '_persist' in state ? omitPersistKey(state) : state;
    return combinedSlices(
      (signedOut.match(action) || accountDataPurged.match(action)) && slices
        ? { ...slices, ...forgetPersisted }
        : slices,
      action,
    );
  };
  const persistConfig: PersistConfig<StateFromReducersMapObject<P & S>> = {
    key,
    version: 1,
    storage,
    whitelist,
  };
  return { reducer: persistReducer(persistConfig, combined), persistConfig };
}

function omitPersistKey<T extends object>(state: T): T {
  const { _persist: _ignored, ...slices } = state as T & { _persist?: unknown };
  return slices as T;
}
