import { hash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { EventUpdateInput, Program, Source, TimingMethod } from '../../contract/event';
import type { Database, DistanceMode, EventUnit } from '../db/schema';
import { isImplausible } from './plausibility';

/**
 * Checks results against the database and each other, beyond their schema, and turns
 * them into rows: the whole batch first, so that a bad row writes nothing
 * (`POST /api/event` is all or nothing). The rules (docs/api-results.md):
 * - the athlete is the account's; the event type built in or the account's; an alias
 *   the account's, of that event type (and of its distance, when it has one);
 * - a time event has `timeMs` and no `markMm`; a jump has `markMm`, no `timeMs`, no splits;
 * - the distance follows the event type's `distance_mode`: fixed (left out or equal to
 *   its distance), none (left out or 0), variable (required, above 0);
 * - splits strictly increase in distance and time, the last one at most at the distance;
 *   a split at the distance equals `timeMs`, one before it is earlier than `timeMs`;
 * - `recordedAt` no later than a day from now (device clocks drift), not before 1990.
 * A physically implausible result is not an error: it is flagged (plausibility.ts).
 */
type Db = Kysely<Database>;

export interface EventTypeRef {
  id: number;
  code: string;
  name: string;
  unit: EventUnit;
  distance_mode: DistanceMode;
  default_distance_mm: number | null;
}

interface AliasRef {
  id: string;
  event_type_id: number;
  distance_mm: number | null;
}

export interface References {
  types: Map<number, EventTypeRef>;
  athletes: Set<string>;
  aliases: Map<string, AliasRef>;
}

/** What a result row holds, checked and complete. */
export interface PreparedEvent {
  clientId: string;
  athleteId: string;
  eventTypeId: number;
  eventAliasId: string | null;
  laneId: number | null;
  recordedAt: Date;
  distanceMm: number;
  /** timeMs of a time event, markMm of a jump. */
  result: number;
  splits: [distanceMm: number, timeMs: number][];
  program: Program;
  source: Source;
  timingMethod: TimingMethod;
  implausible: boolean;
  /** 16 bytes of SHA-256 over the content, hex: tells a retry from a reused clientId. */
  hash: string;
}

type EventFields = EventUpdateInput & { clientId?: string };

/** Loads what the given results refer to, in three indexed queries. */
export async function loadReferences(
  db: Db,
  accountId: string,
  inputs: readonly EventFields[],
): Promise<References> {
  const typeIds = [...new Set(inputs.map((input) => input.eventTypeId))];
  const athleteIds = [...new Set(inputs.map((input) => String(input.athleteId)))];
  const aliasIds = [
    ...new Set(inputs.flatMap((input) => (input.eventAliasId ? [String(input.eventAliasId)] : []))),
  ];
  const [types, athletes, aliases] = await Promise.all([
    db
      .selectFrom('event_types')
      .select(['id', 'code', 'name', 'unit', 'distance_mode', 'default_distance_mm'])
      .where(sql<boolean>`id = any(${typeIds}::integer[])`)
      .where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', accountId)]))
      .execute(),
    db
      .selectFrom('athletes')
      .select('id')
      .where('account_id', '=', accountId)
      .where(sql<boolean>`id = any(${athleteIds}::bigint[])`)
      .execute(),
    aliasIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('event_aliases')
          .select(['id', 'event_type_id', 'distance_mm'])
          .where('account_id', '=', accountId)
          .where(sql<boolean>`id = any(${aliasIds}::bigint[])`)
          .execute(),
  ]);
  return {
    types: new Map(types.map((type) => [type.id, type])),
    athletes: new Set(athletes.map((athlete) => athlete.id)),
    aliases: new Map(aliases.map((alias) => [alias.id, alias])),
  };
}

const DAY_MS = 86_400_000;
const EARLIEST = Date.UTC(1990, 0, 1);

/**
 * Checks one result and completes it. `errors` collects messages under
 * `${path}${field}` (path '' for a single result, 'items.3.' in a batch).
 */
export function prepareEvent(
  input: EventFields,
  refs: References,
  path: string,
  errors: Record<string, string[]>,
  now = Date.now(),
): PreparedEvent | undefined {
  const before = Object.keys(errors).length;
  const fail = (field: string, message: string) => (errors[path + field] ??= []).push(message);

  const recordedAt = new Date(input.recordedAt);
  if (recordedAt.getTime() > now + DAY_MS) fail('recordedAt', 'must not be more than a day ahead');
  else if (recordedAt.getTime() < EARLIEST) fail('recordedAt', 'must not be before 1990');

  const athleteId = String(input.athleteId);
  if (!refs.athletes.has(athleteId)) fail('athleteId', 'is not an athlete of this account');

  const type = refs.types.get(input.eventTypeId);
  const eventAliasId = input.eventAliasId ? String(input.eventAliasId) : null;
  const alias = eventAliasId ? refs.aliases.get(eventAliasId) : undefined;
  if (eventAliasId && !alias) fail('eventAliasId', 'is not an event alias of this account');
  else if (alias && type && alias.event_type_id !== type.id) {
    fail('eventAliasId', `is an alias of another event type than ${type.name}`);
  }
  if (!type) {
    fail('eventTypeId', 'is not a built-in event type or one of this account');
    return undefined;
  }

  const distanceMm = checkDistance(input.distanceMm, type, fail);
  if (distanceMm !== undefined && alias?.distance_mm != null && alias.distance_mm !== distanceMm) {
    fail('distanceMm', `must be ${alias.distance_mm} for this event alias`);
  }
  const splits = (input.splits ?? []).map((s): [number, number] => [s.distanceMm, s.timeMs]);
  let result: number | undefined;
  if (type.unit === 'time') {
    if (input.markMm !== undefined) fail('markMm', `is for jumps; ${type.name} has timeMs`);
    if (input.timeMs === undefined) fail('timeMs', `is required for ${type.name}`);
    result = input.timeMs;
    checkSplits(splits, distanceMm, result, fail);
  } else {
    if (input.timeMs !== undefined) fail('timeMs', `is for time events; ${type.name} has markMm`);
    if (input.markMm === undefined) fail('markMm', `is required for ${type.name}`);
    if (splits.length > 0) fail('splits', `must be empty for ${type.name}`);
    result = input.markMm;
  }
  if (Object.keys(errors).length > before || result === undefined || distanceMm === undefined) {
    return undefined;
  }

  const row = {
    clientId: input.clientId ?? '',
    athleteId,
    eventTypeId: type.id,
    eventAliasId,
    laneId: input.laneId ?? null,
    recordedAt,
    distanceMm,
    result,
    splits,
    program: input.program ?? 'none',
    source: input.source,
    timingMethod: input.timingMethod ?? 'electronic',
  };
  return {
    ...row,
    implausible: isImplausible({
      eventTypeCode: type.code,
      unit: type.unit,
      distanceMm,
      result,
      splits,
    }),
    hash: contentHash(row),
  };
}

function checkDistance(
  given: number | undefined,
  type: EventTypeRef,
  fail: (field: string, message: string) => void,
): number | undefined {
  switch (type.distance_mode) {
    case 'fixed': {
      const fixed = type.default_distance_mm!;
      if (given !== undefined && given !== fixed) {
        fail('distanceMm', `must be ${fixed} (${type.name} has a fixed distance) or left out`);
        return undefined;
      }
      return fixed;
    }
    case 'none':
      if (given !== undefined && given !== 0) {
        fail('distanceMm', `must be 0 or left out (${type.name} has no distance)`);
        return undefined;
      }
      return 0;
    case 'variable':
      if (given === undefined) fail('distanceMm', `is required for ${type.name}`);
      else if (given === 0) fail('distanceMm', `must be more than 0 for ${type.name}`);
      else return given;
      return undefined;
  }
}

function checkSplits(
  splits: readonly [number, number][],
  distanceMm: number | undefined,
  timeMs: number | undefined,
  fail: (field: string, message: string) => void,
): void {
  let ok = true;
  splits.forEach(([mm, ms], i) => {
    const previous = splits[i - 1];
    if (previous && mm <= previous[0]) {
      fail(`splits.${i}.distanceMm`, `must be more than the split before (${previous[0]})`);
      ok = false;
    }
    if (previous && ms <= previous[1]) {
      fail(`splits.${i}.timeMs`, `must be more than the split before (${previous[1]})`);
      ok = false;
    }
    if (distanceMm !== undefined && mm > distanceMm) {
      fail(`splits.${i}.distanceMm`, `must not be beyond distanceMm (${distanceMm})`);
      ok = false;
    }
  });
  const last = splits[splits.length - 1];
  if (!ok || !last || distanceMm === undefined || timeMs === undefined) return;
  if (last[0] === distanceMm && last[1] !== timeMs) {
    fail('timeMs', `must equal the time of the last split (${last[1]}), which is at distanceMm`);
  } else if (last[0] < distanceMm && timeMs <= last[1]) {
    fail('timeMs', `must be more than the time of the last split (${last[1]})`);
  }
}

/**
 * The same content always hashes the same: optional fields are filled in first. Never
 * change this form: stored hashes would stop matching, and a device retrying an upload
 * made before the change would get a 409 (a new form needs a version prefix and both
 * forms accepted).
 */
function contentHash(row: Omit<PreparedEvent, 'implausible' | 'hash'>): string {
  let canonical =
    `${row.athleteId}|${row.eventTypeId}|${row.eventAliasId ?? ''}|${row.laneId ?? ''}|` +
    `${row.recordedAt.toISOString()}|${row.distanceMm}|${row.result}|${row.program}|` +
    `${row.source}|${row.timingMethod}|`;
  for (const [mm, ms] of row.splits) canonical += `${mm}:${ms},`;
  return hash('sha256', canonical, 'hex').slice(0, 32);
}

/**
 * Checks a whole batch. A clientId repeated within the batch is the same result when
 * its content is the same (stored once), an error otherwise.
 * @returns the rows in the order sent, or the errors by field (`items.3.timeMs`)
 */
export function prepareBatch(
  inputs: readonly (EventFields & { clientId: string })[],
  refs: References,
  pathOf: (index: number) => string,
): { rows: PreparedEvent[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const rows: PreparedEvent[] = [];
  const firstByClientId = new Map<string, number>();
  const now = Date.now();
  inputs.forEach((input, index) => {
    const row = prepareEvent(input, refs, pathOf(index), errors, now);
    if (!row) return;
    const first = firstByClientId.get(row.clientId);
    if (first === undefined) firstByClientId.set(row.clientId, index);
    else if (rows[first]?.hash !== row.hash) {
      (errors[`${pathOf(index)}clientId`] ??= []).push(
        `repeats ${pathOf(first)}clientId with other content`,
      );
    }
    rows[index] = row;
  });
  return { rows, errors };
}
