import { sql, type Kysely } from 'kysely';
import { eventTypes, scoringTables, sports } from './reference-data';

/** Reference data shared by every account: sports, positions, event types, scoring tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [sportIndex, sport] of sports.entries()) {
    const sportId = sportIndex + 1;
    await sql`insert into sports (id, name) values (${sportId}, ${sport.name})`.execute(db);
    for (const [positionIndex, [abbreviation, name]] of sport.positions.entries()) {
      const positionId = sportId * 100 + positionIndex + 1;
      await sql`insert into positions (id, sport_id, name, abbreviation)
        values (${positionId}, ${sportId}, ${name}, ${abbreviation})`.execute(db);
    }
  }
  for (const type of eventTypes) {
    await sql`insert into event_types
        (id, code, name, unit, lower_is_better, default_distance_mm, split_distances_mm)
      overriding system value
      values (${type.id}, ${type.code}, ${type.name}, ${type.unit}, ${type.lowerIsBetter},
        ${type.defaultDistanceMm}, ${sql.raw(`'{${type.splitDistancesMm.join(',')}}'`)}::integer[])`.execute(
      db,
    );
  }
  // Custom event types of accounts get ids after the built-in range.
  await sql`select setval(pg_get_serial_sequence('event_types', 'id'), 1000)`.execute(db);
  for (const table of scoringTables) {
    await sql`insert into scoring_tables (index_name, version, data)
      values (${table.indexName}, ${table.version}, ${JSON.stringify(table.data)}::jsonb)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`truncate scoring_tables, event_types, positions, sports cascade`.execute(db);
}
