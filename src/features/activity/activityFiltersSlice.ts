import {
  ACTIVITY_KINDS,
  ACTIVITY_SORTS,
  type ActivityKind,
  type ActivitySort,
} from '../../../contract/activity-constants';
import { createTableFiltersSlice, FIRST_PAGE } from '../../lib/tableFilters';

/** The activity table's filter state: the spec's paging and sort, a member, a kind and days. */
export interface ActivityFilters {
  pageNumber: number;
  pageSize: number;
  /** A member's `actor.sub`; '' for everyone. */
  member: string;
  /** '' for every kind. */
  kind: ActivityKind | '';
  startDate: string | null;
  endDate: string | null;
  sort: ActivitySort;
}

export const initialActivityFilters: ActivityFilters = {
  ...FIRST_PAGE,
  member: '',
  kind: '',
  startDate: null,
  endDate: null,
  sort: 'DateDesc',
};

/**
 * The activity table's filters, persisted (registered in `app/store.ts`) and reset on
 * sign-out, with every table's rules (src/lib/tableFilters.ts). A restored kind or sort
 * the contract no longer knows falls back to the default. Clearing keeps the sort.
 */
export const activityFiltersSlice = createTableFiltersSlice({
  name: 'activityFilters',
  initialState: initialActivityFilters,
  sorts: ACTIVITY_SORTS,
  allowed: { kind: ['', ...ACTIVITY_KINDS] },
  noSort: 'None',
  keepOnClear: ['sort'],
});

export const activityFiltersReducer = activityFiltersSlice.reducer;
export const { filtersChanged, filtersCleared } = activityFiltersSlice.actions;
export const {
  selectFilters: selectActivityFilters,
  selectFiltersActive: selectActivityFiltersActive,
} = activityFiltersSlice.selectors;
