import type { LeaderboardBody } from '../../../contract/leaderboard';
import { baseApi } from '../../lib/api';
import { browserTimeZone } from '../../lib/timeZone';
import { leaderboardParams, type LeaderboardFilters } from './leaderboardFiltersSlice';

export type Leaderboard = LeaderboardBody;
export type Board = LeaderboardBody['boards'][number];
export type BoardEntry = Board['entries'][number];

/**
 * `GET /leaderboard` with the spec's query (leaderboardParams). Result writes invalidate
 * `Leaderboard`; the live stream refetches it too (useLiveResults).
 *
 * @example
 * const { data } = useGetLeaderboardQuery(useAppSelector(selectLeaderboardFilters));
 */
export const leaderboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<LeaderboardBody, LeaderboardFilters>({
      // The browser's zone: the dates are the coach's days, as in the results tables.
      query: (filters) => ({
        url: '/leaderboard',
        params: { ...leaderboardParams(filters), tz: browserTimeZone() },
      }),
      providesTags: ['Leaderboard'],
    }),
  }),
});

export const { useGetLeaderboardQuery } = leaderboardApi;
