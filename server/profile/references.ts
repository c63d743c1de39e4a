import { sql, type Kysely } from 'kysely';
import type { ReferenceRowBody, ReferenceVersionBody } from '../../contract/profile';
import type { Database } from '../db/schema';
import type { Reference } from './scoring';

/**
 * The reference tables (`index_reference_versions`, `index_references`): versions are
 * published as data and never changed after, so their rows are cached by version id.
 * The current version is the highest `version`.
 */
type Db = Kysely<Database>;

/**
 * The advisory lock between reference publishing and profile writers. Every write that
 * scores a profile (the builder, manual profiles) takes it shared for its transaction and
 * then reads the current version; publishing takes it exclusive, so it waits for the
 * writers in flight to commit, and writers that come later wait for the publication to
 * commit and then score with the new version. Every profile is thus scored with one
 * version when a publication commits, never a mix (a writer reading the old version while
 * the publisher re-scores would otherwise write an old-version profile after it).
 */
const PROFILE_SCORING_LOCK = sql`hashtext('splitline.profile-scoring')`;

export async function lockScoringShared(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${PROFILE_SCORING_LOCK})`.execute(trx);
}

export async function lockScoringExclusive(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PROFILE_SCORING_LOCK})`.execute(trx);
}

export interface ReferenceVersion {
  id: number;
  version: number;
  note: string;
  publishedAt: Date;
  rows: Reference[];
}

/** Published versions by id (immutable once committed). */
const cache = new Map<number, Promise<Reference[]>>();

async function readRows(db: Db, versionId: number): Promise<Reference[]> {
  const rows = await db
    .selectFrom('index_references')
    .select(['test', 'sex', 'level', 'mean', 'sd', 'lower_is_better', 'source'])
    .where('version_id', '=', versionId)
    .orderBy('test')
    .orderBy('sex')
    .orderBy('level')
    .execute();
  return rows.map((row) => ({
    test: row.test,
    sex: row.sex,
    level: row.level,
    mean: Number(row.mean),
    sd: Number(row.sd),
    lowerIsBetter: row.lower_is_better,
    source: row.source,
  }));
}

/**
 * The rows of a version, cached by id. A version is immutable once published; one being
 * published is read by id only inside its own transaction (publish.ts), which reads its
 * rows without the cache.
 */
export function referenceRows(db: Db, versionId: number): Promise<Reference[]> {
  let rows = cache.get(versionId);
  if (!rows) {
    rows = readRows(db, versionId);
    cache.set(versionId, rows);
    rows.catch(() => cache.delete(versionId));
  }
  return rows;
}

/** The current version's id (the highest version). */
export async function currentVersionId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('index_reference_versions')
    .select('id')
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A version (the current one when `version` is undefined), or undefined when unknown. */
export async function findReferenceVersion(
  db: Db,
  version?: number,
): Promise<ReferenceVersion | undefined> {
  const row = await db
    .selectFrom('index_reference_versions')
    .select(['id', 'version', 'note', 'published_at'])
    .$if(version !== undefined, (qb) => qb.where('version', '=', version!))
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    version: row.version,
    note: row.note,
    publishedAt: row.published_at,
    rows: await referenceRows(db, row.id),
  };
}

export function toReferenceVersionBody(version: ReferenceVersion): ReferenceVersionBody {
  return {
    version: version.version,
    note: version.note,
    publishedAt: version.publishedAt.toISOString(),
    rows: version.rows.map(toReferenceRowBody),
  };
}

export function toReferenceRowBody(row: Reference): ReferenceRowBody {
  return {
    test: row.test,
    sex: row.sex,
    level: row.level,
    mean: row.mean,
    sd: row.sd,
    lowerIsBetter: row.lowerIsBetter,
    source: row.source,
  };
}
