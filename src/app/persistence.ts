import {
  combineReducers,
  type Reducer,
  type ReducersMapObject,
  type StateFromReducersMapObject,
} from '@reduxjs/toolkit';
import { persistReducer, type PersistConfig, type Storage } from 'redux-persist';
import { accountDataPurged, signedOut, workspaceEntered } from '../lib/session';
import type { AllowedValues, RestorableReducer } from '../lib/tableFilters';

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
 * slice, and nothing else can be saved by accident. Beside them, `workspaceFilters` keeps
 * the other workspaces' filters (`workspaceEntered`). On `signedOut` (and `accountDataPurged`)
 * the persisted slices go back to their initial state: filters name one coach's rosters
 * and must not outlive them.
 *
 * @example
 * const { reducer } = buildRootReducer({
 *   persisted: { athleteFilters: athleteFiltersReducer },
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
  const filterKeys = Object.keys(persisted);
  const whitelist = [...filterKeys, WORKSPACE_FILTERS];
  // redux-persist 6 types predate Redux 5's preloaded-state parameter; pin it to the state.
  const combinedSlices = combineReducers({
    ...persisted,
    ...session,
    [WORKSPACE_FILTERS]: keepWorkspaceFilters,
  } as P & S) as unknown as Reducer<
    StateFromReducersMapObject<P & S> & { [WORKSPACE_FILTERS]: WorkspaceFiltersState }
  >;
  const forgetPersisted = Object.fromEntries(whitelist.map((name) => [name, undefined]));
  const combined: typeof combinedSlices = (state, action) => {
    // Before persistence started (tests), a purge leaves an empty `_persist` key behind,
    // which redux-persist then hands down; it is not a slice.
    const slices = state && '_persist' in state ? omitPersistKey(state) : state;
    if (workspaceEntered.match(action) && slices) {
      return enterWorkspace(slices, action.payload, filterKeys, combinedSlices, allowed);
    }
    return combinedSlices(
      (signedOut.match(action) || accountDataPurged.match(action)) && slices
        ? { ...slices, ...forgetPersisted }
        : slices,
      action,
    );
  };
  // What each persisted slice allows its fields to be (table filters: the contract's sorts).
  const allowed = Object.fromEntries(
    filterKeys.map((name) => [name, (persisted[name] as RestorableReducer).allowedValues ?? {}]),
  );
  const persistConfig: PersistConfig<ReturnType<typeof combinedSlices>> = {
    key,
    version: 1,
    storage,
    whitelist,
    // A closure: redux-persist passes its config as the fourth argument.
    stateReconciler: (inbound, original, reduced) =>
      restoreKnownFields<Record<string, unknown>>(inbound, original, reduced, allowed) as never,
  };
  return { reducer: persistReducer(persistConfig, combined), persistConfig };
}

/** The persisted slice that keeps the table filters of the workspaces not shown now. */
const WORKSPACE_FILTERS = 'workspaceFilters' as const;

export interface WorkspaceFiltersState {
  /** The workspace the filter slices belong to; null until `/user` first answered. */
  workspaceId: string | null;
  /** Every other workspace's filter slices, as they were when the user left it. */
  others: Record<string, Record<string, unknown>>;
}

const noWorkspaceFilters: WorkspaceFiltersState = { workspaceId: null, others: {} };

/** Only the root reducer changes it (`enterWorkspace`). */
function keepWorkspaceFilters(state: WorkspaceFiltersState = noWorkspaceFilters) {
  return state;
}

/**
 * Each workspace has its own table filters (issue 34): entering another one keeps the
 * current filter slices under the workspace they were set in and brings back the new
 * one's as they were left (checked as a restore from storage is), or the defaults.
 */
function enterWorkspace<State extends Record<string, unknown>>(
  slices: State,
  workspaceId: string,
  filterKeys: readonly string[],
  reducer: Reducer<State>,
  allowed: Readonly<Record<string, AllowedValues>>,
): State {
  const kept = (slices[WORKSPACE_FILTERS] ?? noWorkspaceFilters) as WorkspaceFiltersState;
  if (kept.workspaceId === workspaceId) return slices;
  if (kept.workspaceId === null) {
    return { ...slices, [WORKSPACE_FILTERS]: { ...kept, workspaceId } };
  }
  const { [workspaceId]: saved, ...others } = kept.others;
  others[kept.workspaceId] = Object.fromEntries(filterKeys.map((key) => [key, slices[key]]));
  const defaults = reducer(undefined, { type: '@@splitline/defaults' });
  const restored = restoreKnownFields(
    saved as Partial<State> | undefined,
    defaults,
    Object.fromEntries(filterKeys.map((key) => [key, defaults[key]])) as State,
    allowed,
  );
  return { ...slices, ...restored, [WORKSPACE_FILTERS]: { workspaceId, others } };
}

function omitPersistKey<T extends object>(state: T): T {
  const { _persist: _ignored, ...slices } = state as T & { _persist?: unknown };
  return slices as T;
}

/**
 * How a saved state comes back (redux-persist's `stateReconciler`), two levels deep: each
 * saved slice is laid over the slice's current defaults, one field at a time, keeping only
 * the fields the slice still has and whose saved value has the default's type (a field
 * whose default is null, "unset", takes what was saved). So a slice saved before a field existed comes back
 * with the field's default, a field since removed is dropped instead of being sent to the
 * API, and a value of the wrong kind cannot reach a query. A field with a closed set of
 * values (`allowed`, by slice and field: a table's sorts, from the contract) keeps its
 * default when the saved value is not in the set: a sort renamed in a later release.
 *
 * @example
 * restoreKnownFields({ f: { a: 2, gone: 1 } }, {}, { f: { a: 1, added: true } });
 * // { f: { a: 2, added: true } }
 * restoreKnownFields({ f: { sort: 'Old' } }, {}, { f: { sort: 'New' } }, { f: { sort: ['New'] } });
 * // { f: { sort: 'New' } }
 */
export function restoreKnownFields<State extends Record<string, unknown>>(
  inbound: Partial<State> | undefined,
  _original: State,
  reduced: State,
  allowed: Readonly<Record<string, AllowedValues>> = {},
): State {
  if (!inbound || typeof inbound !== 'object') return reduced;
  const restored: Record<string, unknown> = { ...reduced };
  for (const [slice, saved] of Object.entries(inbound)) {
    if (slice === '_persist') continue;
    const defaults = reduced[slice];
    if (!isPlainObject(defaults) || !isPlainObject(saved)) continue;
    const merged: Record<string, unknown> = { ...defaults };
    for (const [field, value] of Object.entries(saved)) {
      const values = allowed[slice]?.[field];
      if (values && !values.includes(value)) continue;
      if (field in defaults && sameKind(value, defaults[field])) merged[field] = value;
    }
    restored[slice] = merged;
  }
  return restored as State;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field whose default is null (unset) takes any saved value; others their own type. */
function sameKind(saved: unknown, fallback: unknown): boolean {
  return fallback === null || typeof saved === typeof fallback;
}
