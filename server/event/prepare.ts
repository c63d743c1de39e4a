import { hash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { EventUpdateInput, Program, Source, TimingMethod } from '../../contract/event';
import type { Database, DistanceMode, EventUnit } from '../db/schema';
import { isImplausible } from './plausibility';

/**
 * Checks results against the database and each other, beyond their schema, and turns
 * them into rows: the whole batch first, so that a bad row writes nothing
 * (`POST /api/event` is all or nothing). The rules (docs/ingest.md):
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

/** Messages by field (`items.3.timeMs`), and how many were added. */
export class Problems {
  readonly errors: Record<string, string[]> = {};
  count = 0;

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
    this.count++;
  }
}

/**
 * Checks one result and completes it; its problems are added under `${path}${field}`
 * (path '' for a single result, 'items.3.' in a batch).
 * @returns the row, or undefined when the result has a problem
 */
export function prepareEvent(
  input: EventFields,
  refs: References,
  path: string,
  problems: Problems,
  now = Date.now(),
): PreparedEvent | undefined {
  const before = problems.count;
  const recordedAt = new Date(input.recordedAt);
  if (recordedAt.getTime() > now + DAY_MS) {
    problems.add(`${path}recordedAt`, 'must not be more than a day ahead');
  } else if (recordedAt.getTime() < EARLIEST) {
    problems.add(`${path}recordedAt`, 'must not be before 1990');
  }

  const athleteId = String(input.athleteId);
  if (!refs.athletes.has(athleteId)) {
    problems.add(`${path}athleteId`, 'is not an athlete of this account');
  }

  const type = refs.types.get(input.eventTypeId);
  const eventAliasId = input.eventAliasId ? String(input.eventAliasId) : null;
  const alias = eventAliasId ? refs.aliases.get(eventAliasId) : undefined;
  if (eventAliasId && !alias) {
    problems.add(`${path}eventAliasId`, 'is not an event alias of this account');
  } else if (alias && type && alias.event_type_id !== type.id) {
    problems.add(`${path}eventAliasId`, `is an alias of another event type than ${type.name}`);
  }
  if (!type) {
    problems.add(`${path}eventTypeId`, 'is not a built-in event type or one of this account');
    return undefined;
  }

  const distanceMm = checkDistance(input.distanceMm, type, path, problems);
  if (distanceMm !== undefined && alias?.distance_mm != null && alias.distance_mm !== distanceMm) {
    problems.add(`${path}distanceMm`, `must be ${alias.distance_mm} for this event alias`);
  }
  const splits: [number, number][] = [];
  for (const split of input.splits ?? []) splits.push([split.distanceMm, split.timeMs]);
  let result: number | undefined;
  if (type.unit === 'time') {
    if (input.markMm !== undefined) {
      problems.add(`${path}markMm`, `is for jumps; ${type.name} has timeMs`);
    }
    if (input.timeMs === undefined) problems.add(`${path}timeMs`, `is required for ${type.name}`);
    result = input.timeMs;
    checkSplits(splits, distanceMm, result, path, problems);
  } else {
    if (input.timeMs !== undefined) {
      problems.add(`${path}timeMs`, `is for time events; ${type.name} has markMm`);
    }
    if (input.markMm === undefined) problems.add(`${path}markMm`, `is required for ${type.name}`);
    if (splits.length > 0) problems.add(`${path}splits`, `must be empty for ${type.name}`);
    result = input.markMm;
  }
  if (problems.count > before || result === undefined || distanceMm === undefined) {
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
  const attempt = {
    eventTypeCode: type.code,
    unit: type.unit,
    distanceMm,
    result,
    splits,
    timingMethod: row.timingMethod,
  };
  return { ...row, implausible: isImplausible(attempt), hash: contentHash(row) };
}

function checkDistance(
  given: number | undefined,
  type: EventTypeRef,
  path: string,
  problems: Problems,
): number | undefined {
  switch (type.distance_mode) {
    case 'fixed': {
      const fixed = type.default_distance_mm!;
      if (given !== undefined && given !== fixed) {
        problems.add(
          `${path}distanceMm`,
          `must be ${fixed} (${type.name} has a fixed distance) or left out`,
        );
        return undefined;
      }
      return fixed;
    }
    case 'none':
      if (given !== undefined && given !== 0) {
        problems.add(`${path}distanceMm`, `must be 0 or left out (${type.name} has no distance)`);
        return undefined;
      }
      return 0;
    case 'variable':
      if (given === undefined) problems.add(`${path}distanceMm`, `is required for ${type.name}`);
      else if (given === 0)
        problems.add(`${path}distanceMm`, `must be more than 0 for ${type.name}`);
      else return given;
      return undefined;
  }
}

function checkSplits(
  splits: readonly [number, number][],
  distanceMm: number | undefined,
  timeMs: number | undefined,
  path: string,
  problems: Problems,
): void {
  const before = problems.count;
  for (let i = 0; i < splits.length; i++) {
    const [mm, ms] = splits[i]!;
    const previous = splits[i - 1];
    if (previous && mm <= previous[0]) {
      problems.add(
        `${path}splits.${i}.distanceMm`,
        `must be more than the split before (${previous[0]})`,
      );
    }
    if (previous && ms <= previous[1]) {
      problems.add(
        `${path}splits.${i}.timeMs`,
        `must be more than the split before (${previous[1]})`,
      );
    }
    if (distanceMm !== undefined && mm > distanceMm) {
      problems.add(
        `${path}splits.${i}.distanceMm`,
        `must not be beyond distanceMm (${distanceMm})`,
      );
    }
  }
  const last = splits[splits.length - 1];
  if (problems.count > before || !last || distanceMm === undefined || timeMs === undefined) return;
  if (last[0] === distanceMm && last[1] !== timeMs) {
    problems.add(
      `${path}timeMs`,
      `must equal the time of the last split (${last[1]}), which is at distanceMm`,
    );
  } else if (last[0] < distanceMm && timeMs <= last[1]) {
    problems.add(`${path}timeMs`, `must be more than the time of the last split (${last[1]})`);
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
  const problems = new Problems();
  const rows: PreparedEvent[] = [];
  const firstByClientId = new Map<string, number>();
  const now = Date.now();
  for (let index = 0; index < inputs.length; index++) {
    const row = prepareEvent(inputs[index]!, refs, pathOf(index), problems, now);
    if (!row) continue;
    const first = firstByClientId.get(row.clientId);
    if (first === undefined) firstByClientId.set(row.clientId, index);
    else if (rows[first]?.hash !== row.hash) {
      problems.add(
        `${pathOf(index)}clientId`,
        `repeats ${pathOf(first)}clientId with other content`,
      );
    }
    rows[index] = row;
  }
  return { rows, errors: problems.errors };
}
