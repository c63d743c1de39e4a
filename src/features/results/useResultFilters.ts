import type { ResultVariant } from '../../../contract/event-constants';
import { useTableFilters } from '../../components/list';
import { resultFiltersSlices } from './resultFiltersSlices';
import { columnSorts } from './resultSorts';

/**
 * A results table's list controller: its persisted filters and events (`useTableFilters`;
 * the spec's rules live in the slice: any filter or sort change goes back to page 1,
 * size 20; no sort is `None`).
 *
 * @example
 * const { filters, changed, cleared, onTableChange } = useResultFilters('individual');
 */
export function useResultFilters(variant: ResultVariant) {
  return useTableFilters(resultFiltersSlices[variant], columnSorts);
}
