import { useMemo } from 'react';
import type { Action } from '@reduxjs/toolkit';
import type { TableProps } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { sortFor, type SortMap } from '../../lib/sortColumns';
import type { NarrowingFilters, TableFilterState } from '../../lib/tableFilters';

/** What a table-filter slice (`createTableFiltersSlice`) offers the view. */
export interface TableFiltersSliceOf<State extends TableFilterState<string>> {
  actions: {
    filtersChanged: (changes: Partial<NarrowingFilters<State>>) => Action;
    sortChosen: (sort: State['sort'] | null) => Action;
    pageChosen: (page: { pageNumber: number; pageSize: number }) => Action;
    filtersCleared: () => Action;
  };
  selectors: {
    selectFilters: (root: never) => State;
    selectFiltersActive: (root: never) => boolean;
  };
}

/** A table's filter state and its events, as `useTableFilters` returns them. */
export interface TableFilters<State extends TableFilterState<string>> {
  /** The slice's state: the query of the table's list endpoint. */
  filters: State;
  /** A filter narrows the rows (the page and the sort do not). */
  active: boolean;
  changed: (changes: Partial<NarrowingFilters<State>>) => void;
  sorted: (sort: State['sort'] | null) => void;
  paged: (pageNumber: number, pageSize: number) => void;
  cleared: () => void;
  /** antd Table's `onChange`: the pager and the column sorters become the slice's events. */
  onTableChange: NonNullable<TableProps<never>['onChange']>;
}

/**
 * The list controller of a table (react-admin's `useListController`, cut to what the
 * spec's tables need): the persisted filter state of its slice and the slice's events,
 * with antd Table's `onChange` turned into them: a sorter click is `sortChosen` (the
 * column's spec value from `sorts`; no direction is `None`), the pager and the page-size
 * changer are `pageChosen`. The rules (a filter or sort goes back to page 1 of 20) stay
 * in the slice (src/lib/tableFilters.ts).
 *
 * @example
 * const list = useTableFilters(athleteFiltersSlice, sortableColumns);
 * const query = useListQuery(athleteApi.endpoints.listAthletes, list.filters);
 * <ListTable list={list} query={query} what="athletes" columns={columns} empty={…} />
 */
export function useTableFilters<State extends TableFilterState<string>>(
  slice: TableFiltersSliceOf<State>,
  sorts: SortMap<State['sort']>,
): TableFilters<State> {
  const dispatch = useAppDispatch();
  const filters = useAppSelector((root) => slice.selectors.selectFilters(root as never));
  const active = useAppSelector((root) => slice.selectors.selectFiltersActive(root as never));
  const events = useMemo(() => {
    const { filtersChanged, sortChosen, pageChosen, filtersCleared } = slice.actions;
    const paged = (pageNumber: number, pageSize: number) =>
      void dispatch(pageChosen({ pageNumber, pageSize }));
    const sorted = (sort: State['sort'] | null) => void dispatch(sortChosen(sort));
    const onTableChange: TableFilters<State>['onTableChange'] = (
      pagination,
      _columnFilters,
      sorter,
      { action },
    ) => {
      if (action === 'paginate' && pagination.current && pagination.pageSize)
        paged(pagination.current, pagination.pageSize);
      if (action === 'sort' && !Array.isArray(sorter))
        sorted(sortFor(sorts, sorter.columnKey, sorter.order) as State['sort']);
    };
    return {
      changed: (changes: Partial<NarrowingFilters<State>>) =>
        void dispatch(filtersChanged(changes)),
      sorted,
      paged,
      cleared: () => void dispatch(filtersCleared()),
      onTableChange,
    };
  }, [dispatch, slice, sorts]);
  return { filters, active, ...events };
}
