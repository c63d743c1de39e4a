import { ROLES, type Role } from '../../../contract/permissions';
import type { InvitationBody } from '../../../contract/workspace';
import type { Roster } from '../../lib/api/referenceApi';
import { fullName } from '../../lib/names';
import { ROLE_NAMES } from '../../lib/permissions';

/** Each role, as the Members page names and explains it (docs/workspaces.md, "Roles"). */
export const ROLE_LABELS: Record<Role, { label: string; does: string; color: string }> = {
  owner: {
    label: ROLE_NAMES.owner,
    does: 'Everything, including members, the Store, API keys and webhooks',
    color: 'gold',
  },
  coach: {
    label: ROLE_NAMES.coach,
    does: 'Athletes, rosters, results, profiles and reports',
    color: 'blue',
  },
  viewer: {
    label: ROLE_NAMES.viewer,
    does: 'Reads everything, including reports, PDFs and TV mode',
    color: 'default',
  },
};

/** The roles for a select or radio group, owner first. */
export const roleOptions = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role].label }));

/** "Ada Okafor", or the e-mail when the member has not filled in a name yet. */
export function memberName(member: { firstName: string; lastName: string; email: string }) {
  return fullName(member).trim() || member.email;
}

/**
 * The rosters of a limit by name, "All rosters" without one. A roster deleted since is
 * named by its id, so the limit still says how many there are.
 *
 * @example
 * rosterNames([3], rosters); // ['Varsity']
 * rosterNames(null, rosters); // ['All rosters']
 */
export function rosterNames(rosterIds: number[] | null, rosters: Roster[] | undefined): string[] {
  if (!rosterIds) return ['All rosters'];
  const byId = new Map((rosters ?? []).map((roster) => [roster.id, roster.name]));
  return rosterIds.map((id) => byId.get(id) ?? `Roster #${id}`);
}

export const STATUS_TAGS: Record<InvitationBody['status'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'processing' },
  accepted: { label: 'Accepted', color: 'success' },
  revoked: { label: 'Withdrawn', color: 'default' },
  expired: { label: 'Expired', color: 'warning' },
};
