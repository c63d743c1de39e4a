/**
 * Who may call what in a workspace (issue 34, decision 035): ONE table, route x role,
 * plus how a member limited to some rosters is held to them, and which API keys may call
 * the route. The server's central check (server/workspace/guard.ts) reads it on every
 * request of the guarded scope, and a test calls every route of the OpenAPI document as
 * each kind of member and compares the answers with it. The app reads it to hide or
 * disable what the member's role may not do (`mayCall`).
 */

export const ROLES = ['owner', 'coach', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * How a member limited to some rosters (`rosterIds`) is held to them on a route:
 * - `none`: the route shows no athlete data (reference lists, the user's own profile);
 * - `query`: a list narrowed by its `rosterId` query parameter, which must name one of
 *   the member's rosters (when absent or "all rosters" and the member has one roster, it
 *   becomes that one; with several, the member is asked to choose: 403);
 * - `rosterParam`: the path's `rosterId` must be one of the member's rosters (else 403);
 * - `athleteParam`: the path's athlete (`id` or `athleteId`) must be on one of the
 *   member's rosters, else 404 as for an athlete of another workspace;
 * - `eventBody`: every result sent is of an athlete on one of the member's rosters (else 403);
 * - `filtered`: the route itself answers only the member's rosters (`GET /api/roster`;
 *   the live stream tells of their athletes' results only);
 * - `refused`: not narrowed to rosters yet: a limited member is refused (403), so that
 *   nothing outside their rosters is shown or changed.
 */
export type RosterRule =
  'none' | 'query' | 'rosterParam' | 'athleteParam' | 'eventBody' | 'filtered' | 'refused';

export interface RoutePermission {
  /** The roles that may call the route. */
  roles: readonly Role[];
  /** How a roster-limited member is held to their rosters. */
  roster: RosterRule;
  /** API keys that may call it: `read` (every key) or `write` (read-write keys only); absent: none. */
  key?: 'read' | 'write';
  /** Needs a signed-in identity only, no membership (the user's own profile, joining). */
  identity?: true;
}

const owner: readonly Role[] = ['owner'];
const staff: readonly Role[] = ['owner', 'coach'];
const everyone: readonly Role[] = ROLES;

/** The user's own things: any signed-in identity, with or without a workspace. */
const own: RoutePermission = { roles: everyone, roster: 'none', identity: true };
const ownerOnly: RoutePermission = { roles: owner, roster: 'refused' };
const staffWrite: RoutePermission = { roles: staff, roster: 'refused' };
const read = (roster: RosterRule, key?: 'read'): RoutePermission =>
  key ? { roles: everyone, roster, key } : { roles: everyone, roster };

/**
 * Every route of the guarded API, as `METHOD /api/path/{param}` (the OpenAPI document's
 * spelling). A route missing here is refused to everyone but owners (and a test fails).
 * HEAD is checked as GET.
 */
export const PERMISSIONS: Readonly<Record<string, RoutePermission>> = {
  // The user's own profile and sign-in: theirs, whatever workspace they are in.
  'GET /api/user': own,
  'PUT /api/user': own,
  'PUT /api/user/telemetry': own,
  'POST /api/user/verification-email': own,
  'POST /api/user/password': own,
  // The workspace's settings and its data as a whole.
  'DELETE /api/user/purge': ownerOnly,
  'POST /api/user/uploadlogo': ownerOnly,
  'PUT /api/user/time-zone': ownerOnly,
  // Reference data.
  'GET /api/sport': read('none', 'read'),
  'GET /api/position': read('none', 'read'),
  'GET /api/event-type': read('none', 'read'),
  'GET /api/index-reference': read('none'),
  // Rosters and athletes.
  'GET /api/roster': read('filtered', 'read'),
  'POST /api/roster': staffWrite,
  'PUT /api/roster/{id}': staffWrite,
  'DELETE /api/roster/{id}': staffWrite,
  'POST /api/roster/{id}/athlete': staffWrite,
  'GET /api/athlete': read('query', 'read'),
  'POST /api/athlete': staffWrite,
  'GET /api/athlete/{id}': read('athleteParam'),
  'PUT /api/athlete/{id}': staffWrite,
  'DELETE /api/athlete/{id}': staffWrite,
  'POST /api/athlete/import': staffWrite,
  'GET /api/athlete/import/template': read('none'),
  'GET /api/athlete/export': read('query'),
  // Results, the leaderboard and its live stream.
  'POST /api/event': { roles: staff, roster: 'eventBody', key: 'write' },
  'GET /api/event': read('query'),
  'PUT /api/event/{id}': staffWrite,
  'DELETE /api/event/{id}': staffWrite,
  'GET /api/event/export': read('query'),
  'GET /api/event/historical': read('refused'),
  'GET /api/leaderboard': read('query'),
  'GET /api/event/stream': read('filtered'),
  // Profiles and reports.
  'GET /api/profile': read('query'),
  'POST /api/profile': staffWrite,
  'GET /api/profile/{id}': read('refused'),
  'PUT /api/profile/{id}': staffWrite,
  'DELETE /api/profile/{id}': staffWrite,
  'POST /api/profile/{id}/rebuild': staffWrite,
  'GET /api/report/eapi/individual': read('query'),
  'GET /api/report/easi/individual': read('query'),
  'GET /api/report/eapi/team': read('query'),
  'GET /api/report/eapi/team/{rosterId}/{date}': read('rosterParam'),
  'GET /api/report/eapi/team/{rosterId}/{date}/pdf': read('rosterParam'),
  'GET /api/report/eapi/athlete/{athleteId}': read('athleteParam'),
  'GET /api/report/eapi/athlete/{athleteId}/pdf': read('athleteParam'),
  'GET /api/report/easi/athlete/{athleteId}': read('athleteParam'),
  'GET /api/report/easi/athlete/{athleteId}/pdf': read('athleteParam'),
  // The Store, API keys and webhooks: the owner's.
  'GET /api/store': ownerOnly,
  'POST /api/store/order': ownerOnly,
  'GET /api/store/order': ownerOnly,
  'GET /api/store/order/{id}': ownerOnly,
  'GET /api/integration/api-key': ownerOnly,
  'POST /api/integration/api-key': ownerOnly,
  'DELETE /api/integration/api-key/{id}': ownerOnly,
  'GET /api/integration/webhook': ownerOnly,
  'POST /api/integration/webhook': ownerOnly,
  'GET /api/integration/webhook/{id}': ownerOnly,
  'PUT /api/integration/webhook/{id}': ownerOnly,
  'DELETE /api/integration/webhook/{id}': ownerOnly,
  'POST /api/integration/webhook/{id}/pause': ownerOnly,
  'POST /api/integration/webhook/{id}/resume': ownerOnly,
  'POST /api/integration/webhook/{id}/recover': ownerOnly,
  'POST /api/integration/webhook/{id}/test': ownerOnly,
  'GET /api/integration/webhook/{id}/delivery': ownerOnly,
  // Members (the owner's), the user's workspaces and invitations (their own).
  'GET /api/member': ownerOnly,
  'PUT /api/member/{userId}': ownerOnly,
  'DELETE /api/member/{userId}': ownerOnly,
  'POST /api/member/{userId}/ownership': ownerOnly,
  'GET /api/member/invitation': ownerOnly,
  'POST /api/member/invitation': ownerOnly,
  'DELETE /api/member/invitation/{id}': ownerOnly,
  // The activity log: the staff's (it spans every roster, so not a roster-limited member's).
  'GET /api/activity': { roles: staff, roster: 'refused' },
  'GET /api/activity/member': { roles: staff, roster: 'refused' },
  'GET /api/workspace': own,
  'PUT /api/workspace/current': own,
  'POST /api/workspace/leave': { roles: everyone, roster: 'none' },
  'POST /api/invitation/accept': own,
};

/** The table's entry of a route (HEAD as GET); undefined when the route is not in it. */
export function permissionOf(method: string, path: string): RoutePermission | undefined {
  return PERMISSIONS[`${method === 'HEAD' ? 'GET' : method} ${path}`];
}

/** Whether a member of this role (limited to some rosters or not) may call the route. */
export function mayCall(role: Role, limited: boolean, method: string, path: string): boolean {
  const permission = permissionOf(method, path);
  if (!permission) return role === 'owner';
  if (!permission.roles.includes(role)) return false;
  return !(limited && permission.roster === 'refused');
}
