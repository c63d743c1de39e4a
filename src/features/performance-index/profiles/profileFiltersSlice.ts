import { PROFILE_SORTS } from '../../../../contract/index-constants';
import { initialProfileFilters } from '../shared/indexFilters';
import { createTableFiltersSlice } from '../../../lib/tableFilters';

export type { ProfileFilters } from '../shared/indexFilters';

/**
 * The Athlete Profiles table's filters (`GET /profile`), persisted (registered in
 * `app/store.ts`) and reset on sign-out, with every table's rules
 * (src/lib/tableFilters.ts): a roster, a name, a date or the sort goes back to page 1 of
 * 20; no sort direction is `None`. Clearing keeps the sort (it narrows nothing).
 *
 * @example
 * dispatch(profileFiltersSlice.actions.filtersChanged({ startDate: '2026-03-01' }));
 */
export const profileFiltersSlice = createTableFiltersSlice({
  name: 'profileFilters',
  initialState: initialProfileFilters,
  sorts: PROFILE_SORTS,
  noSort: 'None',
  keepOnClear: ['sort'],
});

export const profileFiltersReducer = profileFiltersSlice.reducer;
export const { filtersChanged, sortChosen, pageChosen, filtersCleared } =
  profileFiltersSlice.actions;
export const {
  selectFilters: selectProfileFilters,
  selectFiltersActive: selectProfileFiltersActive,
} = profileFiltersSlice.selectors;
