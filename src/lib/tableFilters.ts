import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Every table starts here (spec, sections 3 and 9). */
export const FIRST_PAGE = { pageNumber: 1, pageSize: 20 } as const;

/** What every table's filter state holds besides its own filters. */
export interface TableFilterState<Sort extends string> {
  pageNumber: number;
  pageSize: number;
  sort: Sort;
}

/**
 * A table-filter slice with the spec's rules (section 4), so that each table only names
 * its filters and defaults. Its actions are events:
 * - `filtersChanged(partial)`: the user changed search filters; back to page 1, size 20;
 * - `sortChosen(sort | null)`: a column's sort direction; `null` (no direction) is `None`;
 *   back to page 1, size 20;
 * - `pageChosen({ pageNumber, pageSize })`: the pager; filters stay;
 * - `filtersCleared()`: everything back to the defaults.
 * Register the reducer in `filterReducers` (src/app/store.ts) to persist it.
 *
 * @example
 * const slice = createTableFiltersSlice({
 *   name: 'demoFilters',
 *   initialState: { ...FIRST_PAGE, sort: 'DateDesc', typeQuery: '' },
 *   noSort: 'None',
 * });
 * dispatch(slice.actions.filtersChanged({ typeQuery: '40' })); // page 1 again
 */
export function createTableFiltersSlice<
  State extends TableFilterState<string>,
  Name extends string,
>({ name, initialState, noSort }: { name: Name; initialState: State; noSort: State['sort'] }) {
  type Sort = State['sort'];
  type Filters = Partial<Omit<State, keyof TableFilterState<Sort>>>;
  return createSlice({
    name,
    initialState: initialState as State,
    reducers: {
      filtersChanged: (state, action: PayloadAction<Filters>) => ({
        ...(state as State),
        ...action.payload,
        ...FIRST_PAGE,
      }),
      sortChosen: (state, action: PayloadAction<Sort | null>) => ({
        ...(state as State),
        sort: action.payload ?? noSort,
        ...FIRST_PAGE,
      }),
      pageChosen: (state, action: PayloadAction<{ pageNumber: number; pageSize: number }>) => ({
        ...(state as State),
        pageNumber: action.payload.pageNumber,
        pageSize: action.payload.pageSize,
      }),
      filtersCleared: () => initialState,
    },
  });
}

/**
 * The query string of a filter state: null, undefined and empty-string values are left
 * out (spec, section 7: "null values are skipped"); everything else is sent as text.
 *
 * @example
 * toQueryParams({ rosterId: null, eventTypeId: 1, isMetric: false }); // { eventTypeId: '1', isMetric: 'false' }
 */
export function toQueryParams(state: object): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(state)) {
    if (value === null || value === undefined || value === '') continue;
    params[key] = String(value);
  }
  return params;
}
