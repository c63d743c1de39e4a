import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventBody } from '../../contract/event';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { conflict } from '../plugins/http-errors';
import { buildProfiles, type ProfilePair } from '../profile';
import { recordResultDeleted, recordResultEvents } from '../webhook';
import { recordActivity, type Actor } from '../activity';
import type { PreparedEvent } from './prepare';

/**
 * Writes and reads of results (`results` and their denormalised `result_splits`),
 * always scoped by the account.
 */
type Db = Kysely<Database>;

export interface StoredRef {
  id: string;
  implausible: boolean;
}

/** PostgreSQL's codes for a deadlock and a serialization failure: the transaction may be retried. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * `work` in a transaction of its own, retried after a deadlock or serialization failure;
 * in the caller's transaction when `db` is one (once: that transaction is aborted then).
 */
async function withRetry<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return inTransaction(db, work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * Stores results, idempotently by clientId, in one transaction: the rows that are new
 * are inserted (`on conflict (account_id, client_id) do nothing`) with their splits in
 * one statement; for the others the stored row is read. A stored row whose content hash
 * differs means the clientId was reused for another result: 409, nothing written.
 *
 * Concurrent calls with the same clientIds: the second insert waits for the first
 * transaction on the unique index and then skips those rows, and reads them once the
 * first has committed (read committed: each statement sees the latest commits). Rows
 * go in in (recordedAt, clientId) order, so two overlapping batches take their locks in
 * the same order and cannot deadlock each other; a deadlock otherwise (a clientId
 * reused with another time) is retried, and then answers 409.
 * @returns by clientId, the id and flag of each result; `created`: how many were new
 */
export async function storeEvents(
  db: Db,
  accountId: string,
  rows: readonly PreparedEvent[],
  pathOf: (clientId: string) => string,
  actor?: Actor,
): Promise<{ refs: Map<string, StoredRef>; created: number }> {
  const unique = new Map<string, PreparedEvent>();
  for (const row of rows) if (!unique.has(row.clientId)) unique.set(row.clientId, row);
  // Time order keeps the time-ordered indexes appending at their right edge; the
  // clientId breaks ties so that every transaction sorts the same rows the same way.
  const sorted = [...unique.values()].sort(
    (a, b) =>
      a.recordedAt.getTime() - b.recordedAt.getTime() ||
      (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0),
  );
  // Only EAPI results make profiles: any other batch skips the builder and its lock.
  const hasEapi = sorted.some((row) => row.program === 'eapi');
  return withRetry(db, async (trx) => {
    const inserted = await insertRows(trx, accountId, sorted);
    if (hasEapi) await buildEapiProfiles(trx, accountId, sorted, inserted);
    // The outbox, in this transaction: one statement for the batch, nothing without a
    // subscription. Rows stored before (a retried upload) are not new: no event.
    await recordResultEvents(
      trx,
      accountId,
      'result.created',
      inserted.map((row) => row.id),
    );
    // The activity log: ONE entry for the batch with its count (decision 036); none for
    // a retried upload that stored nothing new.
    if (actor && inserted.length > 0) {
      const one = inserted.length === 1 ? inserted[0]!.id : null;
      await recordActivity(trx, {
        accountId,
        actor,
        kind: 'result',
        action: 'created',
        subjectId: one,
        subjectLabel: one === null ? `${inserted.length} results` : resultLabel(one),
        count: inserted.length,
      });
    }
    const refs = new Map<string, StoredRef>(
      inserted.map((row) => [row.client_id, { id: row.id, implausible: row.implausible }]),
    );
    const missing = sorted.filter((row) => !refs.has(row.clientId));
    if (missing.length > 0) {
      const existing = await trx
        .selectFrom('results')
        .select([
          'id',
          'client_id',
          'implausible',
          sql<string | null>`encode(input_hash, 'hex')`.as('hash'),
        ])
        .where('account_id', '=', accountId)
        .where(sql<boolean>`client_id = any(${missing.map((row) => row.clientId)}::text[])`)
        .execute();
      const stored = new Map(existing.map((row) => [row.client_id, row]));
      const reused: string[] = [];
      for (const row of missing) {
        const found = stored.get(row.clientId);
        // Absent: inserted by a transaction that then rolled back; a retry would store it.
        if (!found) throw conflict('Another request was storing these results; send them again.');
        // A null hash is a row not written through the API (the seed): it matches by clientId.
        if (found.hash !== null && found.hash !== row.hash) reused.push(row.clientId);
        refs.set(row.clientId, { id: found.id, implausible: found.implausible });
      }
      if (reused.length > 0) {
        const named = reused
          .slice(0, 5)
          .map((clientId) => `${pathOf(clientId)}clientId "${clientId}"`)
          .join(', ');
        throw conflict(
          `${reused.length} result(s) reuse a clientId already stored with other content (${named}${reused.length > 5 ? ', ...' : ''}). ` +
            'A clientId names one result: send a new result under a new clientId, or correct the stored one with PUT /api/event/{id}. Nothing was stored.',
        );
      }
    }
    return { refs, created: inserted.length };
  });
}

/** Rebuilds the profiles of the (athlete, day) of the EAPI results just inserted. */
async function buildEapiProfiles(
  trx: Transaction<Database>,
  accountId: string,
  rows: readonly PreparedEvent[],
  inserted: readonly { client_id: string }[],
): Promise<void> {
  const byClientId = new Map(rows.map((row) => [row.clientId, row]));
  const pairs: ProfilePair[] = [];
  for (const { client_id } of inserted) {
    const row = byClientId.get(client_id);
    if (row?.program === 'eapi')
      pairs.push({ athleteId: row.athleteId, recordedAt: row.recordedAt });
  }
  await buildProfiles(trx, accountId, pairs);
}

/**
 * PostgreSQL array literals, built here: pg's generic array serialiser escapes every
 * element, the largest cost of a batch on this side. Numbers, booleans, ISO instants,
 * enum values and hex hashes need no quoting; client ids are quoted and escaped.
 */
const literal = {
  numbers: (values: readonly (number | string | null)[]) =>
    `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`,
  booleans: (values: readonly boolean[]) => `{${values.map((v) => (v ? 't' : 'f')).join(',')}}`,
  /** Only for values without quotes, commas, braces, backslashes or spaces. */
  plain: (values: readonly string[]) => `{${values.join(',')}}`,
  text: (values: readonly string[]) =>
    `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
};

/**
 * One statement for the results and their splits, from arrays (`unnest`): the splits
 * join the inserted rows by clientId (byte order: `collate "C"`) and copy their
 * denormalised columns from them.
 */
async function insertRows(
  trx: Transaction<Database>,
  accountId: string,
  rows: readonly PreparedEvent[],
): Promise<{ id: string; client_id: string; implausible: boolean }[]> {
  const col = <T>(pick: (row: PreparedEvent) => T): T[] => rows.map(pick);
  const split = { clientId: [] as string[], mm: [] as number[], ms: [] as number[] };
  for (const row of rows) {
    for (const [mm, ms] of row.splits) {
      split.clientId.push(row.clientId);
      split.mm.push(mm);
      split.ms.push(ms);
    }
  }
  const { rows: inserted } = await sql<{ id: string; client_id: string; implausible: boolean }>`
    with new_results as (
      insert into results (account_id, athlete_id, event_type_id, event_alias_id, lane_id, recorded_at,
        distance_mm, result, program, source, timing_method, client_id, implausible, input_hash)
      select ${accountId}, a, e, al, l, t, d, r, p, s, m, c, i, decode(h, 'hex')
      from unnest(${literal.numbers(col((r) => r.athleteId))}::bigint[],
        ${literal.numbers(col((r) => r.eventTypeId))}::integer[],
        ${literal.numbers(col((r) => r.eventAliasId))}::bigint[],
        ${literal.numbers(col((r) => r.laneId))}::smallint[],
        ${literal.plain(col((r) => r.recordedAt.toISOString()))}::timestamptz[],
        ${literal.numbers(col((r) => r.distanceMm))}::integer[],
        ${literal.numbers(col((r) => r.result))}::integer[],
        ${literal.plain(col((r) => r.program))}::text[],
        ${literal.plain(col((r) => r.source))}::text[],
        ${literal.plain(col((r) => r.timingMethod))}::text[],
        ${literal.text(col((r) => r.clientId))}::text[],
        ${literal.booleans(col((r) => r.implausible))}::boolean[],
        ${literal.plain(col((r) => r.hash))}::text[])
        as x(a, e, al, l, t, d, r, p, s, m, c, i, h)
      on conflict (account_id, client_id) do nothing
      returning id, client_id, athlete_id, event_type_id, distance_mm, lane_id, recorded_at, implausible
    ), new_splits as (
      insert into result_splits (result_id, split_distance_mm, split_ms, account_id, athlete_id,
        event_type_id, distance_mm, lane_id, recorded_at, implausible)
      select n.id, s.mm, s.ms, ${accountId}, n.athlete_id, n.event_type_id, n.distance_mm, n.lane_id,
        n.recorded_at, n.implausible
      from unnest(${literal.text(split.clientId)}::text[], ${literal.numbers(split.mm)}::integer[],
        ${literal.numbers(split.ms)}::integer[]) as s(c, mm, ms)
      join new_results n on n.client_id collate "C" = s.c collate "C"
    )
    select id, client_id, implausible from new_results`.execute(trx);
  return inserted;
}

/**
 * `PUT /api/event/{id}`: replaces the result's fields and splits (its clientId and
 * content hash stay: a device retrying its upload gets this id back, not a 409).
 * @returns false when the account has no such result
 */
export async function replaceEvent(
  db: Db,
  accountId: string,
  id: number,
  row: PreparedEvent,
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('results')
      .select(['id', 'athlete_id', 'recorded_at', 'program'])
      .where('id', '=', String(id))
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) return false;
    const before = await resultSnapshot(trx, found.id);
    // Splits first: the trigger that copies a result's changes into them then has none to update.
    await trx.deleteFrom('result_splits').where('result_id', '=', found.id).execute();
    await trx
      .updateTable('results')
      .set({
        athlete_id: row.athleteId,
        event_type_id: row.eventTypeId,
        event_alias_id: row.eventAliasId,
        lane_id: row.laneId,
        recorded_at: row.recordedAt,
        distance_mm: row.distanceMm,
        result: row.result,
        program: row.program,
        source: row.source,
        timing_method: row.timingMethod,
        implausible: row.implausible,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', found.id)
      .execute();
    if (row.splits.length > 0) {
      await trx
        .insertInto('result_splits')
        .values(
          row.splits.map(([mm, ms]) => ({
            result_id: found.id,
            split_distance_mm: mm,
            split_ms: ms,
            account_id: accountId,
            athlete_id: row.athleteId,
            event_type_id: row.eventTypeId,
            distance_mm: row.distanceMm,
            lane_id: row.laneId,
            recorded_at: row.recordedAt,
            implausible: row.implausible,
          })),
        )
        .execute();
    }
    // The old and the new (athlete, day) when either is an EAPI result: a change of
    // program, athlete or day moves the result from one profile to another.
    const pairs: ProfilePair[] = [];
    if (found.program === 'eapi')
      pairs.push({ athleteId: found.athlete_id, recordedAt: found.recorded_at });
    if (row.program === 'eapi')
      pairs.push({ athleteId: row.athleteId, recordedAt: row.recordedAt });
    await buildProfiles(trx, accountId, pairs);
    await recordResultEvents(trx, accountId, 'result.updated', [found.id]);
    const after = await resultSnapshot(trx, found.id);
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'result',
      action: 'updated',
      subjectId: found.id,
      subjectLabel: snapshotLabel(after),
      before,
      after,
    });
    return true;
  });
}

/**
 * Deletes a result (its splits go with it: cascade) and, for an EAPI result, rebuilds its
 * day's profile in the same transaction.
 * @returns false when the account has no such result
 */
export async function deleteEvent(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await resultSnapshot(trx, String(id), accountId);
    if (!before) return false;
    const deleted = await trx
      .deleteFrom('results')
      .where('id', '=', String(id))
      .where('account_id', '=', accountId)
      .returning(['athlete_id', 'recorded_at', 'program'])
      .executeTakeFirst();
    if (!deleted) return false;
    await recordResultDeleted(trx, accountId, String(id));
    await recordActivity(trx, {
      accountId,
      actor,
      kind: 'result',
      action: 'deleted',
      subjectId: String(id),
      subjectLabel: snapshotLabel(before),
      before,
    });
    if (deleted.program === 'eapi') {
      await buildProfiles(trx, accountId, [
        { athleteId: deleted.athlete_id, recordedAt: deleted.recorded_at },
      ]);
    }
    return true;
  });
}

/** "40 yd Dash · Ada Okafor": a result as the activity log names it, read by SQL (one id). */
const resultLabel = (id: string) => sql<string>`(select t.name || ' · ' ||
    concat_ws(' ', a.first_name, nullif(a.middle_name, ''), a.last_name)
  from results r join event_types t on t.id = r.event_type_id
    join athletes a on a.id = r.athlete_id
  where r.id = ${id}::bigint)`;

/** A result's values as the activity log keeps them before and after a correction. */
export interface ResultSnapshot extends Record<string, unknown> {
  athleteId: number;
  athlete: string;
  eventTypeId: number;
  eventType: string;
  unit: string;
  timeMs: number | null;
  markMm: number | null;
  recordedAt: string;
  distanceMm: number;
  laneId: number | null;
  implausible: boolean;
  splits: { distanceMm: number; timeMs: number }[];
}

/** The result's snapshot (undefined: no such result, of the account when one is given). */
async function resultSnapshot(
  trx: Db,
  id: string,
  accountId?: string,
): Promise<ResultSnapshot | undefined> {
  const { rows } = await sql<{ snapshot: ResultSnapshot }>`
    select jsonb_build_object(
      'athleteId', r.athlete_id,
      'athlete', concat_ws(' ', a.first_name, nullif(a.middle_name, ''), a.last_name),
      'eventTypeId', r.event_type_id, 'eventType', t.name, 'unit', t.unit,
      'timeMs', case when t.unit = 'time' then r.result end,
      'markMm', case when t.unit = 'time' then null else r.result end,
      'recordedAt', to_char(r.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'distanceMm', r.distance_mm, 'laneId', r.lane_id, 'implausible', r.implausible,
      'splits', coalesce((select jsonb_agg(jsonb_build_object('distanceMm', s.split_distance_mm,
          'timeMs', s.split_ms) order by s.split_distance_mm)
        from result_splits s where s.result_id = r.id), '[]'::jsonb)) as snapshot
    from results r join event_types t on t.id = r.event_type_id
      join athletes a on a.id = r.athlete_id
    where r.id = ${id}::bigint ${accountId === undefined ? sql`` : sql`and r.account_id = ${accountId}`}`.execute(
    trx,
  );
  return rows[0]?.snapshot;
}

const snapshotLabel = (snapshot: ResultSnapshot | undefined): string =>
  snapshot ? `${snapshot.eventType} · ${snapshot.athlete}` : '';

/** One result as the API shows it, or undefined when the account has no such result. */
export async function findEvent(
  db: Db,
  accountId: string,
  id: number | string,
): Promise<EventBody | undefined> {
  const row = await db
    .selectFrom('results as r')
    .innerJoin('event_types as t', 't.id', 'r.event_type_id')
    .selectAll('r')
    .select('t.unit')
    .where('r.id', '=', String(id))
    .where('r.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const splits = await db
    .selectFrom('result_splits')
    .select(['split_distance_mm', 'split_ms'])
    .where('result_id', '=', row.id)
    .orderBy('split_distance_mm')
    .execute();
  return {
    id: Number(row.id),
    clientId: row.client_id,
    athleteId: Number(row.athlete_id),
    eventTypeId: row.event_type_id,
    eventAliasId: row.event_alias_id === null ? null : Number(row.event_alias_id),
    laneId: row.lane_id,
    recordedAt: row.recorded_at.toISOString(),
    distanceMm: row.distance_mm,
    timeMs: row.unit === 'time' ? row.result : null,
    markMm: row.unit === 'time' ? null : row.result,
    splits: splits.map((s) => ({ distanceMm: s.split_distance_mm, timeMs: s.split_ms })),
    program: row.program,
    source: row.source,
    timingMethod: row.timing_method,
    implausible: row.implausible,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
