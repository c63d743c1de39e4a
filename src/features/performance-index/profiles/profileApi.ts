import type { ProfileBody, ProfileInput, ProfileListBody } from '../../../../contract/profile';
import { baseApi } from '../../../lib/api';
import { toQueryParams } from '../../../lib/tableFilters';
import type { ProfileFilters } from './profileFiltersSlice';

export type Profile = ProfileBody;
export type { ProfileInput };

/**
 * Athlete profiles (`/api/profile`, contract/profile.ts). A profile is built from the
 * day's EAPI results, or typed by hand; its points come from the server. The lists also
 * change when results are written (the server rebuilds the day's profiles) and when an
 * athlete is edited (names, bodyweight), so they provide `Event` and `Athlete` too. Every
 * profile write invalidates `Profile`, which the report endpoints provide as well.
 *
 * @example
 * const { data } = useListProfilesQuery(useAppSelector(selectProfileFilters));
 * await createProfile({ athleteId: 7, testedOn: '2026-03-02', measurements: {} }).unwrap();
 */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listProfiles: build.query<ProfileListBody, ProfileFilters>({
      query: (filters) => ({ url: '/profile', params: toQueryParams(filters) }),
      providesTags: ['Profile', 'Event', 'Athlete'],
    }),
    getProfile: build.query<ProfileBody, number>({
      query: (id) => `/profile/${id}`,
      providesTags: ['Profile', 'Event', 'Athlete'],
    }),
    createProfile: build.mutation<ProfileBody, ProfileInput>({
      query: (body) => ({ url: '/profile', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    updateProfile: build.mutation<ProfileBody, { id: number; input: ProfileInput }>({
      query: ({ id, input }) => ({ url: `/profile/${id}`, method: 'PUT', body: input }),
      invalidatesTags: ['Profile'],
    }),
    deleteProfile: build.mutation<void, number>({
      query: (id) => ({ url: `/profile/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Profile'],
    }),
    /** Back to the day's EAPI results: the profile becomes `results` again and is rebuilt. */
    rebuildProfile: build.mutation<ProfileBody, number>({
      query: (id) => ({ url: `/profile/${id}/rebuild`, method: 'POST' }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useListProfilesQuery,
  useGetProfileQuery,
  useCreateProfileMutation,
  useUpdateProfileMutation,
  useDeleteProfileMutation,
  useRebuildProfileMutation,
} = profileApi;

export { useListRostersQuery, useListRosterAthletesQuery } from '../../../lib/api/referenceApi';
