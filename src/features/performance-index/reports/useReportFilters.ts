import { useCallback } from 'react';
import type { ProfileSort, TeamReportSort } from '../../../../contract/index-constants';
import { useTableFilters } from '../../../components/list';
import type { IndexFilterChanges } from '../shared/indexFilters';
import type { SortMap } from '../../../lib/sortColumns';
import { reportFiltersSlices } from './reportFiltersSlices';

type Individual = 'eapiIndividual' | 'easiIndividual';

/** The individual tables' sortable columns and the spec's sort values. */
export const individualReportSorts: SortMap<ProfileSort> = {
  firstName: { ascend: 'FirstName', descend: 'FirstNameDesc' },
  middleName: { ascend: 'MiddleName', descend: 'MiddleNameDesc' },
  lastName: { ascend: 'LastName', descend: 'LastNameDesc' },
  testedOn: { ascend: 'DateCreated', descend: 'DateCreatedDesc' },
  overall: { ascend: 'OverallIndex', descend: 'OverallIndexDesc' },
};

/** The team table's sortable columns and the spec's sort values. */
export const teamReportSorts: SortMap<TeamReportSort> = {
  rosterName: { ascend: 'RosterName', descend: 'RosterNameDesc' },
  date: { ascend: 'Date', descend: 'DateDesc' },
  average: { ascend: 'AverageOverallIndex', descend: 'AverageOverallIndexDesc' },
};

/**
 * An individual report table's list controller (`useTableFilters` of its slice: any
 * filter or sort change goes back to page 1 of 20; no sort direction is `None`).
 *
 * @example
 * const { filters, changed, cleared, onTableChange } = useIndividualReportFilters('eapiIndividual');
 */
export function useIndividualReportFilters(variant: Individual) {
  return useTableFilters(reportFiltersSlices[variant], individualReportSorts);
}

/** The EAPI team table's list controller; its filters are a roster and dates (no names). */
export function useTeamReportFilters() {
  const list = useTableFilters(reportFiltersSlices.eapiTeam, teamReportSorts);
  const { changed: changedTeam } = list;
  const changed = useCallback(
    ({ rosterId, startDate, endDate }: IndexFilterChanges) =>
      changedTeam({
        ...(rosterId !== undefined ? { rosterId } : {}),
        ...(startDate !== undefined ? { startDate } : {}),
        ...(endDate !== undefined ? { endDate } : {}),
      }),
    [changedTeam],
  );
  return { ...list, changed };
}
