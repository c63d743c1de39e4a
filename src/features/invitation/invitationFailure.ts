import { describeFailure } from '../../components/serverErrors';

/** What the invitee can do about a refusal. */
export type FailureKind =
  /** The invitation cannot be used (unknown, expired, used, withdrawn): ask for a new one. */
  | 'askAgain'
  /** Sent to another address than the signed-in one: sign in with that one. */
  | 'otherAddress'
  /** Already a member of the workspace: nothing to join. */
  | 'member'
  /** The server could not be reached or failed: the same link may work in a moment. */
  | 'retry'
  /** Not a whole invitation link (cut by a mail client, copied in part). */
  | 'incomplete';

export interface InvitationFailure {
  kind: FailureKind;
  title: string;
  /** The server's own words when it sent some. */
  message: string;
}

/** The shape of the link's token (contract/workspace.ts `AcceptInvitationInput`). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a token can be an invitation's at all (a mail client may cut a long link). */
export const isWellFormedToken = (token: string) => TOKEN.test(token);

/** A link that cannot be an invitation's: not worth asking the server. */
export const brokenLink: InvitationFailure = {
  kind: 'incomplete',
  title: 'This invitation link is incomplete',
  message:
    'The address is not a whole invitation link. Open the link from the invitation e-mail again, or copy all of it into the address bar.',
};

/** 409 answers of `POST /api/invitation/accept` (server/workspace/routes.ts), by their words. */
const CONFLICTS: Array<[RegExp, Omit<InvitationFailure, 'message'>]> = [
  [/belong to this workspace already/i, { kind: 'member', title: 'You are already a member' }],
  [/expired/i, { kind: 'askAgain', title: 'This invitation expired' }],
  [/withdrawn/i, { kind: 'askAgain', title: 'This invitation was withdrawn' }],
  [/used already/i, { kind: 'askAgain', title: 'This invitation was used already' }],
];

/**
 * What a failed acceptance means for the invitee: 404 unknown, 409 expired / used /
 * withdrawn / already a member, 403 another address, 400 a malformed token; anything
 * else (offline, 5xx) may pass.
 *
 * @example
 * invitationFailure({ status: 403, data: { message: 'This invitation was sent to another address: …' } });
 * // { kind: 'otherAddress', title: 'This invitation is for another address', message: '…' }
 */
export function invitationFailure(error: unknown): InvitationFailure {
  const status = (error as { status?: unknown } | null)?.status;
  const message = describeFailure(error);
  if (status === 403)
    return { kind: 'otherAddress', title: 'This invitation is for another address', message };
  if (status === 404) return { kind: 'askAgain', title: 'This invitation is not known', message };
  if (status === 400) return brokenLink;
  if (status === 409) {
    const known = CONFLICTS.find(([words]) => words.test(message))?.[1];
    return { ...(known ?? { kind: 'askAgain', title: 'This invitation cannot be used' }), message };
  }
  return { kind: 'retry', title: 'You have not joined yet', message };
}
