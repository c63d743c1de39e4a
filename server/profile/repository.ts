import { sql, type Kysely } from 'kysely';
import type { ProfileBody, ProfileInput } from '../../contract/profile';
import { isStoredId } from '../db/ids';
import type { Database } from '../db/schema';
import { recordActivity, type Actor } from '../activity';
import { bodyweightOf, buildProfiles } from './builder';
import {
  flatten,
  genderOf,
  MEASUREMENT_COLUMN_LIST,
  MEASUREMENT_COLUMNS,
  PROFILE_COLUMNS,
  RECORD_TYPE,
  toProfileBody,
  type ProfileRow,
} from './columns';
import { currentVersionId, lockScoringShared, referenceRows } from './references';
import { score } from './scoring';

/** Reads and writes of `profiles`, each scoped by the account. */
type Db = Kysely<Database>;

/** The unique index of one profile per athlete and day (migration 016). */
export const PROFILE_DAY_INDEX = 'profiles_account_id_athlete_id_tested_on_key';

/** `from` of a ProfileRow: the profile, its athlete, its reference version. */
const FROM = sql`profiles p join athletes a on a.id = p.athlete_id
  join index_reference_versions v on v.id = p.reference_version_id`;

export async function findProfile(
  db: Db,
  accountId: string,
  id: number,
): Promise<ProfileBody | undefined> {
  if (!isStoredId(id)) return undefined;
  const { rows } = await sql<ProfileRow>`
    select ${PROFILE_COLUMNS} from ${FROM}
    where p.account_id = ${accountId} and p.id = ${id}`.execute(db);
  return rows[0] && toProfileBody(rows[0]);
}

/** The profile (if any) of an athlete on a day, other than `exceptId`. */
export async function profileOnDay(
  db: Db,
  accountId: string,
  athleteId: number,
  day: string,
  exceptId?: number,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('profiles')
    .select('id')
    .where('account_id', '=', accountId)
    .where('athlete_id', '=', String(athleteId))
    .where('tested_on', '=', day)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', String(exceptId)))
    .executeTakeFirst();
}

/** The athlete a manual profile is of: its gender and weight, or undefined when not the account's. */
export async function profileAthlete(
  db: Db,
  accountId: string,
  athleteId: number,
): Promise<{ gender: string | null; weight_kg: string | null } | undefined> {
  if (!isStoredId(athleteId)) return undefined;
  return db
    .selectFrom('athletes')
    .select(['gender', 'weight_kg'])
    .where('account_id', '=', accountId)
    .where('id', '=', String(athleteId))
    .executeTakeFirst();
}

/**
 * Writes a manual profile (insert, or replace profile `id`), scored against the current
 * version under the shared scoring lock. Bodyweight left out is the athlete's weight.
 * @returns the profile's id; undefined when `id` is not the account's (or the athlete is not)
 */
export async function saveManualProfile(
  db: Db,
  accountId: string,
  input: ProfileInput,
  id: number | undefined,
  actor: Actor,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockScoringShared(trx);
    const athlete = await profileAthlete(trx, accountId, input.athleteId);
    if (!athlete) return undefined;
    const bodyweight =
      input.bodyweightKg === undefined ? bodyweightOf(athlete.weight_kg) : input.bodyweightKg;
    const versionId = await currentVersionId(trx);
    const measurements = Object.fromEntries(
      Object.entries(input.measurements).filter(([, value]) => value != null),
    );
    const scored = score(
      measurements,
      bodyweight,
      genderOf(athlete.gender),
      await referenceRows(trx, versionId),
    );
    const record = JSON.stringify([
      flatten({
        athlete_id: String(input.athleteId),
        tested_on: input.testedOn,
        bodyweight_kg: bodyweight,
        measurements,
        result_ids: {},
        points: scored.points,
        eapi: scored.eapi,
        easi: scored.easi,
      }),
    ]);
    if (id === undefined) {
      const { rows } = await sql<{ id: string }>`
        insert into profiles (account_id, athlete_id, tested_on, origin, bodyweight_kg,
          reference_version_id, ${MEASUREMENT_COLUMN_LIST}, points, result_ids, eapi, easi)
        select ${accountId}, x.athlete_id, x.tested_on, 'manual', x.bodyweight_kg, ${versionId},
          ${MEASUREMENT_COLUMN_LIST}, x.points, x.result_ids, x.eapi, x.easi
        from jsonb_to_recordset(${record}::jsonb) as x(${RECORD_TYPE})
        returning id`.execute(trx);
      const made = rows[0]?.id;
      if (made !== undefined) await recordProfile(trx, accountId, actor, 'created', made);
      return made;
    }
    if (!isStoredId(id)) return undefined;
    const { rows } = await sql<{ id: string }>`
      update profiles p set athlete_id = x.athlete_id, tested_on = x.tested_on, origin = 'manual',
        bodyweight_kg = x.bodyweight_kg, reference_version_id = ${versionId},
        ${sql.join(MEASUREMENT_COLUMNS.map((column) => sql`${sql.ref(column)} = x.${sql.ref(column)}`))},
        points = x.points, result_ids = x.result_ids, eapi = x.eapi, easi = x.easi,
        updated_at = now()
      from jsonb_to_recordset(${record}::jsonb) as x(${RECORD_TYPE})
      where p.account_id = ${accountId} and p.id = ${id}
      returning p.id`.execute(trx);
    const saved = rows[0]?.id;
    if (saved !== undefined) await recordProfile(trx, accountId, actor, 'updated', saved);
    return saved;
  });
}

/** "Ada Okafor · 2026-11-02": a profile as the activity log names it (read in SQL). */
const profileLabel = (id: string) => sql<string>`(select
    concat_ws(' ', a.first_name, nullif(a.middle_name, ''), a.last_name) || ' · ' || p.tested_on::text
  from profiles p join athletes a on a.id = p.athlete_id where p.id = ${id}::bigint)`;

function recordProfile(
  trx: Db,
  accountId: string,
  actor: Actor,
  action: 'created' | 'updated' | 'deleted',
  id: string,
  label: string | ReturnType<typeof profileLabel> = profileLabel(id),
): Promise<void> {
  return recordActivity(trx, {
    accountId,
    actor,
    kind: 'profile',
    action,
    subjectId: id,
    subjectLabel: label,
  });
}

/** @returns false when the account has no such profile */
export async function deleteProfile(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<boolean> {
  if (!isStoredId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const label = await sql<{ label: string }>`select ${profileLabel(String(id))} as label`.execute(
      trx,
    );
    const deleted = await trx
      .deleteFrom('profiles')
      .where('account_id', '=', accountId)
      .where('id', '=', String(id))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return false;
    await recordProfile(trx, accountId, actor, 'deleted', String(id), label.rows[0]?.label ?? '');
    return true;
  });
}

/**
 * `POST /api/profile/{id}/rebuild`: the profile becomes 'results' again and is rebuilt
 * from its day's EAPI results, in one transaction.
 * @returns 'rebuilt'; 'missing' when the account has no such profile; 'empty' (nothing
 *   changed) when its day has no EAPI measurement to build from
 */
export async function rebuildProfile(
  db: Db,
  accountId: string,
  id: number,
  actor: Actor,
): Promise<'rebuilt' | 'missing' | 'empty'> {
  if (!isStoredId(id)) return 'missing';
  try {
    return await db.transaction().execute(async (trx) => {
      const profile = await trx
        .updateTable('profiles')
        .set({ origin: 'results' })
        .where('account_id', '=', accountId)
        .where('id', '=', String(id))
        .returning(['athlete_id', sql<string>`tested_on::text`.as('day')])
        .executeTakeFirst();
      if (!profile) return 'missing';
      await buildProfiles(trx, accountId, [{ athleteId: profile.athlete_id, day: profile.day }]);
      const still = await trx
        .selectFrom('profiles')
        .select('id')
        .where('id', '=', String(id))
        .executeTakeFirst();
      // Rolled back: a manual profile is not lost to a day without results.
      if (!still) throw new EmptyDay();
      await recordProfile(trx, accountId, actor, 'updated', String(id));
      return 'rebuilt';
    });
  } catch (error) {
    if (error instanceof EmptyDay) return 'empty';
    throw error;
  }
}

class EmptyDay extends Error {}
