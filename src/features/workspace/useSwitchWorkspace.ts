import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { enterWorkspace, getWorkspaceId } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { homePath } from '../../lib/paths';
import { useChooseWorkspaceMutation, useLeaveWorkspaceMutation } from './workspaceApi';

/**
 * Switches this tab to another of the user's workspaces: the server remembers the choice
 * (the next sign-in opens it), the tab's calls name the new workspace, the cache of the
 * old one is dropped, and the dashboard opens (or `to`, in place of the page with `replace`). The filters follow when `/user` answers.
 * Rejects with the API's error when the server refused (e.g. no longer a member). `leave`
 * leaves the tab's workspace first (a member's choice; its last owner is refused, 409).
 */
export function useSwitchWorkspace() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [choose, { isLoading }] = useChooseWorkspaceMutation();
  const [leaveCurrent] = useLeaveWorkspaceMutation();
  const switchTo = useCallback(
    async (workspaceId: string, { to, replace }: { to?: string; replace?: boolean } = {}) => {
      // The tab already works there: nothing to tell the server, no cache to drop.
      if (workspaceId !== getWorkspaceId()) {
        await choose({ workspaceId }).unwrap();
        dispatch(enterWorkspace(workspaceId));
      }
      await navigate(to ?? homePath, { replace });
    },
    [choose, dispatch, navigate],
  );
  /** Leaves the tab's workspace, then works in `next` (the user's own) as a switch does. */
  const leave = useCallback(
    async (next: string) => {
      await leaveCurrent().unwrap();
      await switchTo(next);
    },
    [leaveCurrent, switchTo],
  );
  return { switchTo, leave, switching: isLoading };
}
