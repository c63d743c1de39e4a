import type {
  ChangePasswordBody,
  LogoBody,
  TelemetryPreferenceBody,
  UpdateUserBody,
  UserBody as User,
} from '../../../contract/user';
import { currentUserApi } from '../../lib/api/currentUserApi';
import { accountDataPurged } from '../../lib/session';

export type { User };

/**
 * The signed-in coach's account (spec, section 7). `getUser` is defined in lib/
 * (lib/api/currentUserApi.ts), since every feature reads the member's role from it; these
 * writes are added to it. Saving the profile invalidates `User`, so the user is fetched
 * again after success; a new logo is written into the cached user at once, so the shell
 * shows it without a second call.
 *
 * @example
 * const { data: user } = useGetUserQuery();
 * const [updateUser, { isLoading }] = useUpdateUserMutation();
 * await updateUser({ firstName: 'Ada', lastName: 'Okafor', organisation: 'Lions' }).unwrap();
 */
export const userApi = currentUserApi.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<unknown, UpdateUserBody>({
      query: (body) => ({ url: '/user', method: 'PUT', body }),
      invalidatesTags: ['User'],
    }),
    uploadLogo: build.mutation<LogoBody, File>({
      query: (logo) => {
        const body = new FormData();
        body.append('logo', logo, logo.name);
        return { url: '/user/uploadlogo', method: 'POST', body };
      },
      async onQueryStarted(_logo, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          userApi.util.updateQueryData('getUser', undefined, (user) => {
            user.logoUrl = data.logoUrl;
          }),
        );
      },
    }),
    purgeData: build.mutation<void, void>({
      query: () => ({ url: '/user/purge', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (
          await queryFulfilled.then(
            () => true,
            () => false,
          )
        )
          dispatch(accountDataPurged());
      },
      // Everything the account owned is gone, and its athlete spots may have changed.
      invalidatesTags: ['User', 'Roster', 'Athlete', 'Event', 'Leaderboard', 'ApiKey', 'Profile'],
    }),
    changePassword: build.mutation<void, ChangePasswordBody>({
      query: (body) => ({ url: '/user/password', method: 'POST', body }),
    }),
    /**
     * "Share anonymous usage data": the cached user changes at once (telemetry stops
     * before the server has answered), and back if the server refuses.
     */
    setTelemetryPreference: build.mutation<User, TelemetryPreferenceBody>({
      query: (body) => ({ url: '/user/telemetry', method: 'PUT', body }),
      async onQueryStarted({ optOut }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          userApi.util.updateQueryData('getUser', undefined, (user) => {
            user.telemetryOptOut = optOut;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** The browser's IANA zone: the server counts a profile's testing day in it. */
    saveTimeZone: build.mutation<unknown, { timeZone: string }>({
      query: (body) => ({ url: '/user/time-zone', method: 'PUT', body }),
      // The server re-files the profiles built from results on the new zone's days.
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const {
  useGetUserQuery,
  useUpdateUserMutation,
  useUploadLogoMutation,
  usePurgeDataMutation,
  useChangePasswordMutation,
  useSaveTimeZoneMutation,
  useSetTelemetryPreferenceMutation,
} = userApi;
