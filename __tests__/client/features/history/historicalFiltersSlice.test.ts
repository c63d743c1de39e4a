import {
  historicalFiltersSlice,
  historicalParams,
} from '../../../../src/features/history/historicalFiltersSlice';
import { persistedSliceKeys } from '../../../../src/app/store';

const { reducer, actions } = historicalFiltersSlice;

describe('historical filters', () => {
  it('start in yards and are persisted', () => {
    expect(reducer(undefined, { type: 'init' }).isMetric).toBe(false);
    expect(persistedSliceKeys).toContain('historicalFilters');
  });

  it('skip null values in the query', () => {
    const state = reducer(undefined, actions.filtersChanged({ rosterId: 3, athleteId: 12 }));
    expect(historicalParams(state)).toEqual({
      rosterId: '3',
      athleteId: '12',
      eventTypeId: '1',
      isMetric: 'false',
      multiSplitDistance: 'true',
    });
  });

  it('clears the athlete when another roster is chosen', () => {
    const chosen = reducer(undefined, actions.filtersChanged({ rosterId: 3, athleteId: 12 }));
    expect(reducer(chosen, actions.filtersChanged({ rosterId: 4 })).athleteId).toBeNull();
    expect(reducer(chosen, actions.filtersChanged({ rosterId: 3 })).athleteId).toBe(12);
  });
});
