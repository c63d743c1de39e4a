import { useCallback, useMemo } from 'react';
import { mayCall, permissionOf, type Role } from '../../contract/permissions';
import { useGetUserQuery, type User } from './api/currentUserApi';
import { splitCall, type ApiCall, type ApiMethod } from './apiCall';

export { splitCall, type ApiCall, type ApiMethod };

/** Whether the signed-in member may make a call, and why not. */
export interface Permission {
  /** The server would let the call through (as far as the role and roster limit go). */
  allowed: boolean;
  /** Why not, one or two short sentences for a tooltip; null when allowed or pending. */
  reason: string | null;
  /** The user is still loading: neither allowed nor refused yet. Show no enabled control. */
  pending: boolean;
}

/** The member's place in the current workspace, as `GET /api/user` says it. */
export interface Membership {
  role: Role | null;
  /** Limited to some rosters (`rosterIds` is a list). */
  limited: boolean;
  /** The workspace's name, for "Ask an owner of <workspace>". */
  workspace: string;
}

/** Each role's name, as the app shows it (docs/workspaces.md, "Roles"). */
export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  coach: 'Coach',
  viewer: 'Viewer',
};

const pending: Permission = { allowed: false, reason: null, pending: true };
const granted: Permission = { allowed: true, reason: null, pending: false };

/** The membership `GET /api/user` describes. */
export function membershipOf(user: User): Membership {
  const current = user.workspaces.find(({ id }) => id === user.id);
  return {
    role: user.role,
    limited: user.rosterIds !== null,
    workspace: current?.name || 'this workspace',
  };
}

function refusal(member: Membership, method: string, path: string, action: string): string {
  const { role, workspace } = member;
  if (!role) return `You are not a member of ${workspace}.`;
  // A route missing from the table is the owners' alone (mayCall).
  const roles = permissionOf(method, path)?.roles ?? ['owner'];
  if (!roles.includes(role)) {
    if (roles.includes('coach'))
      return `Viewers can't ${action}. Ask an owner of ${workspace} for the coach role.`;
    return `Only an owner of ${workspace} can ${action}.`;
  }
  return `You can't ${action} while limited to some rosters. Ask an owner of ${workspace} for access to every roster.`;
}

/**
 * Whether a member may make a call, by the one permissions table (contract/permissions.ts,
 * `mayCall`): no rule is repeated here. `action` says what the control does, for the
 * reason ("add athletes" → "Viewers can't add athletes. Ask an owner of … for the coach
 * role.").
 *
 * @example
 * permissionFor({ role: 'coach', limited: false, workspace: 'Lions' }, 'GET /api/store', 'open the Store');
 * // { allowed: false, reason: 'Only an owner of Lions can open the Store.', pending: false }
 */
export function permissionFor(member: Membership, call: ApiCall, action = 'do this'): Permission {
  const [method, path] = splitCall(call);
  const allowed = member.role
    ? mayCall(member.role, member.limited, method, path)
    : permissionOf(method, path)?.identity === true;
  return allowed
    ? granted
    : { allowed: false, reason: refusal(member, method, path, action), pending: false };
}

/** Checks calls for the signed-in member: `check(call, action)`. */
export type PermissionCheck = (call: ApiCall, action?: string) => Permission;

/**
 * The signed-in member's permission check, for several calls at once (the side menu); one
 * call: `useMayCall`. From `GET /api/user` (the role and roster limit in the current
 * workspace). While the user loads, every call is `pending` (not allowed, no reason), so
 * that no control shows enabled and then turns off. When the user could not be read at
 * all (offline: the app started without a network), every call is allowed: the server
 * decides and says why, and Manual Entry keeps working on the field (docs/offline.md).
 *
 * @example
 * const check = usePermissions();
 * const items = entries.filter(({ call }) => check(call).allowed);
 */
export function usePermissions(): PermissionCheck {
  // `error` stays while a failed read is asked again: no flicker to pending meanwhile.
  const { data: user, error } = useGetUserQuery();
  const member = useMemo(() => (user ? membershipOf(user) : null), [user]);
  const failed = error !== undefined;
  return useCallback<PermissionCheck>(
    (call, action) => {
      if (member) return permissionFor(member, call, action);
      return failed ? granted : pending;
    },
    [member, failed],
  );
}

/**
 * Whether the signed-in member may make this call, and why not (see `usePermissions`).
 * Controls use `<Permitted>` (components/Permitted.tsx), which renders them disabled with
 * the reason, or hides them.
 *
 * @example
 * const { allowed } = useMayCall('DELETE', '/api/athlete/{id}', 'delete athletes');
 * const columns = allowed ? [...athleteColumns, actions] : athleteColumns;
 */
export function useMayCall(method: ApiMethod, path: string, action?: string): Permission {
  const check = usePermissions();
  return useMemo(
    () => check(`${method} ${path}` as ApiCall, action),
    [check, method, path, action],
  );
}
