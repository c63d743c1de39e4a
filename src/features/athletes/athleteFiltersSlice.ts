import type { AthleteSort } from '../../../contract/athlete';
import { ALL_ROSTERS } from '../../../contract/list-constants';
import { createTableFiltersSlice, FIRST_PAGE } from '../../lib/tableFilters';

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

/** `rosterId` of every athlete, from the contract (a plain module). */
export { ALL_ROSTERS };

/**
 * The contract's athlete sorts (`ATHLETE_SORTS`), which a restored sort is checked
 * against. Listed here, not imported: contract/athlete.ts builds its TypeBox schemas when
 * loaded, and this slice is in every page's first chunk (the store). The compiler holds
 * the list to the contract's type both ways, and a test to the contract's list.
 */
export const athleteSorts = [
  'FirstNameAsc',
  'FirstNameDesc',
  'MiddleNameAsc',
  'MiddleNameDesc',
  'LastNameAsc',
  'LastNameDesc',
  'None',
] as const satisfies readonly AthleteSort[];
const everyAthleteSort: Exclude<AthleteSort, (typeof athleteSorts)[number]> extends never
  ? true
  : never = true;
void everyAthleteSort;

export const initialAthleteFilters: AthleteFilters = {
  ...FIRST_PAGE,
  rosterId: ALL_ROSTERS,
  firstNameQuery: '',
  middleNameQuery: '',
  lastNameQuery: '',
  sort: 'LastNameDesc',
};

/**
 * The athlete table's filters, persisted (registered in `app/store.ts`) and reset on
 * sign-out, with every table's events and rules (src/lib/tableFilters.ts): a roster, a
 * name query or the sort goes back to page 1 with 20 rows, the pager keeps the filters.
 * Clearing keeps the sort (it narrows nothing).
 *
 * @example
 * dispatch(filtersChanged({ lastNameQuery: 'Okafor' })); // page 1, size 20
 * dispatch(pageChosen({ pageNumber: 3, pageSize: 50 })); // filters kept
 */
export const athleteFiltersSlice = createTableFiltersSlice({
  name: 'athleteFilters',
  initialState: initialAthleteFilters,
  sorts: athleteSorts,
  noSort: 'None',
  keepOnClear: ['sort'],
});

export const athleteFiltersReducer = athleteFiltersSlice.reducer;
export const { filtersChanged, sortChosen, pageChosen, filtersCleared } =
  athleteFiltersSlice.actions;
export const {
  selectFilters: selectAthleteFilters,
  /** Whether a roster or a name narrows the list (the sort does not). */
  selectFiltersActive: selectAthleteFiltersActive,
} = athleteFiltersSlice.selectors;

/** The roster the table shows (`ALL_ROSTERS` for every athlete). */
export const selectAthleteRosterId = (state: { athleteFilters: AthleteFilters }) =>
  selectAthleteFilters(state).rosterId;
