import type { ChooseWorkspaceInput, WorkspaceListBody } from '../../../contract/workspace';
import { baseApi } from '../../lib/api';

/**
 * Choosing the workspace the app works in (issue 34, docs/workspaces.md). The list of the
 * user's workspaces comes with `/user` (`workspaces`); this remembers the choice on the
 * server, so that the next sign-in, on any device, opens it.
 */
export const workspaceApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    chooseWorkspace: build.mutation<WorkspaceListBody, ChooseWorkspaceInput>({
      query: (body) => ({ url: '/workspace/current', method: 'PUT', body }),
    }),
    /** Leaves the tab's workspace (409 for its last owner). */
    leaveWorkspace: build.mutation<void, void>({
      query: () => ({ url: '/workspace/leave', method: 'POST' }),
    }),
  }),
});

export const { useChooseWorkspaceMutation, useLeaveWorkspaceMutation } = workspaceApi;
