import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import path from 'node:path';
import { IdParams } from '../../contract/common';
import { MessageBody } from '../../contract/errors';
import type { Role } from '../../contract/permissions';
import {
  AcceptInvitationInput,
  ChooseWorkspaceInput,
  InvitationBody,
  InvitationInput,
  InvitationListBody,
  INVITATION_DAYS,
  MAX_MEMBERS,
  MemberBody,
  MemberListBody,
  MemberParams,
  MemberUpdateInput,
  WorkspaceListBody,
  WorkspaceSummaryBody,
} from '../../contract/workspace';
import { actorOf } from '../activity';
import { createMailer } from '../identity';
import { badRequest, conflict, HttpError, notFound } from '../plugins/http-errors';
import { common as commonErrors, done, security } from '../plugins/route-schema';
import { invitationMail } from './mail';
import {
  acceptInvitation,
  createInvitation,
  foreignRosters,
  handOver,
  invitationMailFacts,
  listInvitations,
  listMembers,
  rememberWorkspace,
  removeMember,
  revokeInvitation,
  updateMember,
  workspacesOf,
  type AcceptRefusal,
} from './repository';

const common = { ...commonErrors, 403: MessageBody };

/** The last owner cannot go: 409, the state of the workspace (not the input) is the cause. */
const LAST_OWNER =
  'A workspace keeps at least one owner: make another member an owner (or hand the workspace over) first.';

const ACCEPT_REFUSALS: Record<AcceptRefusal, HttpError> = {
  unknown: notFound('This invitation is not known: ask for a new one.'),
  used: conflict('This invitation was used already: ask for a new one.'),
  revoked: conflict('This invitation was withdrawn: ask for a new one.'),
  expired: conflict(`This invitation expired (after ${INVITATION_DAYS} days): ask for a new one.`),
  'other-email': new HttpError(403, {
    message: 'This invitation was sent to another address: sign in with that address to accept it.',
  }),
  member: conflict('You belong to this workspace already.'),
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The roster limit of a role: owners have none; the rosters must be the workspace's.
 * @returns the limit, or throws a 400 in the `errors` shape
 */
async function rosterLimitOf(
  db: Parameters<typeof foreignRosters>[0],
  workspaceId: string,
  role: Role,
  rosterIds: number[] | null | undefined,
): Promise<number[] | null> {
  const limit = rosterIds ? [...new Set(rosterIds)] : null;
  if (!limit) return null;
  if (role === 'owner') throw badRequest({ rosterIds: ['an owner sees every roster'] });
  const foreign = await foreignRosters(db, workspaceId, limit);
  if (foreign.length > 0) {
    throw badRequest({ rosterIds: [`no such roster in this workspace: ${foreign.join(', ')}`] });
  }
  return limit;
}

/**
 * Members of the workspace (the owner's: invitations, roles, roster limits, removal,
 * handing over), the user's workspaces (the switcher) and accepting an invitation.
 * Who may call which is contract/permissions.ts; the auth hook enforces it.
 */
const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['workspace'];
  const mailer = createMailer({
    smtpUrl: app.config.smtpUrl,
    outboxDir: path.join(app.config.dataDir, 'outbox'),
    from: app.config.mailFrom,
    log: app.log.child({ module: 'workspace' }),
  });

  app.get(
    '/workspace',
    {
      schema: {
        summary: "The user's workspaces, and the one this request acts in",
        tags,
        security,
        response: { 200: WorkspaceListBody, ...common },
      },
    },
    async (request): Promise<WorkspaceListBody> => ({
      items: await workspacesOf(app.db, request.userId),
      currentId: request.member?.workspaceId ?? null,
    }),
  );

  app.put(
    '/workspace/current',
    {
      schema: {
        summary: 'Remember the workspace chosen: calls without the workspace header act in it',
        tags,
        security,
        body: ChooseWorkspaceInput,
        response: { 200: WorkspaceListBody, ...common, 404: MessageBody },
      },
    },
    async (request): Promise<WorkspaceListBody> => {
      const { workspaceId } = request.body;
      if (!(await rememberWorkspace(app.db, request.userId, workspaceId))) {
        throw notFound('You do not belong to this workspace.');
      }
      return { items: await workspacesOf(app.db, request.userId), currentId: workspaceId };
    },
  );

  app.post(
    '/workspace/leave',
    {
      schema: {
        summary: 'Leave the current workspace (its last owner cannot)',
        tags,
        security,
        response: { 204: done, ...common, 409: MessageBody },
      },
    },
    async (request, reply) => {
      const outcome = await removeMember(
        app.db,
        request.account.id,
        request.userId,
        actorOf(request.account),
        'left',
      );
      if (outcome === 'last-owner') throw conflict(LAST_OWNER);
      if (outcome === 'not-found') throw notFound();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/invitation/accept',
    {
      schema: {
        summary: "Join a workspace with an invitation's token (sent to the signed-in address)",
        tags,
        security,
        body: AcceptInvitationInput,
        response: {
          200: WorkspaceSummaryBody,
          ...common,
          404: MessageBody,
          409: MessageBody,
        },
      },
    },
    async (request): Promise<WorkspaceSummaryBody> => {
      const outcome = await acceptInvitation(
        app.db,
        request.body.token,
        { id: request.userId, email: request.account.email },
        actorOf(request.account),
      );
      if (typeof outcome === 'string') throw ACCEPT_REFUSALS[outcome];
      const joined = (await workspacesOf(app.db, request.userId)).find(
        (workspace) => workspace.id === outcome.workspaceId,
      );
      if (!joined) throw new Error('the membership vanished right after it was made');
      return joined;
    },
  );

  app.get(
    '/member',
    {
      schema: {
        summary: "The workspace's members, owners first",
        tags,
        security,
        response: { 200: MemberListBody, ...common },
      },
    },
    async (request): Promise<MemberListBody> => {
      const items = await listMembers(app.db, request.account.id);
      return { items, totalCount: items.length };
    },
  );

  app.put(
    '/member/:userId',
    {
      schema: {
        summary: "Change a member's role and roster limit (the last owner stays an owner)",
        tags,
        security,
        params: MemberParams,
        body: MemberUpdateInput,
        response: { 200: MemberBody, ...common, 404: MessageBody, 409: MessageBody },
      },
    },
    async (request): Promise<MemberBody> => {
      const { role } = request.body;
      const rosterIds = await rosterLimitOf(
        app.db,
        request.account.id,
        role,
        request.body.rosterIds,
      );
      const outcome = await updateMember(
        app.db,
        request.account.id,
        request.params.userId,
        { role, rosterIds },
        actorOf(request.account),
      );
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'last-owner') throw conflict(LAST_OWNER);
      return outcome;
    },
  );

  app.delete(
    '/member/:userId',
    {
      schema: {
        summary: 'Remove a member: their next request is refused (the last owner stays)',
        tags,
        security,
        params: MemberParams,
        response: { 204: done, ...common, 404: MessageBody, 409: MessageBody },
      },
    },
    async (request, reply) => {
      const outcome = await removeMember(
        app.db,
        request.account.id,
        request.params.userId,
        actorOf(request.account),
        'removed',
      );
      if (outcome === 'not-found') throw notFound();
      if (outcome === 'last-owner') throw conflict(LAST_OWNER);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/member/:userId/ownership',
    {
      schema: {
        summary: 'Hand the workspace over: the member becomes an owner, the caller a coach',
        tags,
        security,
        params: MemberParams,
        response: { 200: MemberBody, ...common, 404: MessageBody },
      },
    },
    async (request): Promise<MemberBody> => {
      const outcome = await handOver(
        app.db,
        request.account.id,
        request.userId,
        request.params.userId,
        actorOf(request.account),
      );
      if (outcome === 'not-found') throw notFound();
      return outcome;
    },
  );

  app.get(
    '/member/invitation',
    {
      schema: {
        summary: "The workspace's invitations, newest first (the last 100)",
        tags,
        security,
        response: { 200: InvitationListBody, ...common },
      },
    },
    async (request): Promise<InvitationListBody> => ({
      items: await listInvitations(app.db, request.account.id),
    }),
  );

  app.post(
    '/member/invitation',
    {
      schema: {
        summary: `Invite by e-mail (single-use, expires after ${INVITATION_DAYS} days)`,
        tags,
        security,
        body: InvitationInput,
        response: { 201: InvitationBody, ...common, 409: MessageBody },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (!EMAIL.test(email)) throw badRequest({ email: ['must be an e-mail address'] });
      const { role } = request.body;
      const rosterIds = await rosterLimitOf(
        app.db,
        request.account.id,
        role,
        request.body.rosterIds,
      );
      const made = await createInvitation(
        app.db,
        {
          workspaceId: request.account.id,
          email,
          role,
          rosterIds,
          invitedBy: request.userId,
          maxMembers: MAX_MEMBERS,
        },
        actorOf(request.account),
      );
      if (made === 'member') throw conflict('This address belongs to a member already.');
      if (made === 'full') {
        throw conflict(
          `A workspace has at most ${MAX_MEMBERS} members and pending invitations; remove one first.`,
        );
      }
      const facts = await invitationMailFacts(app.db, request.account.id, request.userId);
      await mailer.send(
        invitationMail({
          to: email,
          role,
          ...facts,
          link: `${app.config.publicUrl}/invitation/${made.token}`,
        }),
      );
      return reply.code(201).send(made.invitation);
    },
  );

  app.delete(
    '/member/invitation/:id',
    {
      schema: {
        summary: 'Withdraw an invitation (its link stops working)',
        tags,
        security,
        params: IdParams,
        response: { 204: done, ...common, 404: MessageBody },
      },
    },
    async (request, reply) => {
      const { account } = request;
      if (!(await revokeInvitation(app.db, account.id, request.params.id, actorOf(account)))) {
        throw notFound();
      }
      return reply.code(204).send(null);
    },
  );
};

export default workspaceRoutes;
