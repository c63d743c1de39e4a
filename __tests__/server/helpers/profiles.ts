import { sql, type Kysely } from 'kysely';
import type { Measurement } from '../../../contract/profile';
import type { Database, Gender } from '../../../server/db/schema';
import { COLUMN_OF, referenceRows, score, type Reference } from '../../../server/profile';

/**
 * Profiles written straight to the `profiles` table, scored as the profile domain scores
 * them (server/profile/scoring.ts against the current reference version's rows), for
 * tests of what reads profiles (the reports) that should not depend on how profiles are
 * built from results.
 * @example
 * const id = await insertProfile(app.db, { accountId, athleteId: 5, testedOn: '2026-03-02',
 *   bodyweightKg: 80, measurements: { verticalJumpMm: 600, sprint10Ms: 1750, proAgilityMs: 4600 } });
 */

export interface ProfileFixture {
  accountId: string;
  athleteId: number | string;
  testedOn: string;
  bodyweightKg?: number | null;
  measurements: Partial<Record<Measurement, number>>;
  resultIds?: Partial<Record<Measurement, number>>;
  origin?: 'results' | 'manual';
}

/** The current (highest) reference version: its id and rows as scoring takes them. */
export async function currentReferences(
  db: Kysely<Database>,
): Promise<{ versionId: number; version: number; rows: Reference[] }> {
  const version = await db
    .selectFrom('index_reference_versions')
    .select(['id', 'version'])
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    versionId: version.id,
    version: version.version,
    rows: await referenceRows(db, version.id),
  };
}

/** Inserts one scored profile; answers its id and what scoring gave. */
export async function insertProfile(db: Kysely<Database>, fixture: ProfileFixture) {
  const references = await currentReferences(db);
  const athlete = await db
    .selectFrom('athletes')
    .select('gender')
    .where('id', '=', String(fixture.athleteId))
    .executeTakeFirstOrThrow();
  const bodyweight = fixture.bodyweightKg ?? null;
  const scored = score(
    fixture.measurements,
    bodyweight,
    athlete.gender as Gender | null,
    references.rows,
  );
  const columns = Object.entries(fixture.measurements).map(([m]) =>
    sql.ref(COLUMN_OF[m as Measurement]),
  );
  const values = Object.values(fixture.measurements).map((v) => sql`${v}`);
  const { rows } = await sql<{ id: string }>`
    insert into profiles (account_id, athlete_id, tested_on, origin, bodyweight_kg,
      reference_version_id, points, result_ids, eapi, easi
      ${columns.length > 0 ? sql`, ${sql.join(columns)}` : sql``})
    values (${fixture.accountId}, ${String(fixture.athleteId)}, ${fixture.testedOn}::date,
      ${fixture.origin ?? 'results'}, ${bodyweight}, ${references.versionId},
      ${JSON.stringify(scored.points)}::jsonb, ${JSON.stringify(fixture.resultIds ?? {})}::jsonb,
      ${scored.eapi}, ${scored.easi}
      ${values.length > 0 ? sql`, ${sql.join(values)}` : sql``})
    returning id`.execute(db);
  return { id: Number(rows[0]!.id), ...scored };
}

/**
 * One testing day of every athlete of the account: a scored profile each, with a
 * bodyweight and three measurements that vary from athlete to athlete.
 */
export async function seedTestingDay(
  db: Kysely<Database>,
  accountId: string,
  day: string,
): Promise<void> {
  const athletes = await db
    .selectFrom('athletes')
    .select('id')
    .where('account_id', '=', accountId)
    .execute();
  for (const [i, athlete] of athletes.entries()) {
    await insertProfile(db, {
      accountId,
      athleteId: athlete.id,
      testedOn: day,
      bodyweightKg: 60 + (i % 40),
      measurements: {
        verticalJumpMm: 400 + (i % 300),
        sprint10Ms: 1650 + (i % 400),
        proAgilityMs: 4300 + (i % 800),
      },
    });
  }
}
