import type { WorkspaceSummaryBody } from '../../../contract/workspace';
import { baseApi } from '../../lib/api';

/**
 * Joining a workspace with the token of an invitation's link (`POST /api/invitation/accept`,
 * contract/workspace.ts). The server makes the joined workspace the one remembered for the
 * next sign-in as it accepts; the caller then enters it in this tab (`enterWorkspace`).
 *
 * @example
 * const [acceptInvitation] = useAcceptInvitationMutation();
 * const workspace = await acceptInvitation(token).unwrap(); // { id, name, role, rosterIds }
 */
export const invitationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptInvitation: build.mutation<WorkspaceSummaryBody, string>({
      query: (token) => ({ url: '/invitation/accept', method: 'POST', body: { token } }),
    }),
  }),
});

export const { useAcceptInvitationMutation } = invitationApi;
