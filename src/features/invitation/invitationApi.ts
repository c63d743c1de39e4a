import type { WorkspaceSummaryBody } from '../../../contract/workspace';
import { baseApi } from '../../lib/api';

/**
 * Joining a workspace with the token of an invitation's link (`POST /api/invitation/accept`,
 * contract/workspace.ts). On success the joined workspace becomes the current one
 * (`PUT /api/workspace/current`), so that every later call acts in it; the caller then
 * drops the cache of the workspace left (`baseApi.util.resetApiState()`).
 *
 * @example
 * const [acceptInvitation] = useAcceptInvitationMutation();
 * const workspace = await acceptInvitation(token).unwrap(); // { id, name, role, rosterIds }
 */
export const invitationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptInvitation: build.mutation<WorkspaceSummaryBody, string>({
      async queryFn(token, _api, _extra, baseQuery) {
        const accepted = await baseQuery({
          url: '/invitation/accept',
          method: 'POST',
          body: { token },
        });
        if (accepted.error) return { error: accepted.error };
        const workspace = accepted.data as WorkspaceSummaryBody;
        // The server already remembered the joined workspace as the last one chosen when
        // it accepted; a failure here leaves that in place, so it does not undo the join.
        await baseQuery({
          url: '/workspace/current',
          method: 'PUT',
          body: { workspaceId: workspace.id },
        });
        return { data: workspace };
      },
    }),
  }),
});

export const { useAcceptInvitationMutation } = invitationApi;
