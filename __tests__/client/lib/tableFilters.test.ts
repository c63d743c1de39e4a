import { createTableFiltersSlice, FIRST_PAGE, toQueryParams } from '../../../src/lib/tableFilters';

const SORTS = ['DateAsc', 'DateDesc', 'None'] as const;
type Sort = (typeof SORTS)[number];
const slice = createTableFiltersSlice({
  name: 'demoFilters',
  initialState: { ...FIRST_PAGE, sort: 'DateDesc' as Sort, typeQuery: '', rosterId: -1 },
  sorts: SORTS,
  noSort: 'None' as Sort,
});
const { filtersChanged, sortChosen, pageChosen, filtersCleared } = slice.actions;
const onPage3Of50 = slice.reducer(undefined, pageChosen({ pageNumber: 3, pageSize: 50 }));

describe('createTableFiltersSlice', () => {
  it('names the values its persisted fields may take: the sorts, and the closed sets it is given', () => {
    expect(slice.reducer.allowedValues).toEqual({ sort: SORTS });
    const withTypes = createTableFiltersSlice({
      name: 'typedFilters',
      initialState: { ...FIRST_PAGE, sort: 'None' as Sort, typeQuery: 'time' },
      sorts: SORTS,
      allowed: { typeQuery: ['time', 'distance'] },
      noSort: 'None' as Sort,
    });
    expect(withTypes.reducer.allowedValues).toEqual({
      sort: SORTS,
      typeQuery: ['time', 'distance'],
    });
  });

  it('starts at page 1 with 20 rows', () => {
    expect(slice.getInitialState()).toEqual({
      pageNumber: 1,
      pageSize: 20,
      sort: 'DateDesc',
      typeQuery: '',
      rosterId: -1,
    });
  });

  it('keeps the filters when the page changes', () => {
    const filtered = slice.reducer(undefined, filtersChanged({ typeQuery: '40' }));
    expect(slice.reducer(filtered, pageChosen({ pageNumber: 4, pageSize: 100 }))).toEqual({
      ...filtered,
      pageNumber: 4,
      pageSize: 100,
    });
  });

  it('goes back to page 1 with 20 rows when a filter changes', () => {
    expect(slice.reducer(onPage3Of50, filtersChanged({ rosterId: 7 }))).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      rosterId: 7,
    });
  });

  it('goes back to page 1 with 20 rows when the sort changes', () => {
    expect(slice.reducer(onPage3Of50, sortChosen('DateAsc'))).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      sort: 'DateAsc',
    });
  });

  it('sets None when no sort direction is chosen', () => {
    expect(slice.reducer(onPage3Of50, sortChosen(null)).sort).toBe('None');
  });

  it('changes nothing, and keeps the page, when the same values are chosen again', () => {
    const filtered = slice.reducer(onPage3Of50, filtersChanged({ rosterId: 7 }));
    const paged = slice.reducer(filtered, pageChosen({ pageNumber: 2, pageSize: 50 }));
    expect(slice.reducer(paged, filtersChanged({ rosterId: 7 }))).toBe(paged);
    expect(slice.reducer(paged, sortChosen('DateDesc'))).toBe(paged);
  });

  it('selects the state under its name, and whether a filter (not the page or sort) narrows it', () => {
    const { selectFilters, selectFiltersActive } = slice.selectors;
    const root = (demoFilters: ReturnType<typeof slice.reducer>) => ({ demoFilters });
    expect(selectFilters(root(onPage3Of50))).toBe(onPage3Of50);
    expect(selectFiltersActive(root(slice.reducer(onPage3Of50, sortChosen(null))))).toBe(false);
    expect(
      selectFiltersActive(root(slice.reducer(undefined, filtersChanged({ typeQuery: 'a' })))),
    ).toBe(true);
  });

  it('keeps the fields a table names when clearing', () => {
    const keeping = createTableFiltersSlice({
      name: 'keepingFilters',
      initialState: { ...FIRST_PAGE, sort: 'DateDesc' as Sort, typeQuery: '' },
      sorts: SORTS,
      noSort: 'None' as Sort,
      keepOnClear: ['sort'],
    });
    const {
      filtersChanged: changed,
      sortChosen: sorted,
      filtersCleared: cleared,
    } = keeping.actions;
    const used = keeping.reducer(
      keeping.reducer(undefined, changed({ typeQuery: 'x' })),
      sorted('DateAsc'),
    );
    expect(keeping.reducer(used, cleared())).toEqual({
      ...FIRST_PAGE,
      sort: 'DateAsc',
      typeQuery: '',
    });
  });

  it('clears back to the defaults', () => {
    const changed = slice.reducer(onPage3Of50, filtersChanged({ typeQuery: 'x' }));
    expect(slice.reducer(changed, filtersCleared())).toEqual(slice.getInitialState());
  });
});

describe('toQueryParams', () => {
  it('skips null, undefined and empty values and keeps false and 0', () => {
    expect(toQueryParams({ a: null, b: undefined, c: '', d: false, e: 0, f: 'x', g: -1 })).toEqual({
      d: 'false',
      e: '0',
      f: 'x',
      g: '-1',
    });
  });
});
