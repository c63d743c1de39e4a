import type {
  HistoricalBody,
  HistoricalResultBody,
  HistoricalSeriesBody,
} from '../../../contract/event-query';
import { baseApi } from '../../lib/api';
import { historicalParams, type HistoricalFilters } from './historicalFiltersSlice';

export type {
  HistoricalBody as History,
  HistoricalResultBody as HistoryResult,
  HistoricalSeriesBody as HistorySeries,
};

/**
 * The browser's IANA time zone ("America/Chicago"), so that the server counts the days
 * of the chart and of `startDate`/`endDate` as the coach's days; undefined when the
 * browser does not say (the server then takes UTC).
 */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

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
