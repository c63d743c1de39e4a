import { sql, type Kysely } from 'kysely';
import { PROFILE_SOURCES, type Measurement } from '../../contract/profile';
import type { Database } from '../db/schema';
import {
  flatten,
  genderOf,
  MEASUREMENT_COLUMN_LIST,
  MEASUREMENT_COLUMNS,
  PROFILE_COLUMNS,
  RECORD_TYPE,
  toProfileBody,
  type ProfileRow,
  type ProfileValues,
} from './columns';
import { lockScoringShared, referenceRows } from './references';
import { score } from './scoring';
import { recordEvents } from '../webhook';

/**
 * Profiles of origin 'results', built from the day's EAPI results (docs/performance-index.md):
 * for each (athlete, day), the best result of each test recorded with program 'eapi' on
 * that calendar day of the account's time zone (users.time_zone). Set-based: one
 * statement reads every pair's bests, one writes (upserts and deletes) them all, so a
 * 50-result batch costs two statements whatever the number of pairs.
 *
 * Which event types and distances feed each test is PROFILE_SOURCES (contract/index-constants.ts).
 * - vertical jump and broad jump: the highest mark;
 * - pro agility: the fastest;
 * - 10-yd sprint (linear sprint): the fastest of a 10-yd run's time and of the 10-yd split of a longer run;
 * - 40-yd sprint (linear sprint, 40 yd): the fastest;
 * - EASI: from ONE run, the fastest 40-yd sprint with splits at 10 and 20 yd: acceleration =
 *   split 10, transition = split 20 - split 10, top speed = total - split 20;
 * - flying 10 (flying sprint, 10 yd): the fastest.
 * Ties go to the earlier result. Implausible results (stored, flagged: faster than a human
 * can be) are left out, as the boards leave them out. A pair with no measurement left has
 * its 'results' profile deleted; 'manual' profiles are never touched.
 */
type Db = Kysely<Database>;

const YD10 = PROFILE_SOURCES.sprint10Ms.distanceMm;
const YD20 = 18288;
const YD40 = PROFILE_SOURCES.sprint40Ms.distanceMm;

/** The event types of the tests (contract/index-constants.ts), as SQL literals. */
const SPRINT = sql.lit(PROFILE_SOURCES.sprint40Ms.eventTypeId);
const PRO_AGILITY = sql.lit(PROFILE_SOURCES.proAgilityMs.eventTypeId);
const FLYING = sql.lit(PROFILE_SOURCES.flying10Ms.eventTypeId);
const VERTICAL_JUMP = sql.lit(PROFILE_SOURCES.verticalJumpMm.eventTypeId);
const BROAD_JUMP = sql.lit(PROFILE_SOURCES.broadJumpMm.eventTypeId);

/** An athlete on a day (`YYYY-MM-DD`), or at an instant whose day the account's zone decides. */
export type ProfilePair =
  { athleteId: number | string; day: string } | { athleteId: number | string; recordedAt: Date };

interface BestRow {
  athlete_id: string;
  day: string;
  gender: string | null;
  weight_kg: string | null;
  version_id: number;
  /** By measurement (and `easi`): [value, result id, split 10, split 20]. */
  best: Record<string, [number, string, number | null, number | null]> | null;
}

/**
 * The pairs' distinct (athlete, day), their athletes and the bests of each test, in
 * (athlete, day) order: the write takes the profiles' row locks in that order, so two
 * batches touching the same profiles queue instead of deadlocking.
 */
function bestsStatement(accountId: string, pairs: readonly ProfilePair[]) {
  const athletes = pairs.map((pair) => String(pair.athleteId));
  const days = pairs.map((pair) => ('day' in pair ? pair.day : null));
  const instants = pairs.map((pair) => ('day' in pair ? null : pair.recordedAt.toISOString()));
  return sql<BestRow>`
    with pairs as materialized (
      select distinct x.athlete_id, x.day,
        (x.day::timestamp at time zone u.time_zone) as day_start,
        ((x.day + 1)::timestamp at time zone u.time_zone) as day_end
      from users u, lateral (
        select p.a::bigint as athlete_id,
          coalesce(p.d::date, (p.t::timestamptz at time zone u.time_zone)::date) as day
        from unnest(${athletes}::text[], ${days}::text[], ${instants}::text[]) as p(a, d, t)
      ) x
      where u.id = ${accountId}
    ), r as materialized (
      select p.athlete_id, p.day, r.id, r.event_type_id, r.distance_mm, r.result, r.recorded_at
      from pairs p
      join results r on r.athlete_id = p.athlete_id
        and r.recorded_at >= p.day_start and r.recorded_at < p.day_end
      where r.account_id = ${accountId} and r.program = 'eapi' and not r.implausible
    ), candidates as (
      select athlete_id, day,
        case event_type_id when ${VERTICAL_JUMP} then 'verticalJumpMm'
          when ${BROAD_JUMP} then 'broadJumpMm'
          when ${PRO_AGILITY} then 'proAgilityMs' else 'flying10Ms' end as m,
        result as value,
        case when event_type_id in (${VERTICAL_JUMP}, ${BROAD_JUMP}) then -result else result end
          as rank,
        id, recorded_at, null::integer as s10, null::integer as s20
      from r where event_type_id in (${PRO_AGILITY}, ${VERTICAL_JUMP}, ${BROAD_JUMP})
        or (event_type_id = ${FLYING} and distance_mm = ${YD10})
      union all
      select athlete_id, day, 'sprint40Ms', result, result, id, recorded_at, null, null
      from r where event_type_id = ${SPRINT} and distance_mm = ${YD40}
      union all
      select athlete_id, day, 'sprint10Ms', result, result, id, recorded_at, null, null
      from r where event_type_id = ${SPRINT} and distance_mm = ${YD10}
      union all
      select r.athlete_id, r.day, 'sprint10Ms', s.split_ms, s.split_ms, r.id, r.recorded_at, null, null
      from r join result_splits s on s.result_id = r.id and s.split_distance_mm = ${YD10}
      where r.event_type_id = ${SPRINT} and r.distance_mm > ${YD10}
      union all
      select r.athlete_id, r.day, 'easi', r.result, r.result, r.id, r.recorded_at, s10.split_ms,
        s20.split_ms
      from r
      join result_splits s10 on s10.result_id = r.id and s10.split_distance_mm = ${YD10}
      join result_splits s20 on s20.result_id = r.id and s20.split_distance_mm = ${YD20}
      where r.event_type_id = ${SPRINT} and r.distance_mm = ${YD40}
    ), best as (
      select distinct on (athlete_id, day, m) athlete_id, day, m, value, id, s10, s20
      from candidates order by athlete_id, day, m, rank, recorded_at, id
    )
    select p.athlete_id, p.day::text as day, a.gender, a.weight_kg,
      (select id from index_reference_versions order by version desc limit 1) as version_id,
      (select json_object_agg(b.m, json_build_array(b.value, b.id::text, b.s10, b.s20))
        from best b where b.athlete_id = p.athlete_id and b.day = p.day) as best
    from pairs p join athletes a on a.id = p.athlete_id and a.account_id = ${accountId}
    order by p.athlete_id, p.day`;
}

/** The measurements (and the results they come from) of a pair's bests. */
function measurementsOf(best: NonNullable<BestRow['best']>) {
  const measurements: Partial<Record<Measurement, number>> = {};
  const resultIds: Partial<Record<Measurement, string>> = {};
  for (const [key, [value, id, s10, s20]] of Object.entries(best)) {
    if (key === 'easi') {
      if (s10 === null || s20 === null) continue;
      Object.assign(measurements, {
        accelerationMs: s10,
        transitionMs: s20 - s10,
        topSpeedMs: value - s20,
      });
      Object.assign(resultIds, { accelerationMs: id, transitionMs: id, topSpeedMs: id });
    } else {
      measurements[key as Measurement] = value;
      resultIds[key as Measurement] = id;
    }
  }
  return { measurements, resultIds };
}

/** A bodyweight as the column keeps it (numeric(5, 1)). */
export function bodyweightOf(weightKg: string | number | null): number | null {
  if (weightKg === null) return null;
  const value = Math.round(Number(weightKg) * 10) / 10;
  return Number.isFinite(value) && value > 0 && value < 10_000 ? value : null;
}

/**
 * (Re)builds the 'results' profiles of the pairs, in the caller's transaction (results
 * written in it are seen): upserts on (account, athlete, day) where the profile is not
 * 'manual', and deletes the 'results' profiles of pairs without any measurement left.
 * Scores against the current reference version (under the shared scoring lock: see
 * references.ts).
 */
export async function buildProfiles(
  trx: Db,
  accountId: string,
  pairs: readonly ProfilePair[],
): Promise<void> {
  if (pairs.length === 0) return;
  await lockScoringShared(trx);
  const { rows } = await bestsStatement(accountId, pairs).execute(trx);
  if (rows.length === 0) return;
  const references = await referenceRows(trx, rows[0]!.version_id);
  const upserts: Record<string, unknown>[] = [];
  const gone: { athlete_id: string; tested_on: string }[] = [];
  for (const row of rows) {
    if (!row.best) {
      gone.push({ athlete_id: row.athlete_id, tested_on: row.day });
      continue;
    }
    const { measurements, resultIds } = measurementsOf(row.best);
    if (Object.keys(measurements).length === 0) {
      gone.push({ athlete_id: row.athlete_id, tested_on: row.day });
      continue;
    }
    const bodyweight = bodyweightOf(row.weight_kg);
    const scored = score(measurements, bodyweight, genderOf(row.gender), references);
    const values: ProfileValues = {
      athlete_id: row.athlete_id,
      tested_on: row.day,
      bodyweight_kg: bodyweight,
      measurements,
      result_ids: resultIds,
      points: scored.points,
      eapi: scored.eapi,
      easi: scored.easi,
    };
    upserts.push(flatten(values));
  }
  const versionId = rows[0]!.version_id;
  const result = await sql<{ created_ids: string[] }>`
    with upserted as (
      insert into profiles as p (account_id, athlete_id, tested_on, origin, bodyweight_kg,
        reference_version_id, ${MEASUREMENT_COLUMN_LIST}, points, result_ids, eapi, easi)
      select ${accountId}, x.athlete_id, x.tested_on, 'results', x.bodyweight_kg, ${versionId},
        ${MEASUREMENT_COLUMN_LIST}, x.points, x.result_ids, x.eapi, x.easi
      from jsonb_to_recordset(${JSON.stringify(upserts)}::jsonb) as x(${RECORD_TYPE})
      on conflict (account_id, athlete_id, tested_on) do update set
        bodyweight_kg = excluded.bodyweight_kg,
        reference_version_id = excluded.reference_version_id,
        ${sql.join(
          MEASUREMENT_COLUMNS.map(
            (column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`,
          ),
        )},
        points = excluded.points, result_ids = excluded.result_ids, eapi = excluded.eapi,
        easi = excluded.easi, updated_at = now()
      where p.origin = 'results'
      returning p.id, (p.xmax = 0) as created
    ), deleted as (
      delete from profiles p
      using jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) as g(athlete_id bigint, tested_on date)
      where p.account_id = ${accountId} and p.origin = 'results'
        and p.athlete_id = g.athlete_id and p.tested_on = g.tested_on
      returning 1
    )
    select (select count(*) from upserted) as upserted, (select count(*) from deleted) as deleted,
      (select coalesce(array_agg(id::text), '{}') from upserted where created) as created_ids
  `.execute(trx);
  const created = (result.rows[0]?.created_ids ?? []) as string[];
  if (created.length > 0) {
    // The outbox (profile.created), built only when a subscription wants it.
    await recordEvents(trx, accountId, 'profile.created', async () => {
      const { rows: made } = await sql<ProfileRow>`
        select ${PROFILE_COLUMNS} from profiles p join athletes a on a.id = p.athlete_id
          join index_reference_versions v on v.id = p.reference_version_id
        where p.account_id = ${accountId} and p.id = any(${created}::bigint[])
        order by p.id`.execute(trx);
      return made.map(toProfileBody);
    });
  }
}

/** How many pairs one build statement takes when a whole account is rebuilt. */
const REBUILD_CHUNK = 2000;

/**
 * Rebuilds every 'results' profile of the account: each (athlete, day) with an EAPI result
 * in the account's time zone, and each 'results' profile already stored (deleted when its
 * day has no result left, e.g. after a change of time zone). The seed calls it after its
 * bulk load; the time-zone route after a change of zone. Answers the number of (athlete,
 * day) pairs rebuilt.
 */
export async function rebuildAccountProfiles(db: Db, accountId: string): Promise<number> {
  const run = async (trx: Db) => {
    const { rows } = await sql<{ athlete_id: string; day: string }>`
      select athlete_id, day::text as day from (
        select distinct r.athlete_id, (r.recorded_at at time zone u.time_zone)::date as day
        from results r join users u on u.id = r.account_id
        where r.account_id = ${accountId} and r.program = 'eapi' and not r.implausible
        union
        select athlete_id, tested_on from profiles
        where account_id = ${accountId} and origin = 'results'
      ) x order by athlete_id, day`.execute(trx);
    for (let start = 0; start < rows.length; start += REBUILD_CHUNK) {
      const chunk = rows.slice(start, start + REBUILD_CHUNK);
      await buildProfiles(
        trx,
        accountId,
        chunk.map((row) => ({ athleteId: row.athlete_id, day: row.day })),
      );
    }
    return rows.length;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
