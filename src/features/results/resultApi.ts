import type { EventUpdateInput } from '../../../contract/event';
import type { ResultListBody, ResultListItemBody } from '../../../contract/event-query';
import type { ResultVariant } from '../../../contract/event-constants';
import { baseApi, downloadCsv, type QueryParams } from '../../lib/api';
import { toQueryParams } from '../../lib/tableFilters';
import { browserTimeZone } from '../../lib/timeZone';
import { resultListParams, type ResultFilters } from './resultFiltersSlices';

export type Result = ResultListItemBody;
export type ResultList = ResultListBody;

/** A variant's filters as query parameters: empty searches left out, the program added. */
export function resultQuery(variant: ResultVariant, filters: ResultFilters): QueryParams {
  return { ...toQueryParams(resultListParams(variant, filters)), tz: browserTimeZone() };
}

/**
 * The results tables (`GET /event`), their CSV export, and a coach's corrections
 * (`PUT`/`DELETE /event/{id}`), which change boards too.
 *
 * @example
 * const { data } = useListResultsQuery({ variant: 'individual', filters });
 */
export const resultApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listResults: build.query<ResultListBody, { variant: ResultVariant; filters: ResultFilters }>({
      query: ({ variant, filters }) => ({ url: '/event', params: resultQuery(variant, filters) }),
      providesTags: ['Event'],
    }),
    updateResult: build.mutation<unknown, { id: number; input: EventUpdateInput }>({
      query: ({ id, input }) => ({ url: `/event/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['Event', 'Leaderboard'],
    }),
    deleteResult: build.mutation<void, number>({
      query: (id) => ({ url: `/event/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Event', 'Leaderboard'],
    }),
    exportResults: build.mutation<
      { fileName: string },
      { variant: ResultVariant; filters: ResultFilters }
    >({
      queryFn: ({ variant, filters }, { signal }) => {
        const { pageNumber: _page, pageSize: _size, ...params } = resultQuery(variant, filters);
        return downloadCsv(
          { url: '/event/export', params, timeout: 120_000 },
          `results-${variant}.csv`,
          signal,
        );
      },
    }),
  }),
});

export const {
  useListResultsQuery,
  useUpdateResultMutation,
  useDeleteResultMutation,
  useExportResultsMutation,
} = resultApi;
