import type { Kysely } from 'kysely';
import type { ReferenceRowBody } from '../../contract/profile';
import type { Database } from '../db/schema';
import type { Reference } from '../profile';

/**
 * The rows of a reference version, by its id. A published version's rows never change
 * (a new version is a new id), so each version is read once per database handle.
 */
const loaded = new WeakMap<Kysely<Database>, Map<number, Promise<Reference[]>>>();

export function referenceRows(db: Kysely<Database>, versionId: number): Promise<Reference[]> {
  let versions = loaded.get(db);
  if (!versions) loaded.set(db, (versions = new Map()));
  let rows = versions.get(versionId);
  if (!rows) {
    rows = load(db, versionId);
    versions.set(versionId, rows);
    rows.catch(() => versions.delete(versionId)); // a failed read is tried again next time
  }
  return rows;
}

async function load(db: Kysely<Database>, versionId: number): Promise<Reference[]> {
  const rows = await db
    .selectFrom('index_references')
    .select(['test', 'sex', 'level', 'mean', 'sd', 'lower_is_better', 'source'])
    .where('version_id', '=', versionId)
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

export function toReferenceRowBody(reference: Reference): ReferenceRowBody {
  return { ...reference };
}
