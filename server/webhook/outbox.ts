import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { WebhookEventType } from '../../contract/webhook';
import type { Database } from '../db/schema';

/**
 * The outbox: events written in the transaction of the change they announce (pass the
 * transaction as `trx`), so a change that rolls back announces nothing and one that
 * commits is never lost. Result events are thin (the result's id; the payload frozen at
 * fan-out); the others carry their payload from the start. The worker (worker.ts) then makes one delivery per event and
 * subscription. An account without a subscription to the type writes nothing.
 */
type Db = Kysely<Database>;

/**
 * Whether a subscription of the account takes the type, whatever its status: a paused one
 * gets its deliveries made and sent on resume; a disabled one gets none (fan-out skips
 * it), but the event is kept (keepDays) for its resume or `recover` to send (issue 31:
 * what happened while a webhook was disabled was lost for good).
 */
const wants = (accountId: string, type: string) => sql<boolean>`exists (
  select 1 from webhook_subscriptions w
  where w.account_id = ${accountId} and ${type} = any(w.events))`;

/** Whether the account has a subscription that takes events of `type`. */
export async function wantsEvents(
  trx: Db,
  accountId: string,
  type: WebhookEventType,
): Promise<boolean> {
  const { rows } = await sql<{ yes: boolean }>`select ${wants(accountId, type)} as yes`.execute(
    trx,
  );
  return rows[0]?.yes === true;
}

/** An instant as the API writes it (`Date.toISOString()`): UTC with milliseconds. */
const iso = (column: RawBuilder<unknown>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A result (alias `r`, its event type `t`) as GET /api/event/{id} shows it: built by the
 * worker's fan-out (queue.ts), not at write time.
 */
export const resultPayload = sql<unknown>`jsonb_build_object(
  'id', r.id, 'clientId', r.client_id, 'athleteId', r.athlete_id,
  'eventTypeId', r.event_type_id, 'eventAliasId', r.event_alias_id, 'laneId', r.lane_id,
  'recordedAt', ${iso(sql`r.recorded_at`)}, 'distanceMm', r.distance_mm,
  'timeMs', case when t.unit = 'time' then r.result end,
  'markMm', case when t.unit = 'time' then null else r.result end,
  'splits', coalesce((select jsonb_agg(jsonb_build_object('distanceMm', s.split_distance_mm,
      'timeMs', s.split_ms) order by s.split_distance_mm)
    from result_splits s where s.result_id = r.id), '[]'::jsonb),
  'program', r.program, 'source', r.source, 'timingMethod', r.timing_method,
  'implausible', r.implausible,
  'createdAt', ${iso(sql`r.created_at`)}, 'updatedAt', ${iso(sql`r.updated_at`)})`;

/**
 * `result.created` or `result.updated` for the results `ids` (already written in `trx`):
 * ONE statement whatever their number, and "thin" rows: the type and the result's id
 * (`subject_id`), no payload. The worker builds and freezes the payload when it fans the
 * event out (queue.ts), normally within a second: building 5,000 JSON documents (with
 * their splits) in the ingest's transaction cost it about a quarter of its CPU
 * (decision 022). Nothing is written (the unnest skipped by a one-time filter) when no
 * subscription wants the type.
 */
export async function recordResultEvents(
  trx: Db,
  accountId: string,
  type: 'result.created' | 'result.updated',
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    insert into webhook_events (account_id, type, subject_id)
    select ${accountId}, ${type}, id
    from unnest(${`{${ids.join(',')}}`}::bigint[]) as id
    where ${wants(accountId, type)}
    order by id`.execute(trx);
}

/** `result.deleted`: its payload is the id alone. */
export async function recordResultDeleted(trx: Db, accountId: string, id: string): Promise<void> {
  await sql`
    insert into webhook_events (account_id, type, payload)
    select ${accountId}, 'result.deleted', jsonb_build_object('id', ${id}::bigint)
    where ${wants(accountId, 'result.deleted')}`.execute(trx);
}

/**
 * Events whose payloads the caller builds (`payloads` runs only when a subscription
 * wants the type), with the code its API answers with: athletes, profiles. One insert
 * for the lot.
 */
export async function recordEvents(
  trx: Db,
  accountId: string,
  type: WebhookEventType,
  payloads: () => Promise<readonly unknown[]>,
): Promise<void> {
  if (!(await wantsEvents(trx, accountId, type))) return;
  const list = await payloads();
  if (list.length === 0) return;
  await sql`
    insert into webhook_events (account_id, type, payload)
    select ${accountId}, ${type}, p from jsonb_array_elements(${JSON.stringify(list)}::jsonb) p`.execute(
    trx,
  );
}
