import type { Kysely } from 'kysely';
import type { PositionBody, SportBody } from '../../contract/athlete';
import type { Database } from '../db/schema';

/**
 * The sports and positions of migration 002, shared by every account. They change only
 * with a migration, which runs before the server serves anything, so one read per
 * database handle is kept for the life of the process.
 */
export interface ReferenceData {
  sports: SportBody[];
  positions: PositionBody[];
  sportById: Map<number, SportBody>;
  positionById: Map<number, PositionBody>;
}

const loaded = new WeakMap<Kysely<Database>, Promise<ReferenceData>>();

export function referenceData(db: Kysely<Database>): Promise<ReferenceData> {
  let data = loaded.get(db);
  if (!data) {
    data = load(db);
    loaded.set(db, data);
    data.catch(() => loaded.delete(db)); // a failed read is tried again next time
  }
  return data;
}

async function load(db: Kysely<Database>): Promise<ReferenceData> {
  const [sports, positions] = await Promise.all([
    db.selectFrom('sports').select(['id', 'name']).orderBy('id').execute(),
    db
      .selectFrom('positions')
      .select(['id', 'sport_id', 'name', 'abbreviation'])
      .orderBy('sport_id')
      .orderBy('id')
      .execute(),
  ]);
  const positionBodies = positions.map((p) => ({
    id: p.id,
    sportId: p.sport_id,
    name: p.name,
    abbreviation: p.abbreviation,
  }));
  return {
    sports,
    positions: positionBodies,
    sportById: new Map(sports.map((s) => [s.id, s])),
    positionById: new Map(positionBodies.map((p) => [p.id, p])),
  };
}
