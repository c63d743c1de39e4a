import {
  initialLeaderboardFilters,
  leaderboardFiltersSlice,
  leaderboardParams,
} from '../../../../src/features/leaderboard/leaderboardFiltersSlice';
import { persistedSliceKeys } from '../../../../src/app/store';

const { reducer, actions } = leaderboardFiltersSlice;

describe('leaderboard filters', () => {
  it('default to 5 athletes per board, event type 1, not distinct (spec, section 9)', () => {
    expect(reducer(undefined, { type: 'init' })).toMatchObject({
      athletesPerLeaderboard: 5,
      eventTypeId: 1,
      isDistinct: false,
    });
    expect(persistedSliceKeys).toContain('leaderboardFilters');
  });

  it('always sends athletesPerLeaderboard, eventTypeId and isDistinct, the rest only when set', () => {
    expect(leaderboardParams(initialLeaderboardFilters)).toEqual({
      athletesPerLeaderboard: '5',
      eventTypeId: '1',
      isDistinct: 'false',
    });
    const set = reducer(
      undefined,
      actions.filtersChanged({ distance: 9144, rosterId: 4, laneId: '2', startDate: '2026-11-01' }),
    );
    expect(leaderboardParams(set)).toEqual({
      athletesPerLeaderboard: '5',
      eventTypeId: '1',
      isDistinct: 'false',
      distance: '9144',
      rosterId: '4',
      laneId: '2',
      startDate: '2026-11-01',
    });
  });

  it("forgets the old event type's distance when the type changes", () => {
    const withDistance = reducer(undefined, actions.filtersChanged({ distance: 9144 }));
    expect(reducer(withDistance, actions.filtersChanged({ eventTypeId: 2 })).distance).toBeNull();
    expect(reducer(withDistance, actions.filtersChanged({ eventTypeId: 1 })).distance).toBe(9144);
    expect(
      reducer(withDistance, actions.filtersChanged({ eventTypeId: 2, distance: 4572 })).distance,
    ).toBe(4572);
  });
});
