import type { AthleteSort } from '../../../../contract/athlete';
import { makeStore, persistAppStore, persistedSliceKeys } from '../../../../src/app/store';
import {
  athleteFiltersReducer as reducer,
  filtersChanged,
  filtersCleared,
  initialAthleteFilters,
  pageChosen,
  selectAthleteFiltersActive,
  sortChosen,
  type AthleteFilters,
} from '../../../../src/features/athletes/athleteFiltersSlice';
import { signedOut } from '../../../../src/lib/session';

/** Filters a coach has been using: page 4 of 50, a roster, names, a sort. */
const busy: AthleteFilters = {
  pageNumber: 4,
  pageSize: 50,
  rosterId: 7,
  firstNameQuery: 'Ad',
  middleNameQuery: 'J',
  lastNameQuery: 'Oka',
  sort: 'FirstNameAsc',
};

describe('athleteFilters', () => {
  it("starts at the spec's defaults", () => {
    expect(reducer(undefined, { type: '@@INIT' })).toEqual({
      pageNumber: 1,
      pageSize: 20,
      rosterId: -1,
      firstNameQuery: '',
      middleNameQuery: '',
      lastNameQuery: '',
      sort: 'LastNameDesc',
    });
  });

  it.each([
    ['roster', filtersChanged({ rosterId: 3 }), { rosterId: 3 }],
    ['first name', filtersChanged({ firstNameQuery: 'Bo' }), { firstNameQuery: 'Bo' }],
    ['middle name', filtersChanged({ middleNameQuery: 'Lee' }), { middleNameQuery: 'Lee' }],
    ['last name', filtersChanged({ lastNameQuery: 'Ng' }), { lastNameQuery: 'Ng' }],
    ['sort', sortChosen('MiddleNameDesc'), { sort: 'MiddleNameDesc' as AthleteSort }],
  ])('a %s change keeps the other filters and resets to page 1 of 20', (_name, action, changed) => {
    expect(reducer(busy, action)).toEqual({ ...busy, ...changed, pageNumber: 1, pageSize: 20 });
  });

  it('choosing the same value again is no change and keeps the page', () => {
    expect(reducer(busy, filtersChanged({ rosterId: 7 }))).toBe(busy);
    expect(reducer(busy, filtersChanged({ lastNameQuery: 'Oka' }))).toBe(busy);
    expect(reducer(busy, sortChosen('FirstNameAsc'))).toBe(busy);
  });

  it('a page change keeps every filter', () => {
    expect(reducer(busy, pageChosen({ pageNumber: 2, pageSize: 100 }))).toEqual({
      ...busy,
      pageNumber: 2,
      pageSize: 100,
    });
  });

  it('no sort direction is None', () => {
    expect(reducer(busy, sortChosen('None')).sort).toBe('None');
  });

  it('clearing the filters resets roster, names and page but keeps the sort', () => {
    expect(reducer(busy, filtersCleared())).toEqual({
      ...initialAthleteFilters,
      sort: 'FirstNameAsc',
    });
  });

  it('knows whether a roster or a name narrows the list', () => {
    const state = (athleteFilters: AthleteFilters) => ({ athleteFilters });
    expect(selectAthleteFiltersActive(state(initialAthleteFilters))).toBe(false);
    expect(
      selectAthleteFiltersActive(state({ ...initialAthleteFilters, sort: 'None', pageNumber: 3 })),
    ).toBe(false);
    expect(selectAthleteFiltersActive(state({ ...initialAthleteFilters, rosterId: 2 }))).toBe(true);
    expect(
      selectAthleteFiltersActive(state({ ...initialAthleteFilters, middleNameQuery: 'J' })),
    ).toBe(true);
  });
});

describe('athleteFilters in the app store', () => {
  async function persistedStore() {
    const store = makeStore();
    const { persistor, restored } = persistAppStore(store);
    await restored;
    return { store, persistor };
  }

  it('is saved by redux-persist', () => {
    expect(persistedSliceKeys).toContain('athleteFilters');
  });

  it('is restored from storage on the next start', async () => {
    const first = await persistedStore();
    first.store.dispatch(filtersChanged({ rosterId: 5 }));
    first.store.dispatch(filtersChanged({ lastNameQuery: 'Okafor' }));
    first.store.dispatch(pageChosen({ pageNumber: 3, pageSize: 50 }));
    await first.persistor.flush();
    first.persistor.pause();

    const second = await persistedStore();
    expect(second.store.getState().athleteFilters).toEqual({
      ...initialAthleteFilters,
      rosterId: 5,
      lastNameQuery: 'Okafor',
      pageNumber: 3,
      pageSize: 50,
    });
    second.persistor.pause();
  });

  it('goes back to the defaults on sign-out', () => {
    const store = makeStore({ athleteFilters: busy });
    expect(store.getState().athleteFilters).toEqual(busy);
    store.dispatch(signedOut());
    expect(store.getState().athleteFilters).toEqual(initialAthleteFilters);
  });
});
