import { sql, type Kysely } from 'kysely';
import { REFERENCE_SEXES, TESTS, type ReferenceSex, type Test } from '../../contract/profile';
import type { Database } from '../db/schema';
import {
  genderOf,
  measurementsOf,
  MEASUREMENT_COLUMN_LIST,
  type MeasurementColumn,
} from './columns';
import { lockScoringExclusive } from './references';
import { score, type Reference } from './scoring';

/**
 * Publishing a reference version (docs/performance-index.md, "Reference tables"): the
 * version and its rows are inserted and every profile of every account is re-scored with
 * it, in ONE transaction under the exclusive scoring lock (references.ts): when it
 * commits, every profile names the new version, and none was scored with the old one
 * after (writers wait for the lock, then read the new current version).
 */
type Db = Kysely<Database>;

export interface ReferenceVersionInput {
  version: number;
  note: string;
  rows: readonly {
    test: Test;
    sex: ReferenceSex;
    level?: string;
    mean: number;
    sd: number;
    lowerIsBetter: boolean;
    source: string;
  }[];
}

export class ReferenceVersionError extends Error {}

/** Profiles re-scored per statement. */
const BATCH = 5000;

/** What is wrong with a version's rows, or undefined. */
function problemOf(input: ReferenceVersionInput): string | undefined {
  if (!Number.isSafeInteger(input.version) || input.version < 1)
    return 'version must be a whole number from 1';
  const seen = new Set<string>();
  for (const [index, row] of input.rows.entries()) {
    const where = `rows[${index}]`;
    if (!TESTS.includes(row.test)) return `${where}.test: unknown test ${String(row.test)}`;
    if (!REFERENCE_SEXES.includes(row.sex)) return `${where}.sex: unknown sex ${String(row.sex)}`;
    if (!Number.isFinite(row.mean)) return `${where}.mean must be a number`;
    if (!Number.isFinite(row.sd) || row.sd <= 0) return `${where}.sd must be above 0`;
    const key = `${row.test}|${row.sex}|${row.level ?? 'all'}`;
    if (seen.has(key)) return `${where}: a second row for ${key}`;
    seen.add(key);
  }
  // Every test needs a pooled row at level all: any athlete can then be scored.
  for (const test of TESTS) {
    if (!seen.has(`${test}|any|all`)) return `no row for ${test}, sex any, level all`;
  }
  return undefined;
}

/**
 * Publishes a version (it becomes the current one: it must be above every published
 * version) and re-scores every profile with it.
 * @returns the new version's id and how many profiles were re-scored
 */
export async function publishReferenceVersion(
  db: Db,
  input: ReferenceVersionInput,
): Promise<{ versionId: number; rescored: number }> {
  const problem = problemOf(input);
  if (problem) throw new ReferenceVersionError(problem);
  return db.transaction().execute(async (trx) => {
    await lockScoringExclusive(trx);
    const latest = await trx
      .selectFrom('index_reference_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    if (latest?.version != null && input.version <= latest.version) {
      throw new ReferenceVersionError(
        `version ${input.version} is not above the current version ${latest.version}`,
      );
    }
    const { id: versionId } = await trx
      .insertInto('index_reference_versions')
      .values({ version: input.version, note: input.note })
      .returning('id')
      .executeTakeFirstOrThrow();
    const references: Reference[] = input.rows.map((row) => ({
      ...row,
      level: row.level ?? 'all',
    }));
    await trx
      .insertInto('index_references')
      .values(
        references.map((row) => ({
          version_id: versionId,
          test: row.test,
          sex: row.sex,
          level: row.level,
          mean: row.mean,
          sd: row.sd,
          lower_is_better: row.lowerIsBetter,
          source: row.source,
        })),
      )
      .execute();
    const rescored = await rescoreAll(trx, versionId, references);
    return { versionId, rescored };
  });
}

type RescoreRow = Record<MeasurementColumn, number | null> & {
  id: string;
  bodyweight_kg: string | null;
  gender: string | null;
};

/** Re-scores every profile, in id order, a batch per statement. */
async function rescoreAll(trx: Db, versionId: number, references: Reference[]): Promise<number> {
  let after = '0';
  let count = 0;
  for (;;) {
    const { rows } = await sql<RescoreRow>`
      select p.id, p.bodyweight_kg, a.gender, ${MEASUREMENT_COLUMN_LIST}
      from profiles p join athletes a on a.id = p.athlete_id
      where p.id > ${after} order by p.id limit ${BATCH}`.execute(trx);
    if (rows.length === 0) return count;
    const scored = rows.map((row) => {
      const result = score(
        measurementsOf(row),
        row.bodyweight_kg === null ? null : Number(row.bodyweight_kg),
        genderOf(row.gender),
        references,
      );
      return { id: row.id, points: result.points, eapi: result.eapi, easi: result.easi };
    });
    await sql`
      update profiles p set reference_version_id = ${versionId}, points = x.points,
        eapi = x.eapi, easi = x.easi, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb)
        as x(id bigint, points jsonb, eapi integer, easi integer)
      where p.id = x.id`.execute(trx);
    count += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
