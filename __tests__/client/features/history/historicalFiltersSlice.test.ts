import {
  filtersChanged,
  filtersCleared,
  historicalFiltersSlice,
  historicalParams,
  initialHistoricalFilters,
} from '../../../../src/features/history/historicalFiltersSlice';
import { persistedSliceKeys } from '../../../../src/app/store';

const { reducer } = historicalFiltersSlice;
const chosen = { ...initialHistoricalFilters, rosterId: 3, athleteId: 12 };

describe('the historical filters', () => {
  it('start with the spec defaults: no athlete, sprints, yards, every split', () => {
    expect(reducer(undefined, { type: 'init' })).toEqual({
      rosterId: null,
      athleteId: null,
      eventTypeId: 1,
      startDate: null,
      endDate: null,
      isMetric: false,
      multiSplitDistance: true,
    });
  });

  it('are persisted', () => {
    expect(persistedSliceKeys).toContain('historicalFilters');
  });

  it('clear the athlete when another roster is chosen', () => {
    expect(reducer(chosen, filtersChanged({ rosterId: 4 }))).toMatchObject({
      rosterId: 4,
      athleteId: null,
    });
    expect(reducer(chosen, filtersChanged({ rosterId: null }))).toMatchObject({
      rosterId: null,
      athleteId: null,
    });
  });

  it('keep the athlete when the roster stays or another filter changes', () => {
    expect(reducer(chosen, filtersChanged({ rosterId: 3 })).athleteId).toBe(12);
    expect(reducer(chosen, filtersChanged({ isMetric: true }))).toMatchObject({
      athleteId: 12,
      isMetric: true,
    });
  });

  it('take a roster and an athlete of it in one change', () => {
    expect(reducer(chosen, filtersChanged({ rosterId: 5, athleteId: 7 }))).toMatchObject({
      rosterId: 5,
      athleteId: 7,
    });
  });

  it('clear back to the defaults but keep who is being looked at', () => {
    const narrowed = { ...chosen, eventTypeId: 5, startDate: '2025-03-01', isMetric: true };
    expect(reducer(narrowed, filtersCleared())).toEqual(chosen);
  });

  it('skip null values in the query', () => {
    expect(historicalParams({ ...initialHistoricalFilters, athleteId: 12 })).toEqual({
      athleteId: '12',
      eventTypeId: '1',
      isMetric: 'false',
      multiSplitDistance: 'true',
    });
  });
});
