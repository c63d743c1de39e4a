import { createSlice, configureStore, type PayloadAction } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistStore,
  type Storage,
} from 'redux-persist';
import { baseApi } from '../../../src/lib/api';
import { buildRootReducer } from '../../../src/app/persistence';
import { makeStore, persistAppStore, persistedSliceKeys } from '../../../src/app/store';
import { accountDataPurged, signedOut, workspaceEntered } from '../../../src/lib/session';

/** A stand-in for a feature's table-filter slice. */
const demoFilters = createSlice({
  name: 'demoFilters',
  initialState: { pageNumber: 1, pageSize: 20, lastNameQuery: '' },
  reducers: {
    filtersChanged: (state, action: PayloadAction<{ lastNameQuery: string }>) => ({
      ...state,
      ...action.payload,
      pageNumber: 1,
    }),
  },
});

/** A stand-in for state that must never be saved (server cache, auth). */
const session = createSlice({
  name: 'session',
  initialState: { token: null as string | null },
  reducers: { signedIn: (_state, action: PayloadAction<string>) => ({ token: action.payload }) },
});

function memoryStorage(): Storage & { saved: Record<string, string> } {
  const saved: Record<string, string> = {};
  return {
    saved,
    getItem: async (key: string) => saved[key] ?? null,
    setItem: async (key: string, value: string) => void (saved[key] = value),
    removeItem: async (key: string) => void delete saved[key],
  };
}

async function startStore(storage: Storage) {
  const { reducer } = buildRootReducer({
    persisted: { demoFilters: demoFilters.reducer },
    session: { session: session.reducer },
    storage,
    key: 'test',
  });
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  const persistor = persistStore(store);
  await new Promise<void>((resolve) =>
    persistor.getState().bootstrapped
      ? resolve()
      : persistor.subscribe(() => persistor.getState().bootstrapped && resolve()),
  );
  return { store, persistor };
}

describe('persistence', () => {
  it('saves the filter slices only, and restores them on the next start', async () => {
    const storage = memoryStorage();
    const first = await startStore(storage);
    first.store.dispatch(demoFilters.actions.filtersChanged({ lastNameQuery: 'Okafor' }));
    first.store.dispatch(session.actions.signedIn('secret-token'));
    await first.persistor.flush();

    const saved = JSON.parse(storage.saved['persist:test'] ?? '{}') as Record<string, string>;
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'demoFilters', 'workspaceFilters']);
    expect(storage.saved['persist:test']).not.toContain('secret-token');

    const second = await startStore(storage);
    expect(second.store.getState().demoFilters.lastNameQuery).toBe('Okafor');
    expect(second.store.getState().session.token).toBeNull();
  });

  it('resets the filter slices on sign-out, in memory and in storage', async () => {
    const storage = memoryStorage();
    const { store, persistor } = await startStore(storage);
    store.dispatch(demoFilters.actions.filtersChanged({ lastNameQuery: 'Okafor' }));
    store.dispatch(session.actions.signedIn('secret-token'));
    store.dispatch(signedOut());
    await persistor.flush();
    expect(store.getState().demoFilters).toEqual(demoFilters.getInitialState());
    expect(storage.saved['persist:test']).not.toContain('Okafor');
  });

  it('resets the filter slices when the account data is purged, keeping the session', async () => {
    const storage = memoryStorage();
    const { store, persistor } = await startStore(storage);
    store.dispatch(demoFilters.actions.filtersChanged({ lastNameQuery: 'Okafor' }));
    store.dispatch(session.actions.signedIn('secret-token'));
    store.dispatch(accountDataPurged());
    await persistor.flush();
    expect(store.getState().demoFilters).toEqual(demoFilters.getInitialState());
    expect(store.getState().session.token).toBe('secret-token');
    expect(storage.saved['persist:test']).not.toContain('Okafor');
  });

  it("keeps each workspace's filters: entering another brings back its own, or the defaults", async () => {
    const storage = memoryStorage();
    const { store, persistor } = await startStore(storage);
    const lastName = () => store.getState().demoFilters.lastNameQuery;
    // Set before `/user` first answered: they belong to the workspace it names.
    store.dispatch(demoFilters.actions.filtersChanged({ lastNameQuery: 'Okafor' }));
    store.dispatch(workspaceEntered('lions'));
    expect(lastName()).toBe('Okafor');
    store.dispatch(workspaceEntered('lincoln'));
    expect(store.getState().demoFilters).toEqual(demoFilters.getInitialState());
    store.dispatch(demoFilters.actions.filtersChanged({ lastNameQuery: 'Mensah' }));
    store.dispatch(workspaceEntered('lincoln')); // the same workspace again: nothing moves
    expect(lastName()).toBe('Mensah');
    store.dispatch(workspaceEntered('lions'));
    expect(lastName()).toBe('Okafor');

    // Saved, and back after a reload; a sign-out forgets every workspace's.
    await persistor.flush();
    const again = await startStore(storage);
    again.store.dispatch(workspaceEntered('lincoln'));
    expect(again.store.getState().demoFilters.lastNameQuery).toBe('Mensah');
    again.store.dispatch(signedOut());
    again.store.dispatch(workspaceEntered('lions'));
    again.store.dispatch(workspaceEntered('lincoln'));
    expect(again.store.getState().demoFilters).toEqual(demoFilters.getInitialState());
    persistor.pause();
    again.persistor.pause();
  });

  it('refuses a slice registered as both persisted and session state', () => {
    expect(() =>
      buildRootReducer({
        persisted: { twice: demoFilters.reducer },
        session: { twice: session.reducer },
        storage: memoryStorage(),
      }),
    ).toThrow(/twice/);
  });

  it('restores a state saved by an older version: new fields get their defaults, gone fields go', async () => {
    const storage = memoryStorage();
    // Saved before `middleNameQuery` existed, with a field since removed and a bad value.
    storage.saved['persist:test'] = JSON.stringify({
      demoFilters: JSON.stringify({ pageNumber: 3, lastNameQuery: 'Okafor', removed: 'x' }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });
    const { store, persistor } = await startStore(storage);
    expect(store.getState().demoFilters).toEqual({
      pageNumber: 3,
      pageSize: 20,
      lastNameQuery: 'Okafor',
    });
    persistor.pause();

    storage.saved['persist:test'] = JSON.stringify({
      demoFilters: JSON.stringify({ pageNumber: 'three', lastNameQuery: null }),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });
    const again = await startStore(storage);
    expect(again.store.getState().demoFilters).toEqual(demoFilters.getInitialState());
    again.persistor.pause();
  });

  it("whitelists only the app's filter slices, never the API cache", () => {
    expect(persistedSliceKeys).not.toContain(baseApi.reducerPath);
    for (const key of persistedSliceKeys) expect(key).toMatch(/Filters$/);
  });
});

describe('makeStore', () => {
  it("brings back a history filter state saved before multiSplitDistance existed with the field's default", async () => {
    window.localStorage.setItem(
      'persist:splitline',
      JSON.stringify({
        historicalFilters: JSON.stringify({
          rosterId: 4,
          athleteId: 12,
          eventTypeId: 2,
          startDate: null,
          endDate: null,
          isMetric: true,
        }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    const { persistor, restored } = persistAppStore(store);
    await restored;
    persistor.pause();
    expect(store.getState().historicalFilters).toEqual({
      rosterId: 4,
      athleteId: 12,
      eventTypeId: 2,
      startDate: null,
      endDate: null,
      isMetric: true,
      multiSplitDistance: true,
    });
    window.localStorage.clear();
  });

  it('gives every call a fresh store', () => {
    const a = makeStore();
    const b = makeStore();
    expect(a).not.toBe(b);
    expect(a.getState()).toEqual(b.getState());
  });

  it('starts from preloaded state', () => {
    const source = makeStore();
    const apiState = {
      ...source.getState().api,
      config: { ...source.getState().api.config, online: false },
    };
    const store = makeStore({ api: apiState });
    expect(store.getState().api.config.online).toBe(false);
  });
});
