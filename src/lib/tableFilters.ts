import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Every table starts here (spec, sections 3 and 9). */
export const FIRST_PAGE = { pageNumber: 1, pageSize: 20 } as const;

/** What every table's filter state holds besides its own filters. */
export interface TableFilterState<Sort extends string> {
  pageNumber: number;
  pageSize: number;
  sort: Sort;
}

/** The fields of a table's filter state that narrow its rows (not the page or the sort). */
export type NarrowingFilters<State extends TableFilterState<string>> = Omit<
  State,
  keyof TableFilterState<string>
>;

export interface TableFiltersOptions<State extends TableFilterState<string>, Name extends string> {
  /** The slice's name, which is also its key in the root state (src/app/store.ts). */
  name: Name;
  initialState: State;
  /** The sort enum's "no sort" value, for `sortChosen(null)`. */
  noSort: State['sort'];
  /** What `filtersCleared()` keeps from the current state (default: nothing). */
  keepOnClear?: readonly (keyof State)[];
}

/**
 * A table-filter slice with the spec's rules (section 4), so that each table only names
 * its filters and defaults. Every table speaks the same events:
 * - `filtersChanged(partial)`: the user changed search filters; back to page 1, size 20
 *   (choosing the values it already has changes nothing);
 * - `sortChosen(sort | null)`: a column's sort direction; `null` (no direction) is `None`;
 *   back to page 1, size 20;
 * - `pageChosen({ pageNumber, pageSize })`: the pager; filters stay;
 * - `filtersCleared()`: back to the defaults, but for the `keepOnClear` fields.
 * and has the same selectors: `selectFilters` (the state) and `selectFiltersActive`
 * (whether a filter narrows the rows; the page and the sort do not).
 * Register the reducer in `filterReducers` (src/app/store.ts) under its `name` to persist it.
 *
 * @example
 * const slice = createTableFiltersSlice({
 *   name: 'demoFilters',
 *   initialState: { ...FIRST_PAGE, sort: 'DateDesc', typeQuery: '' },
 *   noSort: 'None',
 * });
 * dispatch(slice.actions.filtersChanged({ typeQuery: '40' })); // page 1 again
 * useAppSelector(slice.selectors.selectFilters);
 */
export function createTableFiltersSlice<
  State extends TableFilterState<string>,
  Name extends string,
>({ name, initialState, noSort, keepOnClear = [] }: TableFiltersOptions<State, Name>) {
  type Sort = State['sort'];
  type Filters = Partial<NarrowingFilters<State>>;
  const narrowing = Object.keys(initialState).filter(
    (key) => !['pageNumber', 'pageSize', 'sort'].includes(key),
  ) as (keyof State)[];
  return createSlice({
    name,
    initialState: initialState as State,
    reducers: {
      filtersChanged: (state, action: PayloadAction<Filters>) => {
        const current = state as State;
        const changes = action.payload as Partial<State>;
        const same = (Object.keys(changes) as (keyof State)[]).every(
          (key) => current[key] === changes[key],
        );
        return same ? current : { ...current, ...changes, ...FIRST_PAGE };
      },
      sortChosen: (state, action: PayloadAction<Sort | null>) => {
        const sort = action.payload ?? noSort;
        return (state as State).sort === sort
          ? (state as State)
          : { ...(state as State), sort, ...FIRST_PAGE };
      },
      pageChosen: (state, action: PayloadAction<{ pageNumber: number; pageSize: number }>) => ({
        ...(state as State),
        pageNumber: action.payload.pageNumber,
        pageSize: action.payload.pageSize,
      }),
      filtersCleared: (state) => {
        const kept = Object.fromEntries(keepOnClear.map((key) => [key, (state as State)[key]]));
        return { ...initialState, ...kept };
      },
    },
    selectors: {
      selectFilters: (state: State) => state,
      selectFiltersActive: (state: State) =>
        narrowing.some((key) => !keepOnClear.includes(key) && state[key] !== initialState[key]),
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
