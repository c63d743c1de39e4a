import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nameKey } from '../athlete';
import type { SeedAthlete } from './athletes';
import type { SeedRoster } from './rosters';
import type { SeedResult } from './results';

/**
 * Set-based inserts for the seed: one `insert ... select from unnest(arrays)` per chunk,
 * a few statements for thousands of rows, on PostgreSQL and PGlite alike.
 */
type Db = Kysely<Database>;

/**
 * Reserves `count` consecutive ids of a table's identity sequence, so that child rows can
 * name their parents without a round trip per row. The lock (writers wait; readers do
 * not) keeps other inserts from taking ids in between until the transaction ends.
 */
export async function reserveIds(
  trx: Db,
  table: 'athletes' | 'results',
  count: number,
): Promise<number> {
  await sql`lock table ${sql.table(table)} in share row exclusive mode`.execute(trx);
  const seq = sql`pg_get_serial_sequence(${table}, 'id')`;
  const { rows } = await sql<{
    last: string;
  }>`select setval(${seq}, nextval(${seq}) + ${count - 1}) as last`.execute(trx);
  return Number(rows[0]!.last) - count + 1;
}

export async function insertAthletes(
  trx: Db,
  accountId: string,
  athletes: readonly SeedAthlete[],
  firstId: number,
): Promise<void> {
  const col = <T>(pick: (a: SeedAthlete) => T): T[] => athletes.map(pick);
  await sql`insert into athletes (id, account_id, first_name, middle_name, last_name, first_name_key, middle_name_key,
      last_name_key, gender, birth_date, graduation_year, sport_id, position_id, height_cm, weight_kg, external_id, email)
    select id, ${accountId}, f, m, l, fk, mk, lk, g, b, y, s, p, h, w, x, e
    from unnest(${athletes.map((_, i) => firstId + i)}::bigint[], ${col((a) => a.firstName)}::text[],
      ${col((a) => a.middleName)}::text[], ${col((a) => a.lastName)}::text[], ${col((a) => nameKey(a.firstName))}::text[],
      ${col((a) => nameKey(a.middleName))}::text[], ${col((a) => nameKey(a.lastName))}::text[], ${col((a) => a.gender)}::text[],
      ${col((a) => a.birthDate)}::date[], ${col((a) => a.graduationYear)}::int[], ${col((a) => a.sportId)}::int[],
      ${col((a) => a.positionId)}::int[], ${col((a) => a.heightCm)}::numeric[], ${col((a) => a.weightKg)}::numeric[],
      ${col((a) => a.externalId)}::text[], ${col((a) => a.email)}::text[])
      as t(id, f, m, l, fk, mk, lk, g, b, y, s, p, h, w, x, e)`.execute(trx);
}

/** Creates the rosters (an existing one of the same name is reused) and their members. */
export async function insertRosters(
  trx: Db,
  accountId: string,
  rosters: readonly SeedRoster[],
  athleteIds: (index: number) => number,
): Promise<void> {
  for (const roster of rosters) {
    const { rows } = await sql<{ id: string }>`
      with created as (
        insert into rosters (account_id, name) values (${accountId}, ${roster.name})
        on conflict (account_id, lower(name)) do nothing returning id)
      select id from created
      union all select id from rosters where account_id = ${accountId} and lower(name) = lower(${roster.name})`.execute(
      trx,
    );
    await sql`insert into roster_athletes (roster_id, athlete_id, account_id)
      select ${rows[0]!.id}, athlete_id, ${accountId} from unnest(${roster.members.map(athleteIds)}::bigint[]) as t(athlete_id)`.execute(
      trx,
    );
  }
}

/** Inserts one chunk of results with ids `firstId...` and their denormalised splits. */
export async function insertResults(
  trx: Db,
  accountId: string,
  chunk: readonly SeedResult[],
  ids: {
    firstId: number;
    athleteId: (index: number) => number;
    clientId: (index: number) => string;
  },
): Promise<number> {
  const col = <T>(pick: (r: SeedResult, i: number) => T): T[] => chunk.map(pick);
  const resultIds = col((_, i) => ids.firstId + i);
  const athleteIds = col((r) => ids.athleteId(r.athlete));
  const recordedAt = col((r) => new Date(r.recordedAt).toISOString());
  await sql`insert into results (id, account_id, athlete_id, event_type_id, lane_id, recorded_at, distance_mm, result,
      program, source, timing_method, client_id, implausible)
    select id, ${accountId}, a, e, l, t, d, r, p, s, m, c, i
    from unnest(${resultIds}::bigint[], ${athleteIds}::bigint[], ${col((r) => r.eventTypeId)}::int[], ${col((r) => r.laneId)}::smallint[],
      ${recordedAt}::timestamptz[], ${col((r) => r.distanceMm)}::int[], ${col((r) => r.result)}::int[], ${col((r) => r.program)}::text[],
      ${col((r) => r.source)}::text[], ${col((r) => r.timingMethod)}::text[], ${col((_, i) => ids.clientId(i))}::text[],
      ${col((r) => r.implausible)}::boolean[]) as t(id, a, e, l, t, d, r, p, s, m, c, i)`.execute(
    trx,
  );
  const split = { result: [] as number[], at: [] as number[], ms: [] as number[] };
  chunk.forEach((r, i) =>
    r.splits.forEach(([mm, ms]) => (split.result.push(i), split.at.push(mm), split.ms.push(ms))),
  );
  if (split.result.length === 0) return 0;
  const of = <T>(values: T[]): T[] => split.result.map((i) => values[i] as T);
  await sql`insert into result_splits (result_id, split_distance_mm, split_ms, account_id, athlete_id, event_type_id,
      distance_mm, lane_id, recorded_at, implausible)
    select id, sd, ms, ${accountId}, a, e, d, l, t, i
    from unnest(${of(resultIds)}::bigint[], ${split.at}::int[], ${split.ms}::int[], ${of(athleteIds)}::bigint[],
      ${of(col((r) => r.eventTypeId))}::int[], ${of(col((r) => r.distanceMm))}::int[], ${of(col((r) => r.laneId))}::smallint[],
      ${of(recordedAt)}::timestamptz[], ${of(col((r) => r.implausible))}::boolean[]) as t(id, sd, ms, a, e, d, l, t, i)`.execute(
    trx,
  );
  return split.result.length;
}
