import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Role } from '../../contract/permissions';
import { INVITATION_DAYS, type InvitationBody, type MemberBody } from '../../contract/workspace';
import { recordActivity, type Actor } from '../activity';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';

/**
 * Members of workspaces (migration 028, decision 035). A workspace is an account row
 * (`users`); `workspace_members` says who belongs to it with which role and roster limit.
 */
type Db = Kysely<Database>;

/** The member a request acts as: read on every request, never from the token. */
export interface Member {
  /** The signed-in user's own users.id. */
  userId: string;
  /** The workspace the request acts in (its account id). */
  workspaceId: string;
  role: Role;
  /** The rosters the member is limited to (ids as text), or null: every roster. */
  rosterIds: string[] | null;
}

/** What the auth hook learns in its one query: the user and the membership it picked. */
export interface Resolved {
  userId: string;
  email: string;
  /** The membership in the wanted workspace, else (none wanted, or not a member of it) the
   * last chosen one, else the user's own, else the oldest; undefined: a member of none. */
  member: Member | undefined;
}

/**
 * The user of a subject and their membership in the `wanted` workspace (or the fallback
 * order above): ONE indexed query per request (users by auth_subject, then the user's few
 * memberships by the primary key's prefix).
 */
export async function resolveMember(
  db: Db,
  sub: string,
  wanted: string | undefined,
): Promise<Resolved | undefined> {
  const { rows } = await sql<{
    user_id: string;
    email: string;
    workspace_id: string | null;
    role: Role | null;
    roster_ids: string[] | null;
  }>`
    select u.id as user_id, u.email, m.workspace_id, m.role, m.roster_ids::text[] as roster_ids
    from users u
    left join workspace_members m on m.user_id = u.id
    where u.auth_subject = ${sub}
    order by m.workspace_id = ${wanted ?? null}::uuid desc nulls last,
      m.workspace_id = u.last_workspace_id desc nulls last,
      m.workspace_id = u.id desc,
      m.created_at
    limit 1`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    userId: row.user_id,
    email: row.email,
    member:
      row.workspace_id && row.role
        ? {
            userId: row.user_id,
            workspaceId: row.workspace_id,
            role: row.role,
            rosterIds: row.roster_ids,
          }
        : undefined,
  };
}

/** A new account's own workspace: its user is the owner (in the account's transaction). */
export async function addOwner(trx: Transaction<Database> | Db, userId: string): Promise<void> {
  await trx
    .insertInto('workspace_members')
    .values({ user_id: userId, workspace_id: userId, role: 'owner' })
    .onConflict((conflict) => conflict.columns(['user_id', 'workspace_id']).doNothing())
    .execute();
}

/** The member's current role and limit in a workspace (the live stream's re-check). */
export async function membershipOf(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<{ role: Role; rosterIds: string[] | null } | undefined> {
  const row = await db
    .selectFrom('workspace_members')
    .select(['role', sql<string[] | null>`roster_ids::text[]`.as('roster_ids')])
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row && { role: row.role, rosterIds: row.roster_ids };
}

/**
 * Which of `athleteIds` are on at least one of `rosterIds` (the roster limit of a member),
 * as text: one indexed query (roster_athletes by roster, then athlete).
 * @example const mine = await athletesOnRosters(db, accountId, ['12', '40'], member.rosterIds);
 */
export async function athletesOnRosters(
  db: Db,
  accountId: string,
  athleteIds: readonly (string | number)[],
  rosterIds: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(athleteIds.map(String))].filter((id) => /^\d{1,18}$/.test(id));
  if (unique.length === 0 || rosterIds.length === 0) return new Set();
  const { rows } = await sql<{ athlete_id: string }>`
    select distinct ra.athlete_id::text as athlete_id
    from roster_athletes ra
    where ra.account_id = ${accountId}
      and ra.roster_id = any(${rosterIds}::bigint[])
      and ra.athlete_id = any(${unique}::bigint[])`.execute(db);
  return new Set(rows.map((row) => row.athlete_id));
}

/** The athlete of the account's result or profile `id` (as text), or undefined: none such. */
export async function athleteOf(
  db: Db,
  accountId: string,
  table: 'results' | 'profiles',
  id: number,
): Promise<string | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const { rows } = await sql<{ athlete_id: string }>`
    select athlete_id::text as athlete_id from ${sql.table(table)}
    where account_id = ${accountId} and id = ${String(id)}::bigint`.execute(db);
  return rows[0]?.athlete_id;
}

/** The rosters (ids as text) the account's athlete is on. */
export async function rostersOfAthlete(
  db: Db,
  accountId: string,
  athleteId: number,
): Promise<string[]> {
  if (!Number.isSafeInteger(athleteId) || athleteId < 1) return [];
  const { rows } = await sql<{ roster_id: string }>`
    select roster_id::text as roster_id from roster_athletes
    where account_id = ${accountId} and athlete_id = ${String(athleteId)}::bigint`.execute(db);
  return rows.map((row) => row.roster_id);
}

/** The name the switcher shows: the organisation, else the owner's name, else e-mail. */
const workspaceName = sql<string>`coalesce(
  nullif(w.organisation, ''),
  nullif(trim(w.first_name || ' ' || w.last_name), ''),
  w.email)`;

/** Every workspace of a user, by name. */
export async function workspacesOf(
  db: Db,
  userId: string,
): Promise<{ id: string; name: string; role: Role; rosterIds: number[] | null }[]> {
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as w', 'w.id', 'm.workspace_id')
    .select([
      'm.workspace_id',
      'm.role',
      sql<string[] | null>`m.roster_ids::text[]`.as('roster_ids'),
      workspaceName.as('name'),
    ])
    .where('m.user_id', '=', userId)
    .orderBy('name')
    .orderBy('m.workspace_id')
    .execute();
  return rows.map((row) => ({
    id: row.workspace_id,
    name: row.name,
    role: row.role,
    rosterIds: row.roster_ids?.map(Number) ?? null,
  }));
}

/** Remembers the workspace the user chose; false when they do not belong to it. */
export async function rememberWorkspace(
  db: Db,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ last_workspace_id: workspaceId })
    .where('id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workspace_members')
          .select(sql`1`.as('one'))
          .where('user_id', '=', userId)
          .where('workspace_id', '=', workspaceId),
      ),
    )
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Which of these roster ids are not the workspace's (the roster limit must name its own). */
export async function foreignRosters(
  db: Db,
  workspaceId: string,
  rosterIds: readonly number[],
): Promise<number[]> {
  if (rosterIds.length === 0) return [];
  const found = await db
    .selectFrom('rosters')
    .select('id')
    .where('account_id', '=', workspaceId)
    .where('id', 'in', rosterIds.map(String))
    .execute();
  const known = new Set(found.map((row) => Number(row.id)));
  return rosterIds.filter((id) => !known.has(id));
}

/* ---------- members ---------- */

type MemberRow = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  roster_ids: string[] | null;
  created_at: Date;
};

function toMemberBody(row: MemberRow): MemberBody {
  return {
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    rosterIds: row.roster_ids?.map(Number) ?? null,
    joinedAt: row.created_at.toISOString(),
  };
}

function membersQuery(db: Db, workspaceId: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'm.role',
      sql<string[] | null>`m.roster_ids::text[]`.as('roster_ids'),
      'm.created_at',
    ])
    .where('m.workspace_id', '=', workspaceId);
}

/** Every member: owners first, then coaches, then viewers, each by e-mail. */
export async function listMembers(db: Db, workspaceId: string): Promise<MemberBody[]> {
  const rows = await membersQuery(db, workspaceId)
    .orderBy(sql`case m.role when 'owner' then 0 when 'coach' then 1 else 2 end`)
    .orderBy('u.email')
    .execute();
  return rows.map(toMemberBody);
}

/** Why a change of members is refused (the route answers it: 404 or 409). */
export type MemberRefusal = 'not-found' | 'last-owner';

/** Locks the workspace row: member changes of one workspace happen one at a time. */
async function lockWorkspace(trx: Transaction<Database>, workspaceId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', workspaceId).forUpdate().execute();
}

async function ownerCount(trx: Transaction<Database>, workspaceId: string): Promise<number> {
  const { n } = await trx
    .selectFrom('workspace_members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Sets a member's role and roster limit. The last owner cannot become anything else: the
 * workspace always keeps an owner (the row lock makes two owners' demotions of each other
 * wait for one another). The activity entry (`role_changed`) is written in the change's
 * transaction (decision 036).
 */
export function updateMember(
  db: Db,
  workspaceId: string,
  userId: string,
  change: { role: Role; rosterIds: number[] | null },
  actor: Actor,
): Promise<MemberBody | MemberRefusal> {
  return inTransaction(db, async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const current = await trx
      .selectFrom('workspace_members')
      .select('role')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!current) return 'not-found';
    if (current.role === 'owner' && change.role !== 'owner') {
      if ((await ownerCount(trx, workspaceId)) <= 1) return 'last-owner';
    }
    await trx
      .updateTable('workspace_members')
      .set({
        role: change.role,
        roster_ids: change.rosterIds?.map(String) ?? null,
        updated_at: sql<Date>`now()`,
      })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
    const member = toMemberBody(
      await membersQuery(trx, workspaceId)
        .where('m.user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    );
    await recordMember(trx, workspaceId, actor, 'role_changed', member, {
      role: member.role,
      rosters: await rosterNames(trx, workspaceId, member.rosterIds),
    });
    return member;
  });
}

/**
 * The names of a roster limit's rosters, for the activity log (a coach reads names, not
 * ids); null: every roster.
 */
async function rosterNames(
  trx: Transaction<Database>,
  workspaceId: string,
  rosterIds: readonly number[] | null | undefined,
): Promise<string[] | null> {
  if (!rosterIds || rosterIds.length === 0) return null;
  const rows = await trx
    .selectFrom('rosters')
    .select('name')
    .where('account_id', '=', workspaceId)
    .where('id', 'in', rosterIds.map(String))
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/** A member event in the workspace's activity log, in the change's transaction. */
function recordMember(
  trx: Transaction<Database>,
  workspaceId: string,
  actor: Actor,
  action: 'role_changed' | 'removed' | 'left' | 'joined',
  member: { userId: string; email: string },
  after?: Record<string, unknown>,
): Promise<void> {
  return recordActivity(trx, {
    accountId: workspaceId,
    actor,
    kind: 'member',
    action,
    subjectId: member.userId,
    subjectLabel: member.email,
    after,
  });
}

/**
 * Removes a member (`removed`), or the user leaves (`left`: the actor is the member); the
 * last owner cannot go. The activity entry is written in the same transaction.
 */
export function removeMember(
  db: Db,
  workspaceId: string,
  userId: string,
  actor: Actor,
  action: 'removed' | 'left',
): Promise<'removed' | MemberRefusal> {
  return inTransaction(db, async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const current = await trx
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.role', 'u.email'])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    if (!current) return 'not-found';
    if (current.role === 'owner' && (await ownerCount(trx, workspaceId)) <= 1) {
      return 'last-owner';
    }
    await trx
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('users')
      .set({ last_workspace_id: null })
      .where('id', '=', userId)
      .where('last_workspace_id', '=', workspaceId)
      .execute();
    await recordMember(trx, workspaceId, actor, action, { userId, email: current.email });
    return 'removed';
  });
}

/**
 * Hands the workspace over: `to` becomes an owner, `from` a coach, in one transaction
 * (with its activity entry: `to`'s role_changed).
 */
export function handOver(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
  actor: Actor,
): Promise<MemberBody | 'not-found'> {
  return inTransaction(db, async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const updated = await trx
      .updateTable('workspace_members')
      .set({ role: 'owner', roster_ids: null, updated_at: sql<Date>`now()` })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', to)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return 'not-found';
    if (from !== to) {
      await trx
        .updateTable('workspace_members')
        .set({ role: 'coach', roster_ids: null, updated_at: sql<Date>`now()` })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', from)
        .execute();
    }
    const member = toMemberBody(
      await membersQuery(trx, workspaceId).where('m.user_id', '=', to).executeTakeFirstOrThrow(),
    );
    await recordMember(trx, workspaceId, actor, 'role_changed', member, { role: member.role });
    return member;
  });
}

/* ---------- invitations ---------- */

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type InvitationRow = {
  id: string;
  email: string;
  role: Role;
  roster_ids: string[] | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};

function toInvitationBody(row: InvitationRow, now = new Date()): InvitationBody {
  const status = row.accepted_at
    ? 'accepted'
    : row.revoked_at
      ? 'revoked'
      : row.expires_at <= now
        ? 'expired'
        : 'pending';
  return {
    id: Number(row.id),
    email: row.email,
    role: row.role,
    rosterIds: row.roster_ids?.map(Number) ?? null,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    status,
  };
}

const invitationColumns = [
  'id',
  'email',
  'role',
  sql<string[] | null>`roster_ids::text[]`.as('roster_ids'),
  'created_at',
  'expires_at',
  'accepted_at',
  'revoked_at',
] as const;

export async function listInvitations(db: Db, workspaceId: string): Promise<InvitationBody[]> {
  const rows = await db
    .selectFrom('workspace_invitations')
    .select(invitationColumns)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => toInvitationBody(row));
}

/**
 * Makes an invitation and its token (only its hash is stored; the token goes in the
 * mail), with its activity entry (`invited`). Refused when the address already belongs to
 * a member, or the workspace has `maxMembers` members and pending invitations.
 */
export function createInvitation(
  db: Db,
  values: {
    workspaceId: string;
    email: string;
    role: Role;
    rosterIds: number[] | null;
    invitedBy: string;
    maxMembers: number;
  },
  actor: Actor,
): Promise<{ invitation: InvitationBody; token: string } | 'member' | 'full'> {
  return inTransaction(db, async (trx) => {
    await lockWorkspace(trx, values.workspaceId);
    const member = await trx
      .selectFrom('workspace_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.user_id')
      .where('m.workspace_id', '=', values.workspaceId)
      .where(sql<boolean>`lower(u.email) = lower(${values.email})`)
      .executeTakeFirst();
    if (member) return 'member';
    const { n } = await trx
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('workspace_id', '=', values.workspaceId)
      .executeTakeFirstOrThrow();
    const { p } = await trx
      .selectFrom('workspace_invitations')
      .select((eb) => eb.fn.countAll<string>().as('p'))
      .where('workspace_id', '=', values.workspaceId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    if (Number(n) + Number(p) >= values.maxMembers) return 'full';
    const token = randomBytes(32).toString('base64url');
    const row = await trx
      .insertInto('workspace_invitations')
      .values({
        workspace_id: values.workspaceId,
        email: values.email,
        role: values.role,
        roster_ids: values.rosterIds?.map(String) ?? null,
        token_hash: hashInvitationToken(token),
        invited_by: values.invitedBy,
        expires_at: sql<Date>`now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .returning(invitationColumns)
      .executeTakeFirstOrThrow();
    await recordActivity(trx, {
      accountId: values.workspaceId,
      actor,
      kind: 'member',
      action: 'invited',
      subjectLabel: values.email,
      after: {
        role: values.role,
        rosters: await rosterNames(trx, values.workspaceId, values.rosterIds),
      },
    });
    return { invitation: toInvitationBody(row), token };
  });
}

/**
 * Revokes a pending invitation, with its activity entry (`deleted`); revoking it again,
 * or once used, changes and records nothing. False: no such invitation.
 */
export function revokeInvitation(
  db: Db,
  workspaceId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const found = await trx
      .selectFrom('workspace_invitations')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', String(id))
      .executeTakeFirst();
    if (!found) return false;
    const revoked = await trx
      .updateTable('workspace_invitations')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', String(id))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('email')
      .executeTakeFirst();
    if (revoked) {
      await recordActivity(trx, {
        accountId: workspaceId,
        actor,
        kind: 'member',
        action: 'deleted',
        subjectId: id,
        subjectLabel: `invitation of ${revoked.email}`,
      });
    }
    return true;
  });
}

export type AcceptRefusal = 'unknown' | 'used' | 'revoked' | 'expired' | 'other-email' | 'member';

/**
 * Accepts an invitation: single-use (the update takes it only while pending, so two
 * accepts of one token make one member), for the address it was sent to, before it
 * expires. The user joins with the invitation's role and limit (`joined` in the
 * workspace's activity log, same transaction), and the workspace becomes the one they
 * open next.
 */
export function acceptInvitation(
  db: Db,
  token: string,
  user: { id: string; email: string },
  actor: Actor,
): Promise<{ workspaceId: string } | AcceptRefusal> {
  return inTransaction(db, async (trx) => {
    const invitation = await trx
      .selectFrom('workspace_invitations')
      .select([
        'id',
        'workspace_id',
        'email',
        'role',
        'roster_ids',
        'accepted_at',
        'revoked_at',
        sql<boolean>`expires_at <= now()`.as('expired'),
      ])
      .where('token_hash', '=', hashInvitationToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) return 'unknown';
    if (invitation.accepted_at) return 'used';
    if (invitation.revoked_at) return 'revoked';
    if (invitation.expired) return 'expired';
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) return 'other-email';
    const joined = await trx
      .insertInto('workspace_members')
      .values({
        user_id: user.id,
        workspace_id: invitation.workspace_id,
        role: invitation.role,
        roster_ids: invitation.roster_ids,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'workspace_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!joined) return 'member';
    await trx
      .updateTable('workspace_invitations')
      .set({ accepted_at: sql<Date>`now()`, accepted_by: user.id })
      .where('id', '=', invitation.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ last_workspace_id: invitation.workspace_id })
      .where('id', '=', user.id)
      .execute();
    await recordMember(
      trx,
      invitation.workspace_id,
      actor,
      'joined',
      { userId: user.id, email: user.email },
      { role: invitation.role },
    );
    return { workspaceId: invitation.workspace_id };
  });
}

/** The workspace's name and inviter, for the invitation mail. */
export async function invitationMailFacts(
  db: Db,
  workspaceId: string,
  inviterId: string,
): Promise<{ workspace: string; inviter: string }> {
  const workspace = await db
    .selectFrom('users as w')
    .select(workspaceName.as('name'))
    .where('w.id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const inviter = await db
    .selectFrom('users as w')
    .select(workspaceName.as('name'))
    .where('w.id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return { workspace: workspace.name, inviter: inviter.name };
}

/**
 * Makes a user the owner of their own account row when nobody belongs to it at all: an
 * account made outside the API (the seed, an operator's insert) or before its membership
 * existed. A workspace that has members is never claimed this way (a user who handed
 * their own over and was removed does not get it back). @returns whether it was claimed
 */
export async function claimOrphanWorkspace(db: Db, userId: string): Promise<boolean> {
  const { rows } = await sql<{ user_id: string }>`
    insert into workspace_members (user_id, workspace_id, role)
    select ${userId}::uuid, ${userId}::uuid, 'owner'
    where not exists (select 1 from workspace_members where workspace_id = ${userId}::uuid)
    on conflict do nothing
    returning user_id`.execute(db);
  return rows.length > 0;
}
