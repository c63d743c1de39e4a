import { Type, type Static } from 'typebox';
import { Id, Line, literals, Nullable } from './common';
import { ROLES } from './permissions';

/**
 * Team workspaces (issue 34, docs/workspaces.md): a workspace (the program) owns the data;
 * its members are users with a role and, optionally, a limit to some rosters. A request
 * names its workspace with the `X-Splitline-Workspace` header (the workspace id); without
 * it, the user's last chosen workspace (`PUT /api/workspace/current`), else their own.
 */

export { INVITATION_DAYS, WORKSPACE_HEADER } from './workspace-constants';
/** At most this many members (and pending invitations) per workspace. */
export const MAX_MEMBERS = 200;

const Instant = Type.String({ format: 'date-time' });
const Uuid = Type.String({ format: 'uuid' });
export const RoleSchema = literals(ROLES, { description: 'owner, coach or viewer' });
/** null: every roster; a list: only these rosters' athletes and their results. */
export const RosterLimit = Nullable(Type.Array(Id, { minItems: 1, maxItems: 100 }));

/** A workspace the user belongs to, for the switcher. */
export const WorkspaceSummaryBody = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The workspace (account) id.' }),
    name: Type.String({
      description: "The program's name (its owner's organisation, else their name or e-mail).",
    }),
    role: RoleSchema,
    rosterIds: RosterLimit,
  },
  { title: 'WorkspaceSummary' },
);
export type WorkspaceSummaryBody = Static<typeof WorkspaceSummaryBody>;

/** `GET /api/workspace`: the user's workspaces, and the one this request acts in. */
export const WorkspaceListBody = Type.Object(
  {
    items: Type.Array(WorkspaceSummaryBody),
    currentId: Nullable(Type.String({ format: 'uuid' })),
  },
  { title: 'WorkspaceList' },
);
export type WorkspaceListBody = Static<typeof WorkspaceListBody>;

/** `PUT /api/workspace/current`: remember the workspace chosen (the next sign-in opens it). */
export const ChooseWorkspaceInput = Type.Object(
  { workspaceId: Uuid },
  { title: 'ChooseWorkspaceInput', additionalProperties: false },
);
export type ChooseWorkspaceInput = Static<typeof ChooseWorkspaceInput>;

/** One member of the workspace. */
export const MemberBody = Type.Object(
  {
    userId: Type.String({ format: 'uuid' }),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    role: RoleSchema,
    rosterIds: RosterLimit,
    joinedAt: Instant,
  },
  { title: 'Member' },
);
export type MemberBody = Static<typeof MemberBody>;

/** `GET /api/member`: every member, owners first, then by e-mail (not paged: MAX_MEMBERS). */
export const MemberListBody = Type.Object(
  { items: Type.Array(MemberBody), totalCount: Type.Integer() },
  { title: 'MemberList' },
);
export type MemberListBody = Static<typeof MemberListBody>;

/** `PUT /api/member/{userId}`: the role and roster limit (owners have no limit). */
export const MemberUpdateInput = Type.Object(
  { role: RoleSchema, rosterIds: Type.Optional(RosterLimit) },
  { title: 'MemberUpdateInput', additionalProperties: false },
);
export type MemberUpdateInput = Static<typeof MemberUpdateInput>;

export const MemberParams = Type.Object({ userId: Uuid });
export type MemberParams = Static<typeof MemberParams>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

/** An invitation by e-mail (its token is only in the mail). */
export const InvitationBody = Type.Object(
  {
    id: Id,
    email: Type.String(),
    role: RoleSchema,
    rosterIds: RosterLimit,
    createdAt: Instant,
    expiresAt: Instant,
    status: literals(INVITATION_STATUSES),
  },
  { title: 'Invitation' },
);
export type InvitationBody = Static<typeof InvitationBody>;

/** `GET /api/member/invitation`: the workspace's invitations, newest first (the last 100). */
export const InvitationListBody = Type.Object(
  { items: Type.Array(InvitationBody) },
  { title: 'InvitationList' },
);
export type InvitationListBody = Static<typeof InvitationListBody>;

/** `POST /api/member/invitation`: who, with which role and roster limit. */
export const InvitationInput = Type.Object(
  {
    email: Line({ minLength: 3, maxLength: 254 }),
    role: RoleSchema,
    rosterIds: Type.Optional(RosterLimit),
  },
  { title: 'InvitationInput', additionalProperties: false },
);
export type InvitationInput = Static<typeof InvitationInput>;

/** `POST /api/invitation/accept`: the token of the mail's link (`/invitation/<token>`). */
export const AcceptInvitationInput = Type.Object(
  { token: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }) },
  { title: 'AcceptInvitationInput', additionalProperties: false },
);
export type AcceptInvitationInput = Static<typeof AcceptInvitationInput>;
