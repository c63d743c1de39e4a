import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AthleteSort } from '../../../contract/athlete';

/** The athlete table's filter state, exactly the spec's (section 3). */
export interface AthleteFilters {
  pageNumber: number;
  pageSize: number;
  /** `-1` means every athlete (`ALL_ROSTERS` in the contract). */
  rosterId: number;
  firstNameQuery: string;
  middleNameQuery: string;
  lastNameQuery: string;
  sort: AthleteSort;
}

/** The name queries, one search box each. */
export type NameQueryField = 'firstNameQuery' | 'middleNameQuery' | 'lastNameQuery';

export const ALL_ROSTERS = -1;
const FIRST_PAGE = { pageNumber: 1, pageSize: 20 } as const;

export const initialAthleteFilters: AthleteFilters = {
  ...FIRST_PAGE,
  rosterId: ALL_ROSTERS,
  firstNameQuery: '',
  middleNameQuery: '',
  lastNameQuery: '',
  sort: 'LastNameDesc',
};

/** A filter changed: the rest stays, the table goes back to page 1 with 20 rows. */
function filterChanged<K extends keyof AthleteFilters>(
  state: AthleteFilters,
  key: K,
  value: AthleteFilters[K],
): AthleteFilters {
  if (state[key] === value) return state;
  return { ...state, [key]: value, ...FIRST_PAGE };
}

/**
 * The athlete table's filters, persisted (registered in `app/store.ts`) and reset on
 * sign-out. Actions are what the coach did; the reducer owns the spec's rule that any
 * filter change (roster, a name query, the sort) resets to page 1 with page size 20,
 * while a page change keeps the filters. Choosing the same value again changes nothing.
 *
 * @example
 * dispatch(lastNameSearched('Okafor')); // lastNameQuery 'Okafor', page 1, size 20
 * dispatch(pageChanged({ pageNumber: 3, pageSize: 50 })); // filters kept
 */
const athleteFiltersSlice = createSlice({
  name: 'athleteFilters',
  initialState: initialAthleteFilters,
  reducers: {
    rosterChosen: (state, { payload }: PayloadAction<number>) =>
      filterChanged(state, 'rosterId', payload),
    firstNameSearched: (state, { payload }: PayloadAction<string>) =>
      filterChanged(state, 'firstNameQuery', payload),
    middleNameSearched: (state, { payload }: PayloadAction<string>) =>
      filterChanged(state, 'middleNameQuery', payload),
    lastNameSearched: (state, { payload }: PayloadAction<string>) =>
      filterChanged(state, 'lastNameQuery', payload),
    /** A column's sort direction was chosen; no direction is `None`. */
    sortChosen: (state, { payload }: PayloadAction<AthleteSort>) =>
      filterChanged(state, 'sort', payload),
    pageChanged: (state, { payload }: PayloadAction<{ pageNumber: number; pageSize: number }>) => ({
      ...state,
      pageNumber: payload.pageNumber,
      pageSize: payload.pageSize,
    }),
    /** Roster and names back to all; the sort is kept (it narrows nothing). */
    filtersCleared: (state) => ({
      ...initialAthleteFilters,
      sort: state.sort,
    }),
  },
  selectors: {
    selectAthleteFilters: (state) => state,
    selectAthleteRosterId: (state) => state.rosterId,
    /** Whether a roster or a name narrows the list (the sort does not). */
    selectAthleteFiltersActive: (state) =>
      state.rosterId !== ALL_ROSTERS ||
      state.firstNameQuery !== '' ||
      state.middleNameQuery !== '' ||
      state.lastNameQuery !== '',
  },
});

export const athleteFiltersReducer = athleteFiltersSlice.reducer;
export const {
  rosterChosen,
  firstNameSearched,
  middleNameSearched,
  lastNameSearched,
  sortChosen,
  pageChanged,
  filtersCleared,
} = athleteFiltersSlice.actions;
export const { selectAthleteFilters, selectAthleteRosterId, selectAthleteFiltersActive } =
  athleteFiltersSlice.selectors;

/** The search action of each name query. */
export const nameSearched = {
  firstNameQuery: firstNameSearched,
  middleNameQuery: middleNameSearched,
  lastNameQuery: lastNameSearched,
} as const satisfies Record<NameQueryField, unknown>;
