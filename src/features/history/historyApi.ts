import type {
  HistoricalBody,
  HistoricalResultBody,
  HistoricalSeriesBody,
} from '../../../contract/event-query';
import { baseApi } from '../../lib/api';
import { historicalParams, type HistoricalFilters } from './historicalFiltersSlice';
import { browserTimeZone } from '../../lib/timeZone';

export type {
  HistoricalBody as History,
  HistoricalResultBody as HistoryResult,
  HistoricalSeriesBody as HistorySeries,
};

/** The query string: the filters without their nulls (spec, section 7), and the time zone. */
export function historyQuery(filters: HistoricalFilters): Record<string, string> {
  const tz = browserTimeZone();
  return { ...historicalParams(filters), ...(tz ? { tz } : {}) };
}

/**
 * One athlete's results over time (`GET /api/event/historical`, docs/api-results.md,
 * "History"). Needs `athleteId`: skip the query until one is chosen. New or edited
 * results (tag `Event`) refetch it.
 *
 * @example
 * const filters = useAppSelector(selectHistoricalFilters);
 * const { data } = useGetHistoryQuery(filters, { skip: filters.athleteId === null });
 */
export const historyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHistory: build.query<HistoricalBody, HistoricalFilters>({
      query: (filters) => ({ url: '/event/historical', params: historyQuery(filters) }),
      providesTags: ['Event'],
    }),
  }),
});

export const { useGetHistoryQuery } = historyApi;
