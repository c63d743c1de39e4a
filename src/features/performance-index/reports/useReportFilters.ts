import { useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import type { IndexFilterChanges } from '../shared/indexFilters';
import { reportFiltersSlices } from './reportFiltersSlices';

type Individual = 'eapiIndividual' | 'easiIndividual';

/**
 * A report table's persisted filters and its events (the rules live in the slice: any
 * filter or sort change goes back to page 1 of 20; no sort direction is `None`).
 *
 * @example
 * const { filters, changed, sorted, paged, cleared } = useIndividualReportFilters('eapiIndividual');
 */
export function useIndividualReportFilters(variant: Individual) {
  const dispatch = useAppDispatch();
  const slice = reportFiltersSlices[variant];
  const filters = useAppSelector(slice.selectors.selectFilters);
  const active = useAppSelector(slice.selectors.selectFiltersActive);
  const actions = useMemo(() => {
    const { filtersChanged, sortChosen, pageChosen, filtersCleared } = slice.actions;
    return {
      changed: (changes: IndexFilterChanges) => dispatch(filtersChanged(changes)),
      sorted: (sort: Parameters<typeof sortChosen>[0]) => dispatch(sortChosen(sort)),
      paged: (pageNumber: number, pageSize: number) =>
        dispatch(pageChosen({ pageNumber, pageSize })),
      cleared: () => dispatch(filtersCleared()),
    };
  }, [dispatch, slice]);
  return { filters, active, ...actions };
}

/** The EAPI team table's filters and events. */
export function useTeamReportFilters() {
  const dispatch = useAppDispatch();
  const slice = reportFiltersSlices.eapiTeam;
  const filters = useAppSelector(slice.selectors.selectFilters);
  const active = useAppSelector(slice.selectors.selectFiltersActive);
  const actions = useMemo(() => {
    const { filtersChanged, sortChosen, pageChosen, filtersCleared } = slice.actions;
    return {
      changed: ({ rosterId, startDate, endDate }: IndexFilterChanges) =>
        dispatch(
          filtersChanged({
            ...(rosterId !== undefined ? { rosterId } : {}),
            ...(startDate !== undefined ? { startDate } : {}),
            ...(endDate !== undefined ? { endDate } : {}),
          }),
        ),
      sorted: (sort: Parameters<typeof sortChosen>[0]) => dispatch(sortChosen(sort)),
      paged: (pageNumber: number, pageSize: number) =>
        dispatch(pageChosen({ pageNumber, pageSize })),
      cleared: () => dispatch(filtersCleared()),
    };
  }, [dispatch, slice]);
  return { filters, active, ...actions };
}
