import { sql, type Kysely } from 'kysely';
import { MAX_ROSTERS, type RosterBody } from '../../contract/athlete';
import { isStoredId, lockAccount, unknownIds } from '../db/ids';
import type { Database } from '../db/schema';
import { recordActivity, type Actor } from '../activity';

/**
 * Queries on `rosters` and `roster_athletes`. Every one is scoped by the account; a
 * roster of another account is not found. Names are unique per account ignoring case
 * (the `rosters_name` index on `lower(name)`); the roster list is small (MAX_ROSTERS)
 * and sorted here, by a collator, so that "Class of 2026" follows "Class of 2025" and
 * accented names sort among the others.
 */
type Db = Kysely<Database>;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorts by name as a person reads it, then by id (names differ only in case at most). */
export function byName<T extends { id: number; name: string }>(a: T, b: T): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}

interface RosterRow {
  id: string;
  name: string;
  created_at: Date;
  athlete_count: number;
}

function toRosterBody(row: RosterRow): RosterBody {
  return {
    id: Number(row.id),
    name: row.name,
    athleteCount: row.athlete_count,
    createdAt: row.created_at.toISOString(),
  };
}

function rostersWithCounts(db: Db, accountId: string) {
  return db
    .selectFrom('rosters as r')
    .select([
      'r.id',
      'r.name',
      'r.created_at',
      (eb) =>
        eb
          .selectFrom('roster_athletes as ra')
          .select(sql<number>`count(*)::integer`.as('n'))
          .whereRef('ra.roster_id', '=', 'r.id')
          .as('athlete_count'),
    ])
    .where('r.account_id', '=', accountId)
    .$castTo<RosterRow>();
}

/** Every roster of the account, by name, with its number of athletes. */
export async function listRosters(db: Db, accountId: string): Promise<RosterBody[]> {
  const rows = await rostersWithCounts(db, accountId).execute();
  return rows.map(toRosterBody).sort(byName);
}

export async function findRoster(
  db: Db,
  accountId: string,
  id: number,
): Promise<RosterBody | undefined> {
  if (!isStoredId(id)) return undefined;
  const row = await rostersWithCounts(db, accountId)
    .where('r.id', '=', String(id))
    .executeTakeFirst();
  return row && toRosterBody(row);
}

/** The name of the account's roster that `name` clashes with (same name, any case). */
export async function rosterNamed(
  db: Db,
  accountId: string,
  name: string,
  exceptId?: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('rosters')
    .select('name')
    .where('account_id', '=', accountId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', String(exceptId)))
    .executeTakeFirst();
  return row?.name;
}

export type CreateRosterOutcome =
  { ok: true; roster: RosterBody } | { ok: false; clash: string } | { ok: false; full: true };

/**
 * Creates a roster unless the name is taken or the account has MAX_ROSTERS already.
 * The account row is locked for the count, so two creations cannot both pass the
 * limit; the insert skips a name the index finds taken, so a concurrent creation of the
 * same name is a clash, not an error.
 */
export function createRoster(
  db: Db,
  accountId: string,
  name: string,
  actor: Actor,
): Promise<CreateRosterOutcome> {
  return db.transaction().execute(async (trx): Promise<CreateRosterOutcome> => {
    await lockAccount(trx, accountId);
    const { count } = await trx
      .selectFrom('rosters')
      .select(sql<number>`count(*)::integer`.as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (count >= MAX_ROSTERS) return { ok: false, full: true };
    const { rows } = await sql<{ id: string; name: string; created_at: Date }>`
      insert into rosters (account_id, name) values (${accountId}, ${name})
      on conflict (account_id, lower(name)) do nothing
      returning id, name, created_at`.execute(trx);
    const row = rows[0];
    if (!row) return { ok: false, clash: (await rosterNamed(trx, accountId, name)) ?? name };
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'roster',
      action: 'created',
      subjectId: row.id,
      subjectLabel: row.name,
    });
    return { ok: true, roster: toRosterBody({ ...row, athlete_count: 0 }) };
  });
}

/** Renames a roster; false when it is not the account's. A clash throws the unique violation. */
export async function renameRoster(
  db: Db,
  accountId: string,
  id: number,
  name: string,
  actor: Actor,
): Promise<boolean> {
  if (!isStoredId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('rosters')
      .select('name')
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
    if (!old) return false;
    await trx
      .updateTable('rosters')
      .set({ name, updated_at: sql<Date>`now()` })
      .where('id', '=', String(id))
      .execute();
    if (old.name !== name) {
      await recordActivity(trx, {
        accountId,
        actor,
        kind: 'roster',
        action: 'updated',
        subjectId: id,
        subjectLabel: name,
        before: { name: old.name },
        after: { name },
      });
    }
    return true;
  });
}

/** Deletes a roster and its memberships; its athletes stay. False when not the account's. */
export async function deleteRoster(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  if (!isStoredId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('rosters')
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) return false;
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'roster',
      action: 'deleted',
      subjectId: row.id,
      subjectLabel: row.name,
    });
    return true;
  });
}

export type MembersOutcome =
  { ok: true } | { ok: false; notFound: 'roster' } | { ok: false; unknownAthletes: number[] };

/**
 * Adds and removes members in one transaction: every athlete id must be the account's,
 * else nothing changes. Adding a member twice or removing a non-member changes nothing.
 */
export function changeMembers(
  db: Db,
  accountId: string,
  rosterId: number,
  change: { add: number[]; remove: number[] },
  actor: Actor,
): Promise<MembersOutcome> {
  return db.transaction().execute(async (trx): Promise<MembersOutcome> => {
    if (!isStoredId(rosterId)) return { ok: false, notFound: 'roster' };
    // Locked: a concurrent delete of the roster waits, so no membership is added to a ghost.
    const roster = await trx
      .selectFrom('rosters')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', '=', String(rosterId))
      .forUpdate()
      .executeTakeFirst();
    if (!roster) return { ok: false, notFound: 'roster' };
    const unknown = await unknownAthletes(trx, accountId, [...change.add, ...change.remove]);
    if (unknown.length > 0) return { ok: false, unknownAthletes: unknown };
    let removed = 0;
    let added = 0;
    if (change.remove.length > 0) {
      const result = await sql`delete from roster_athletes
        where roster_id = ${roster.id} and athlete_id = any(${change.remove}::bigint[])`.execute(
        trx,
      );
      removed = Number(result.numAffectedRows ?? 0);
    }
    if (change.add.length > 0) {
      const result = await sql`insert into roster_athletes (roster_id, athlete_id, account_id)
        select ${roster.id}, athlete_id, ${accountId}
        from unnest(${change.add}::bigint[]) as t(athlete_id)
        on conflict do nothing`.execute(trx);
      added = Number(result.numAffectedRows ?? 0);
    }
    // One entry for the change, with how many athletes joined and left.
    if (added + removed > 0) {
      await recordActivity(trx, {
        accountId,
        actor,
        kind: 'roster',
        action: 'updated',
        subjectId: roster.id,
        subjectLabel: roster.name,
        count: added + removed,
        after: { athletesAdded: added, athletesRemoved: removed },
      });
    }
    return { ok: true };
  });
}

/** The ids of `ids` that are not athletes of the account, in their first order. */
export const unknownAthletes = (db: Db, accountId: string, ids: readonly number[]) =>
  unknownIds(db, 'athletes', accountId, ids);

/** The ids of `ids` that are not rosters of the account, in their first order. */
export const unknownRosters = (db: Db, accountId: string, ids: readonly number[]) =>
  unknownIds(db, 'rosters', accountId, ids);
