/**
 * The workspace constants the app needs at run time, without the schemas (contract/workspace.ts
 * re-exports them; the app's first-load chunk must not carry typebox).
 */

/** The request header that names the workspace a call acts in (a workspace id, a UUID). */
export const WORKSPACE_HEADER = 'x-splitline-workspace';

/** Invitations can be accepted for this long after they were sent. */
export const INVITATION_DAYS = 7;
