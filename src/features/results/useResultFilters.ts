import { useMemo } from 'react';
import type { ResultVariant } from '../../../contract/event-constants';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { resultFiltersSlices, type ResultFilters } from './resultFiltersSlices';

/**
 * A results table's persisted filters and its events (the spec's rules live in the
 * slice: any filter or sort change goes back to page 1, size 20; no sort is `None`).
 *
 * @example
 * const { filters, changed, sorted, paged, cleared } = useResultFilters('individual');
 */
export function useResultFilters(variant: ResultVariant) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(resultFiltersSlices[variant].selectors.selectFilters);
  const actions = useMemo(() => {
    const { filtersChanged, sortChosen, pageChosen, filtersCleared } =
      resultFiltersSlices[variant].actions;
    return {
      changed: (partial: Partial<ResultFilters>) => dispatch(filtersChanged(partial)),
      sorted: (sort: ResultFilters['sort'] | null) => dispatch(sortChosen(sort)),
      paged: (pageNumber: number, pageSize: number) =>
        dispatch(pageChosen({ pageNumber, pageSize })),
      cleared: () => dispatch(filtersCleared()),
    };
  }, [dispatch, variant]);
  return { filters, ...actions };
}
