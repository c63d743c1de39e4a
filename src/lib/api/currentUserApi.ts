import type { UserBody as User } from '../../../contract/user';
import { baseApi } from './baseApi';

export type { User };

/**
 * `GET /api/user`: the signed-in person in the current workspace, with their role and
 * roster limit there. The shell draws its header from it, and every feature reads the
 * role from it to hide or disable what the member may not do (lib/permissions.ts).
 * Features must not import each other, so the read lives here; the account's writes stay
 * in features/account/userApi.ts, which adds them to this api.
 *
 * @example
 * const { data: user } = useGetUserQuery();
 */
export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<User, void>({
      query: () => '/user',
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUserQuery } = currentUserApi;
