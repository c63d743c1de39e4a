import { useAppSelector } from '../../lib/hooks';
import {
  useListEventTypesQuery,
  useListPositionsQuery,
  useListRostersQuery,
  useListSportsQuery,
} from '../../lib/api/referenceApi';
import { useGetLeaderboardQuery } from './leaderboardApi';
import { selectLeaderboardFilters } from './leaderboardFiltersSlice';

/**
 * The leaderboard's queries (the board and the filter bar's lists), the same hooks and
 * arguments as the page's, asked as soon as the session is found: the route's
 * `handle.requests` (src/app/router.tsx, AccountRequest), beside the account, rather
 * than once the shell and the page have drawn. The page then finds them in flight or
 * answered: a round trip less before the board, and no re-render of the page as each
 * one starts (docs/first-load.md).
 */
export function LeaderboardRequests() {
  useGetLeaderboardQuery(useAppSelector(selectLeaderboardFilters));
  useListEventTypesQuery();
  useListSportsQuery();
  useListPositionsQuery();
  useListRostersQuery();
  return null;
}
