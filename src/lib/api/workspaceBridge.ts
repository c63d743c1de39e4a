import { WORKSPACE_HEADER } from '../../../contract/workspace-constants';

/**
 * The workspace this tab acts in (issue 34, docs/workspaces.md): every API call names it
 * with the `X-Splitline-Workspace` header, so a switch made in another tab (which moves
 * the server's "last chosen") never mixes a second workspace's answers into this tab's
 * cache. Pinned from the first `/user` answer, kept in sessionStorage (a reload keeps
 * this tab's workspace, a new tab opens the last chosen), forgotten on sign-out.
 */

const KEY = 'splitline.workspace';

let pinned: string | null = read();

function read(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** The workspace this tab acts in, or null before the first `/user` answer. */
export function getWorkspaceId(): string | null {
  return pinned;
}

/** Pins the workspace of this tab's calls (null: let the server choose, the last chosen). */
export function setWorkspaceId(id: string | null): void {
  pinned = id;
  try {
    if (id) sessionStorage.setItem(KEY, id);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Private mode: the pin lives as long as the page.
  }
}

/** The header naming a workspace: `workspaceId` when given, else this tab's. */
export function workspaceHeader(workspaceId?: string | null): Record<string, string> {
  const id = workspaceId ?? pinned;
  return id ? { [WORKSPACE_HEADER]: id } : {};
}
