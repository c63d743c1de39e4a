import type { EventBatchBody, EventBatchInput } from '../../../../contract/event';
import { baseApi } from '../../../lib/api';

/**
 * The grid's one write: a typed session as one `POST /api/event` batch (docs/ingest.md:
 * all or nothing, idempotent by `clientId`). A stored batch refreshes the results tables
 * and the leaderboards.
 *
 * @example
 * const [saveSession] = useSaveEntrySessionMutation();
 * const { created } = await saveSession({ items }).unwrap();
 */
export const manualEntryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    saveEntrySession: build.mutation<EventBatchBody, EventBatchInput>({
      query: (body) => ({ url: '/event', method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? ['Event', 'Leaderboard'] : []),
    }),
  }),
});

export const { useSaveEntrySessionMutation } = manualEntryApi;
