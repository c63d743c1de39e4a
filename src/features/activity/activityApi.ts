import type { ActivityListBody, ActivityMemberListBody } from '../../../contract/activity';
import { baseApi } from '../../lib/api';
import { toQueryParams } from '../../lib/tableFilters';
import { browserTimeZone } from '../../lib/timeZone';
import type { ActivityFilters } from './activityFiltersSlice';

/**
 * The activity log (`/api/activity`, contract/activity.ts). Every write of the app may add
 * an entry, so the log provides the tags of everything it records: a write elsewhere
 * refetches it. Days are the browser's (`tz`).
 */
export const activityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listActivity: build.query<ActivityListBody, ActivityFilters>({
      query: (filters) => ({
        url: '/activity',
        params: { ...toQueryParams(filters), tz: browserTimeZone() },
      }),
      providesTags: ['Athlete', 'Roster', 'Event', 'Profile', 'ApiKey', 'Webhook'],
    }),
    listActivityMembers: build.query<ActivityMemberListBody, void>({
      query: () => '/activity/member',
      providesTags: ['Athlete', 'Roster', 'Event', 'Profile', 'ApiKey', 'Webhook'],
    }),
  }),
});

export const { useListActivityMembersQuery } = activityApi;
