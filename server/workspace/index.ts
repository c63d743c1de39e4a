/**
 * Team workspaces (decision 035): what the rest of the server may use. The auth hook
 * resolves the member of each request (`resolveMember`), new accounts own themselves
 * (`addOwner`), the live stream re-checks a membership (`membershipOf`) and narrows a
 * limited member's results (`athletesOnRosters`), `/api/user` lists the user's
 * workspaces (`workspacesOf`), and api.ts adds the roster limit's check.
 */
export {
  addOwner,
  athletesOnRosters,
  claimOrphanWorkspace,
  membershipOf,
  resolveMember,
  workspacesOf,
  type Member,
  type Resolved,
} from './repository';
export { API_KEY_ROUTES, rosterLimit } from './guard';
export { default as workspaceRoutes } from './routes';
