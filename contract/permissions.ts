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
 * How a member limited to some rosters (`rosterIds`) is held to them on a route (decisions
 * 035 and 041). "On their rosters": on at least one of them. 404 where the thing named
 * would be "not found" for another workspace too, so that ids cannot be probed; 403 with a
 * message where the member asks for something outside their rosters.
 * - `none`: the route shows no athlete data (reference lists, the user's own profile);
 * - `query`: a list narrowed by its `rosterId` query parameter, which must name one of
 *   the member's rosters (when absent or "all rosters" and the member has one roster, it
 *   becomes that one; with several, the member is asked to choose: 403);
 * - `athleteQuery`: the query's `athleteId` is on their rosters (else 404) and its
 *   `rosterId`, if named, one of them (else 403): one athlete's history;
 * - `rosterParam`: the path's roster (`rosterId`, or `id` under /roster) is one of the
 *   member's rosters (else 403);
 * - `rosterMembers`: `rosterParam`, and every athlete added or removed is on their
 *   rosters (else 403 naming them);
 * - `athleteParam`: the path's athlete (`id` or `athleteId`) is on their rosters, else 404;
 * - `athleteForm`: an athlete's form (POST, PUT): on PUT the path's athlete is on their
 *   rosters (else 404); the body's `rosterIds` name at least one of their rosters (else
 *   400) and no other roster the athlete is not on already (else 403). The athlete's
 *   memberships of other rosters are kept as they are;
 * - `eventParam`: the path's result is of an athlete on their rosters (else 404), and the
 *   body's `athleteId`, if any, too (else 403);
 * - `profileParam`: the same for the path's profile;
 * - `athleteBody`: every `athleteId` of the body (one, or `items`) is on their rosters
 *   (else 403 naming the others): results sent, a profile typed;
 * - `filtered`: the route holds the member to their rosters in its own queries
 *   (`GET /api/roster` lists theirs, the live stream tells of their athletes' results,
 *   the CSV import writes into their rosters only);
 * - `refused`: not for a limited member (403): creating and deleting rosters (the
 *   program's), the activity log (it spans every roster) and the owner's routes.
 */
export type RosterRule =
  | 'none'
  | 'query'
  | 'athleteQuery'
  | 'rosterParam'
  | 'rosterMembers'
  | 'athleteParam'
  | 'athleteForm'
  | 'eventParam'
  | 'profileParam'
  | 'athleteBody'
  | 'filtered'
  | 'refused';

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
const staffWrite = (roster: RosterRule): RoutePermission => ({ roles: staff, roster });
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
  'POST /api/roster': staffWrite('refused'),
  'PUT /api/roster/{id}': staffWrite('rosterParam'),
  'DELETE /api/roster/{id}': staffWrite('refused'),
  'POST /api/roster/{id}/athlete': staffWrite('rosterMembers'),
  'GET /api/athlete': read('query', 'read'),
  'POST /api/athlete': staffWrite('athleteForm'),
  'GET /api/athlete/{id}': read('athleteParam'),
  'PUT /api/athlete/{id}': staffWrite('athleteForm'),
  'DELETE /api/athlete/{id}': staffWrite('athleteParam'),
  'POST /api/athlete/import': staffWrite('filtered'),
  'GET /api/athlete/import/template': read('none'),
  'GET /api/athlete/export': read('query'),
  // Results, the leaderboard and its live stream.
  'POST /api/event': { roles: staff, roster: 'athleteBody', key: 'write' },
  'GET /api/event': read('query'),
  'PUT /api/event/{id}': staffWrite('eventParam'),
  'DELETE /api/event/{id}': staffWrite('eventParam'),
  'GET /api/event/export': read('query'),
  'GET /api/event/historical': read('athleteQuery'),
  'GET /api/leaderboard': read('query'),
  'GET /api/event/stream': read('filtered'),
  // Profiles and reports.
  'GET /api/profile': read('query'),
  'POST /api/profile': staffWrite('athleteBody'),
  'GET /api/profile/{id}': read('profileParam'),
  'PUT /api/profile/{id}': staffWrite('profileParam'),
  'DELETE /api/profile/{id}': staffWrite('profileParam'),
  'POST /api/profile/{id}/rebuild': staffWrite('profileParam'),
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
