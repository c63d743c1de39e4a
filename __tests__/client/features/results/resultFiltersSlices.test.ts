import {
  resultFiltersSlices,
  resultListParams,
} from '../../../../src/features/results/resultFiltersSlices';
import { persistedSliceKeys } from '../../../../src/app/store';

const common = {
  pageNumber: 1,
  pageSize: 20,
  rosterId: -1,
  firstNameQuery: '',
  middleNameQuery: '',
  lastNameQuery: '',
  typeQuery: '',
  laneIdQuery: '',
  startDate: null,
  endDate: null,
  getBestByAthlete: false,
  eventTypeId: null,
  sort: 'DateDesc',
};

describe('results-table filter slices', () => {
  it("hold the spec's state, with distance and event alias only where the variant has them", () => {
    expect(resultFiltersSlices.individual.getInitialState()).toEqual({ ...common, distance: null });
    expect(resultFiltersSlices.manualentry.getInitialState()).toEqual({
      ...common,
      distance: null,
    });
    expect(resultFiltersSlices.gamespeed.getInitialState()).toEqual({
      ...common,
      eventAliasId: null,
    });
    expect(resultFiltersSlices.eapi.getInitialState()).toEqual(common);
  });

  it('are four separate persisted slices', () => {
    expect(persistedSliceKeys).toEqual(
      expect.arrayContaining([
        'individualResultFilters',
        'gameSpeedResultFilters',
        'eapiResultFilters',
        'manualEntryResultFilters',
      ]),
    );
    const { individual, eapi } = resultFiltersSlices;
    const changed = individual.reducer(
      undefined,
      individual.actions.filtersChanged({ typeQuery: '40' }),
    );
    expect(changed.typeQuery).toBe('40');
    expect(eapi.reducer(undefined, individual.actions.filtersChanged({ typeQuery: '40' }))).toEqual(
      eapi.getInitialState(),
    );
  });

  it('resets to page 1 with 20 rows on a filter change and sets None without a sort', () => {
    const { gamespeed } = resultFiltersSlices;
    const paged = gamespeed.reducer(
      undefined,
      gamespeed.actions.pageChosen({ pageNumber: 5, pageSize: 50 }),
    );
    expect(
      gamespeed.reducer(paged, gamespeed.actions.filtersChanged({ eventAliasId: 3 })),
    ).toMatchObject({
      pageNumber: 1,
      pageSize: 20,
      eventAliasId: 3,
    });
    expect(gamespeed.reducer(paged, gamespeed.actions.sortChosen(null)).sort).toBe('None');
  });

  it("adds the variant's program to the list query", () => {
    const { individual, eapi } = resultFiltersSlices;
    expect(resultListParams('eapi', eapi.getInitialState())).toMatchObject({ program: 'eapi' });
    expect(resultListParams('individual', individual.getInitialState())).not.toHaveProperty(
      'program',
    );
  });
});
