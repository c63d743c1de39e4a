import { PROFILE_SORTS, TEAM_REPORT_SORTS } from '../../../../contract/index-constants';
import { initialProfileFilters, initialTeamReportFilters } from '../shared/indexFilters';
import { createTableFiltersSlice } from '../../../lib/tableFilters';

/**
 * One persisted slice per report table (src/lib/tableFilters.ts rules: a filter or sort
 * change goes back to page 1 of 20; no sort direction is `None`; clearing keeps the sort).
 * The two individual tables share the athlete-profile state of the spec; the team table
 * has its own (default `DateDesc`).
 */
export const reportFiltersSlices = {
  eapiIndividual: createTableFiltersSlice({
    name: 'eapiIndividualReportFilters',
    initialState: initialProfileFilters,
    sorts: PROFILE_SORTS,
    noSort: 'None',
    keepOnClear: ['sort'],
  }),
  easiIndividual: createTableFiltersSlice({
    name: 'easiIndividualReportFilters',
    initialState: initialProfileFilters,
    sorts: PROFILE_SORTS,
    noSort: 'None',
    keepOnClear: ['sort'],
  }),
  eapiTeam: createTableFiltersSlice({
    name: 'eapiTeamReportFilters',
    initialState: initialTeamReportFilters,
    sorts: TEAM_REPORT_SORTS,
    noSort: 'None',
    keepOnClear: ['sort'],
  }),
};

/** For src/app/store.ts `filterReducers`. */
export const reportFilterReducers = {
  eapiIndividualReportFilters: reportFiltersSlices.eapiIndividual.reducer,
  easiIndividualReportFilters: reportFiltersSlices.easiIndividual.reducer,
  eapiTeamReportFilters: reportFiltersSlices.eapiTeam.reducer,
};
