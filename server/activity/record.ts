import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ActivityAction, ActivityKind } from '../../contract/activity-constants';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * Who did it, as the request knows it: a signed-in user (`sub`, `email`) or an API key
 * (`apiKeyId`; its name is copied from `api_keys` when the entry is written).
 */
export type Actor =
  | { sub: string; email: string; apiKeyId?: undefined }
  | { sub?: undefined; email?: string; apiKeyId: string };

/**
 * The actor of a request (`request.account` of plugins/auth.ts, typed structurally so
 * that this module imports nothing of the auth hook's).
 * @example recordActivity(trx, { accountId, actor: actorOf(request.account), ... })
 */
export function actorOf(account: { sub: string; email: string; apiKeyId?: string }): Actor {
  return account.apiKeyId === undefined
    ? { sub: account.sub, email: account.email }
    : { apiKeyId: account.apiKeyId };
}

export interface ActivityEntry {
  /** The account (the workspace) whose log it goes to. */
  accountId: string;
  actor: Actor;
  kind: ActivityKind;
  action: ActivityAction;
  /** The athlete's, result's, ... id; none for a batch. */
  subjectId?: string | number | null;
  /** What it is called now ("Ada Okafor"), or SQL that reads it in the same statement. */
  subjectLabel?: string | RawBuilder<string>;
  /** How many things the entry stands for (a batch): 1 by default. */
  count?: number;
  /** A correction's values before and after. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** JSON for a jsonb column, or null. */
const json = (value: Record<string, unknown> | null | undefined) =>
  value ? sql`${JSON.stringify(value)}::jsonb` : sql`null`;

/**
 * Appends one entry to the account's activity log (migration 029): ONE insert. Call it
 * with the transaction of the change (`trx`), so that the entry commits or rolls back
 * with it; a change that writes nothing (a retried batch, an id that is not the
 * account's) records nothing.
 *
 * @example
 * await recordActivity(trx, {
 *   accountId, actor: actorOf(request.account), kind: 'member', action: 'role_changed',
 *   subjectId: memberId, subjectLabel: email, before: { role: 'coach' }, after: { role: 'viewer' },
 * });
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  const { actor } = entry;
  const label = entry.subjectLabel ?? '';
  const keyName =
    actor.apiKeyId === undefined
      ? sql`null`
      : sql`(select k.name from api_keys k where k.id = ${actor.apiKeyId}::bigint)`;
  await sql`
    insert into activity_log (account_id, actor_sub, actor_email, api_key_id, api_key_name,
      kind, action, subject_id, subject_label, item_count, before, after)
    values (${entry.accountId}, ${actor.sub ?? null}, ${actor.email ?? ''},
      ${actor.apiKeyId ?? null}::bigint, ${keyName},
      ${entry.kind}, ${entry.action},
      ${entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId)},
      coalesce((${label})::text, ''), ${Math.max(1, entry.count ?? 1)},
      ${json(entry.before)}, ${json(entry.after)})`.execute(db);
}
