import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useTableFilters } from '../../../../src/components/list';
import { sortableColumns } from '../../../../src/features/athletes/athleteColumns';
import {
  athleteFiltersSlice,
  initialAthleteFilters,
} from '../../../../src/features/athletes/athleteFiltersSlice';
import { makeTestStore } from '../../test-utils';

function renderController(preloaded = initialAthleteFilters) {
  const store = makeTestStore({ preloadedState: { athleteFilters: preloaded } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  const view = renderHook(() => useTableFilters(athleteFiltersSlice, sortableColumns), {
    wrapper,
  });
  return { store, ...view };
}

type Change = Parameters<ReturnType<typeof useTableFilters>['onTableChange']>;
const paginate = (current: number, pageSize: number): Change => [
  { current, pageSize },
  {},
  [],
  { action: 'paginate' } as Change[3],
];
const sort = (columnKey: string, order: 'ascend' | 'descend' | null): Change => [
  {},
  {},
  { columnKey, order } as Change[2],
  { action: 'sort' } as Change[3],
];

describe('useTableFilters', () => {
  it('reads the slice: its state, and whether a filter narrows the rows', () => {
    const { result } = renderController({ ...initialAthleteFilters, lastNameQuery: 'Ng' });
    expect(result.current.filters.lastNameQuery).toBe('Ng');
    expect(result.current.active).toBe(true);
  });

  it('turns the pager and the page-size changer into pageChosen, filters kept', () => {
    const { result, store } = renderController({ ...initialAthleteFilters, lastNameQuery: 'Ng' });
    act(() => result.current.onTableChange(...paginate(3, 50)));
    expect(store.getState().athleteFilters).toMatchObject({
      pageNumber: 3,
      pageSize: 50,
      lastNameQuery: 'Ng',
    });
    expect(result.current.filters.pageNumber).toBe(3);
  });

  it('turns a sorter into the column’s spec sort, and no direction into None, on page 1', () => {
    const { result, store } = renderController({ ...initialAthleteFilters, pageNumber: 4 });
    act(() => result.current.onTableChange(...sort('firstName', 'descend')));
    expect(store.getState().athleteFilters).toMatchObject({
      sort: 'FirstNameDesc',
      pageNumber: 1,
    });
    act(() => result.current.onTableChange(...sort('firstName', null)));
    expect(store.getState().athleteFilters.sort).toBe('None');
    act(() => result.current.onTableChange(...sort('notAColumn', 'ascend')));
    expect(store.getState().athleteFilters.sort).toBe('None');
  });

  it('changes and clears the filters through the slice’s events', () => {
    const { result, store } = renderController({ ...initialAthleteFilters, sort: 'None' });
    act(() => result.current.changed({ firstNameQuery: 'Ada' }));
    expect(store.getState().athleteFilters.firstNameQuery).toBe('Ada');
    act(() => result.current.cleared());
    // Clearing keeps the athletes' sort (the slice's keepOnClear).
    expect(store.getState().athleteFilters).toMatchObject({ firstNameQuery: '', sort: 'None' });
    expect(result.current.active).toBe(false);
  });
});
