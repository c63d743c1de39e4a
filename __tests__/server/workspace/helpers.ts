import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../../contract/permissions';
import { WORKSPACE_HEADER } from '../../../contract/workspace';
import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { readOutbox } from '../identity/outbox';

/** The token of the last invitation mailed to `email` (DATA_DIR/outbox). */
export async function invitationToken(app: App, email: string): Promise<string> {
  const mails = await readOutbox(app.config.dataDir);
  const mail = mails.reverse().find((m) => m.text.toLowerCase().includes(email.toLowerCase()));
  const token = mail && /\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation mail to ${email}`);
  return token;
}

/** The signed-in user's own address, as GET /api/user answers it. */
export async function emailOf(user: Coach): Promise<string> {
  return (await user.get('/api/user')).json<{ email: string }>().email;
}

/** A request helper of `user` acting in `workspaceId` (the X-Splitline-Workspace header). */
export function inWorkspace(user: Coach, workspaceId: string) {
  const request = (opts: InjectOptions): Promise<LightMyRequestResponse> =>
    user.request({ ...opts, headers: { [WORKSPACE_HEADER]: workspaceId, ...opts.headers } });
  return {
    ...user,
    headers: { ...user.headers, [WORKSPACE_HEADER]: workspaceId },
    request,
    get: (url: string) => request({ url }),
    post: (url: string, payload?: unknown) =>
      request({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    put: (url: string, payload?: unknown) =>
      request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] }),
    del: (url: string) => request({ method: 'DELETE', url }),
  };
}
/** A member: request helpers in the workspace, their own id, and `user` (no header). */
export type Member = ReturnType<typeof inWorkspace> & { userId: string; user: Coach };

/**
 * A new user who joins `owner`'s workspace the real way: the owner invites their
 * address, they read the token from the mail and accept it. Answers their request
 * helpers acting in that workspace.
 */
export async function join(
  app: App,
  owner: Coach,
  role: Role,
  rosterIds: number[] | null = null,
): Promise<Member> {
  const user = await newCoach(app);
  const email = await emailOf(user);
  const invited = await owner.post('/api/member/invitation', { email, role, rosterIds });
  if (invited.statusCode !== 201) throw new Error(`invitation failed: ${invited.body}`);
  const token = await invitationToken(app, email);
  const accepted = await user.post('/api/invitation/accept', { token });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  const userId = (await user.get('/api/user')).json<{ userId: string }>().userId;
  return { ...inWorkspace(user, owner.accountId), userId, user };
}
