import type { App } from '../../../server/app';
import type { Program, ResultSource, TimingMethod } from '../../../server/db/schema';
import { nameKey } from '../../../server/athlete/name-key';
import { accountId, signUp } from '../user/accounts';

/**
 * Data for the read side's tests, written straight to the tables (the result routes
 * that write are another issue's), and a reference implementation of the tables'
 * sorts and bests to compare the API with.
 */
export const yd = (yards: number): number => Math.round(yards * 914.4);

export interface Coach {
  id: string;
  headers: Record<string, string>;
}

export async function coach(app: App, email: string): Promise<Coach> {
  const { headers } = await signUp(app, email);
  return { headers, id: await accountId(app, headers) };
}

export interface AthleteSpec {
  first: string;
  last: string;
  middle?: string;
}

export async function addAthletes(
  app: App,
  account: string,
  specs: readonly AthleteSpec[],
): Promise<number[]> {
  const rows = await app.db
    .insertInto('athletes')
    .values(
      specs.map((a) => ({
        account_id: account,
        first_name: a.first,
        middle_name: a.middle ?? '',
        last_name: a.last,
        first_name_key: nameKey(a.first),
        middle_name_key: nameKey(a.middle ?? ''),
        last_name_key: nameKey(a.last),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function addRoster(
  app: App,
  account: string,
  name: string,
  athletes: readonly number[],
): Promise<number> {
  const roster = await app.db
    .insertInto('rosters')
    .values({ account_id: account, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (athletes.length > 0) {
    await app.db
      .insertInto('roster_athletes')
      .values(
        athletes.map((athlete) => ({
          account_id: account,
          roster_id: roster.id,
          athlete_id: athlete,
        })),
      )
      .execute();
  }
  return Number(roster.id);
}

export async function addEventType(
  app: App,
  account: string,
  values: {
    name: string;
    unit?: 'time' | 'distance' | 'height';
    lowerIsBetter?: boolean;
    splits?: number[];
  },
): Promise<number> {
  const row = await app.db
    .insertInto('event_types')
    .values({
      account_id: account,
      code: nameKey(values.name).replace(/[^a-z0-9]+/g, '-'),
      name: values.name,
      unit: values.unit ?? 'time',
      lower_is_better: values.lowerIsBetter ?? true,
      split_distances_mm: values.splits ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addAlias(
  app: App,
  account: string,
  eventTypeId: number,
  name: string,
): Promise<number> {
  const row = await app.db
    .insertInto('event_aliases')
    .values({ account_id: account, event_type_id: eventTypeId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface ResultSpec {
  athlete: number;
  type: number;
  distanceMm: number;
  /** ms for time events, mm for jumps. */
  value: number;
  at: string;
  lane?: number | null;
  program?: Program;
  source?: ResultSource;
  timing?: TimingMethod;
  alias?: number | null;
  implausible?: boolean;
  splits?: [number, number][];
}

export interface StoredResult extends Required<Omit<ResultSpec, 'splits'>> {
  id: number;
  splits: [number, number][];
}

let clientIds = 0;

/** Writes results with their splits (one statement each, as a batch upload would). */
export async function addResults(
  app: App,
  account: string,
  specs: readonly ResultSpec[],
): Promise<StoredResult[]> {
  if (specs.length === 0) return [];
  const rows = await app.db
    .insertInto('results')
    .values(
      specs.map((r) => ({
        account_id: account,
        athlete_id: r.athlete,
        event_type_id: r.type,
        event_alias_id: r.alias ?? null,
        lane_id: r.lane ?? null,
        recorded_at: r.at,
        distance_mm: r.distanceMm,
        result: r.value,
        program: r.program ?? 'none',
        source: r.source ?? 'device',
        timing_method: r.timing ?? 'electronic',
        implausible: r.implausible ?? false,
        client_id: `read-test-${++clientIds}`,
      })),
    )
    .returning('id')
    .execute();
  const stored = specs.map((r, i) => ({
    id: Number(rows[i]!.id),
    athlete: r.athlete,
    type: r.type,
    distanceMm: r.distanceMm,
    value: r.value,
    at: new Date(r.at).toISOString(),
    lane: r.lane ?? null,
    program: r.program ?? 'none',
    source: r.source ?? 'device',
    timing: r.timing ?? 'electronic',
    alias: r.alias ?? null,
    implausible: r.implausible ?? false,
    splits: r.splits ?? [],
  }));
  const splits = stored.flatMap((r) =>
    r.splits.map(([mm, ms]) => ({
      result_id: r.id,
      split_distance_mm: mm,
      split_ms: ms,
      account_id: account,
      athlete_id: r.athlete,
      event_type_id: r.type,
      distance_mm: r.distanceMm,
      lane_id: r.lane,
      recorded_at: r.at,
      implausible: r.implausible,
    })),
  );
  if (splits.length > 0) await app.db.insertInto('result_splits').values(splits).execute();
  return stored;
}

/** The query string of a list request. */
export function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
