import type { ProfileSort, TeamReportSort } from '../../../../../contract/index-constants';
import { persistedSliceKeys } from '../../../../../src/app/store';
import { profileFiltersSlice } from '../../../../../src/features/performance-index/profiles/profileFiltersSlice';
import { reportFiltersSlices } from '../../../../../src/features/performance-index/reports/reportFiltersSlices';
import type {
  ProfileFilters,
  TeamReportFilters,
} from '../../../../../src/features/performance-index/shared/indexFilters';
import { signedOut } from '../../../../../src/lib/session';
import { makeTestStore } from '../../../test-utils';

const profileTables = {
  profileFilters: profileFiltersSlice,
  eapiIndividualReportFilters: reportFiltersSlices.eapiIndividual,
  easiIndividualReportFilters: reportFiltersSlices.easiIndividual,
};

/** Filters a coach has been using: page 3 of 50, a roster, a name, dates, a sort. */
const busy: ProfileFilters = {
  pageNumber: 3,
  pageSize: 50,
  rosterId: 7,
  firstNameQuery: 'Ad',
  middleNameQuery: '',
  lastNameQuery: 'Oka',
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  sort: 'OverallIndexDesc',
};

describe.each(Object.entries(profileTables))('%s', (_key, slice) => {
  const { reducer } = slice;
  const { filtersChanged, sortChosen, pageChosen, filtersCleared } = slice.actions;

  it("starts at the spec's defaults", () => {
    expect(reducer(undefined, { type: '@@INIT' })).toEqual({
      pageNumber: 1,
      pageSize: 20,
      rosterId: -1,
      firstNameQuery: '',
      middleNameQuery: '',
      lastNameQuery: '',
      startDate: null,
      endDate: null,
      sort: 'DateCreatedDesc',
    });
  });

  it.each([
    ['roster', filtersChanged({ rosterId: 3 }), { rosterId: 3 }],
    ['first name', filtersChanged({ firstNameQuery: 'Bo' }), { firstNameQuery: 'Bo' }],
    ['middle name', filtersChanged({ middleNameQuery: 'J' }), { middleNameQuery: 'J' }],
    ['last name', filtersChanged({ lastNameQuery: 'Ng' }), { lastNameQuery: 'Ng' }],
    ['start date', filtersChanged({ startDate: '2025-09-01' }), { startDate: '2025-09-01' }],
    ['end date', filtersChanged({ endDate: null }), { endDate: null }],
    ['sort', sortChosen('LastName'), { sort: 'LastName' as ProfileSort }],
  ])(
    'a %s change keeps the other filters and goes back to page 1 of 20',
    (_name, action, changed) => {
      expect(reducer(busy, action)).toEqual({ ...busy, ...changed, pageNumber: 1, pageSize: 20 });
    },
  );

  it('choosing no sort direction sets None', () => {
    expect(reducer(busy, sortChosen(null)).sort).toBe('None');
  });

  it('the pager keeps the filters; clearing keeps only the sort', () => {
    expect(reducer(busy, pageChosen({ pageNumber: 5, pageSize: 100 }))).toEqual({
      ...busy,
      pageNumber: 5,
      pageSize: 100,
    });
    expect(reducer(busy, filtersCleared())).toEqual({
      ...reducer(undefined, { type: '@@INIT' }),
      sort: 'OverallIndexDesc',
    });
  });
});

describe('eapiTeamReportFilters', () => {
  const { reducer } = reportFiltersSlices.eapiTeam;
  const { filtersChanged, sortChosen } = reportFiltersSlices.eapiTeam.actions;
  const team: TeamReportFilters = {
    pageNumber: 2,
    pageSize: 50,
    rosterId: 3,
    startDate: '2026-01-01',
    endDate: null,
    sort: 'AverageOverallIndexDesc',
  };

  it("starts at the spec's defaults (no name queries, DateDesc)", () => {
    expect(reducer(undefined, { type: '@@INIT' })).toEqual({
      pageNumber: 1,
      pageSize: 20,
      rosterId: -1,
      startDate: null,
      endDate: null,
      sort: 'DateDesc',
    });
  });

  it.each([
    ['roster', filtersChanged({ rosterId: -1 }), { rosterId: -1 }],
    ['end date', filtersChanged({ endDate: '2026-04-01' }), { endDate: '2026-04-01' }],
    ['sort', sortChosen('RosterName'), { sort: 'RosterName' as TeamReportSort }],
    ['no sort', sortChosen(null), { sort: 'None' as TeamReportSort }],
  ])('a %s change goes back to page 1 of 20', (_name, action, changed) => {
    expect(reducer(team, action)).toEqual({ ...team, ...changed, pageNumber: 1, pageSize: 20 });
  });
});

describe('registration', () => {
  it('persists the four tables and resets them on sign-out', () => {
    const keys = [...Object.keys(profileTables), 'eapiTeamReportFilters'];
    for (const key of keys) expect(persistedSliceKeys).toContain(key);
    const store = makeTestStore();
    store.dispatch(profileFiltersSlice.actions.filtersChanged({ lastNameQuery: 'Okafor' }));
    store.dispatch(reportFiltersSlices.eapiTeam.actions.sortChosen('Date'));
    store.dispatch(signedOut());
    expect(store.getState().profileFilters).toEqual(profileFiltersSlice.getInitialState());
    expect(store.getState().eapiTeamReportFilters).toEqual(
      reportFiltersSlices.eapiTeam.getInitialState(),
    );
  });
});
