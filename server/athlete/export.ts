import type { Kysely } from 'kysely';
import { ATHLETE_CSV_COLUMNS } from '../../contract/athlete';
import type { Database } from '../db/schema';
import type { ReferenceData } from '../reference';
import { csvLine, UTF8_BOM, type CsvColumn } from './csv';
import type { AthleteFilters, Cursor } from './list-query';
import { athleteBatch, visibleRosters, type AthleteRow, type RosterRef } from './repository';

/** Rows per query of the export: each batch is a short statement, so no connection is held. */
export const EXPORT_BATCH = 1000;

/** One athlete as a CSV row: sport by name, position by abbreviation, rosters `; `-separated. */
export function csvValues(
  row: AthleteRow,
  rosters: readonly RosterRef[],
  reference: ReferenceData,
): (string | number | null)[] {
  const values: Record<CsvColumn, string | number | null> = {
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    gender: row.gender,
    birthDate: row.birth_date,
    graduationYear: row.graduation_year,
    sport: row.sport_id === null ? null : (reference.sportById.get(row.sport_id)?.name ?? null),
    position:
      row.position_id === null
        ? null
        : (reference.positionById.get(row.position_id)?.abbreviation ?? null),
    heightCm: row.height_cm === null ? null : Number(row.height_cm),
    weightKg: row.weight_kg === null ? null : Number(row.weight_kg),
    externalId: row.external_id,
    email: row.email,
    rosters: rosters.map((r) => r.name).join('; '),
  };
  return ATHLETE_CSV_COLUMNS.map((column) => values[column]);
}

/**
 * The export's text, chunk by chunk: the BOM and header, then a chunk per batch of
 * EXPORT_BATCH athletes read by keyset (after the last row's sort key and id) in the
 * table's order. Memory stays one batch whatever the number of athletes. A member limited
 * to some rosters (`limit`, roster ids) sees only theirs in the rosters column.
 */
export async function* exportCsv(
  db: Kysely<Database>,
  accountId: string,
  filters: AthleteFilters,
  reference: ReferenceData,
  limit?: readonly string[] | null,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(ATHLETE_CSV_COLUMNS);
  let cursor: Cursor | undefined;
  for (;;) {
    const { rows, rosters } = await athleteBatch(db, accountId, filters, cursor, EXPORT_BATCH);
    if (rows.length > 0) {
      yield rows
        .map((row) =>
          csvLine(csvValues(row, visibleRosters(rosters.get(row.id) ?? [], limit), reference)),
        )
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    cursor = { key: last.sort_key, id: last.id };
  }
}

/** An example row for the template: what each column takes. */
export const TEMPLATE_EXAMPLE: Record<CsvColumn, string> = {
  firstName: 'Jordan',
  middleName: 'Lee',
  lastName: 'Smith',
  gender: 'female',
  birthDate: '2008-04-15',
  graduationYear: '2026',
  sport: 'Soccer',
  position: 'MF',
  heightCm: '165.5',
  weightKg: '58.2',
  externalId: 'S-1024',
  email: 'jordan.smith@example.org',
  rosters: 'Varsity; Girls Soccer',
};

export function templateCsv(): string {
  return (
    UTF8_BOM +
    csvLine(ATHLETE_CSV_COLUMNS) +
    csvLine(ATHLETE_CSV_COLUMNS.map((column) => TEMPLATE_EXAMPLE[column]))
  );
}
