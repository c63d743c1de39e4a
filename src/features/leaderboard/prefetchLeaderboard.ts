import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { referenceApi } from '../../lib/api/referenceApi';
import type { AppRootState } from '../../lib/hooks';
import { leaderboardApi } from './leaderboardApi';
import { selectLeaderboardFilters } from './leaderboardFiltersSlice';

/**
 * What the leaderboard asks for first, through the API slice: the board with the saved
 * filters (the page's own selector, so the same cache entry) and the filter bar's four
 * lists. The route's prefetch (`handle.prefetch`, src/app/router.tsx), dispatched as
 * soon as the session is found, beside the account (AccountRequest): the page, drawn
 * once the account is in, finds them in flight or answered.
 *
 * @example
 * store.dispatch(prefetchLeaderboard);
 */
export const prefetchLeaderboard: ThunkAction<void, AppRootState, unknown, UnknownAction> = (
  dispatch,
  getState,
) => {
  const filters = selectLeaderboardFilters(getState());
  dispatch(leaderboardApi.util.prefetch('getLeaderboard', filters, {}));
  for (const list of ['listEventTypes', 'listSports', 'listPositions', 'listRosters'] as const)
    dispatch(referenceApi.util.prefetch(list, undefined, {}));
};
