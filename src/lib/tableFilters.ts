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

/**
 * The values a persisted field may take, by field: what a restored state is checked
 * against (src/app/persistence.ts), so that a value the app no longer knows (a sort
 * renamed in a later release) falls back to the default instead of reaching the API.
 */
export type AllowedValues = Readonly<Record<string, readonly unknown[]>>;

/** A persisted slice's reducer that names its fields' allowed values. */
export interface RestorableReducer {
  allowedValues?: AllowedValues;
}

export interface TableFiltersOptions<State extends TableFilterState<string>, Name extends string> {
  /** The slice's name, which is also its key in the root state (src/app/store.ts). */
  name: Name;
  initialState: State;
  /** Every sort value of the table, the contract's list (e.g. `ATHLETE_SORTS`). */
  sorts: readonly State['sort'][];
  /** Other fields of a closed set of values, each with the contract's list. */
  allowed?: { [Key in keyof NarrowingFilters<State>]?: readonly State[Key][] };
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
 * Register the reducer in `filterReducers` (src/app/store.ts) under its `name` to persist it;
 * its `allowedValues` (`sorts` and `allowed`) are what a restored state is checked against.
 *
 * @example
 * const slice = createTableFiltersSlice({
 *   name: 'demoFilters',
 *   initialState: { ...FIRST_PAGE, sort: 'DateDesc', typeQuery: '' },
 *   sorts: RESULT_SORTS,
 *   noSort: 'None',
 * });
 * dispatch(slice.actions.filtersChanged({ typeQuery: '40' })); // page 1 again
 * useAppSelector(slice.selectors.selectFilters);
 */
export function createTableFiltersSlice<
  State extends TableFilterState<string>,
  Name extends string,
>({
  name,
  initialState,
  sorts,
  allowed = {},
  noSort,
  keepOnClear = [],
}: TableFiltersOptions<State, Name>) {
  type Sort = State['sort'];
  type Filters = Partial<NarrowingFilters<State>>;
  const narrowing = Object.keys(initialState).filter(
    (key) => !['pageNumber', 'pageSize', 'sort'].includes(key),
  ) as (keyof State)[];
  const slice = createSlice({
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
  const allowedValues: AllowedValues = { ...(allowed as AllowedValues), sort: sorts };
  Object.assign(slice.reducer, { allowedValues } satisfies RestorableReducer);
  return slice as typeof slice & { reducer: typeof slice.reducer & RestorableReducer };
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
