import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi } from './baseApi';
import { setWorkspaceId } from './workspaceBridge';

/**
 * Makes this tab act in `workspaceId` (null: the one the server answers for): its calls
 * name it from now on (workspaceBridge.ts) and the cache of the workspace left is
 * dropped, so that every page asks again (docs/workspaces.md "The workspace of a tab").
 * The one step of a switch and a join; features/workspace/workspaceSaga.ts takes the same steps, as call and
 * put, when a membership is lost.
 * @example dispatch(enterWorkspace(workspace.id));
 */
export const enterWorkspace = (workspaceId: string | null) => (dispatch: Dispatch) => {
  setWorkspaceId(workspaceId);
  dispatch(baseApi.util.resetApiState());
};
