import { createApi } from '@reduxjs/toolkit/query/react';
import { kyBaseQuery } from './kyBaseQuery';

/**
 * The app's one RTK Query api. It defines no endpoints: each feature adds its own with
 * `baseApi.injectEndpoints`, and tags tie their caches together.
 *
 * @example
 * export const userApi = baseApi.injectEndpoints({
 *   endpoints: (build) => ({ getUser: build.query<User, void>({ query: () => '/user', providesTags: ['User'] }) }),
 * });
 */
/** Every tag type of the cache (tabSync.ts invalidates them all). */
export const TAG_TYPES = [
  'User',
  'Roster',
  'Athlete',
  'Event',
  'Leaderboard',
  'ApiKey',
  'Profile',
  'Store',
  'Order',
  'Webhook',
  'WebhookDelivery',
  'Member',
  'Invitation',
] as const;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: kyBaseQuery(),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
