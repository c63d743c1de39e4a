import { sql, type Kysely } from 'kysely';
import {
  GENDERS,
  MAX_ROSTERS,
  type AthleteInput,
  type Gender,
  type ImportReportBody,
  type ImportRowReport,
} from '../../contract/athlete';
import { isLine, LINE_MESSAGE } from '../../contract/common';
import type { Database } from '../db/schema';
import type { ReferenceData } from '../reference';
import { lockAccount } from '../db/ids';
import { timeSlices } from '../time-slices';
import type { CsvColumn, CsvRow, ParsedCsv } from './csv';
import { athleteSpots, reserveAthleteSpots } from '../store';
import { recordEvents } from '../webhook';
import { recordActivity, type Actor } from '../activity';
import { athleteBodies, athleteColumns } from './repository';
import { addError, checkAthlete, type AthleteValues, type FieldErrors } from './validate';

/**
 * The CSV import (`POST /api/athlete/import`): every row checked (the athlete rules of
 * validate.ts, plus the CSV's own: names of sports, positions and rosters, external ids
 * unique in the file and in the account, the athlete spots, MAX_ROSTERS, a member's
 * roster limit), then either a report (dry run) or all rows written in one transaction,
 * or none.
 */
type Db = Kysely<Database>;

/** Rows per INSERT statement: one array parameter per column, a few statements per file. */
const INSERT_BATCH = 2500;
/**
 * On PGlite a statement runs synchronously on the event loop: 2,500 athletes took ~55 ms
 * of it. 500 take ~11 ms, and the loop gets a turn between statements (db/pglite.ts).
 */
const EMBEDDED_INSERT_BATCH = 500;

const ROSTER_SEPARATOR = ';';
const MAX_TEXT = 100;

interface RowPlan {
  line: number;
  values: AthleteValues;
  /** Roster names, lower-cased keys into ImportPlan.rosters. */
  rosterKeys: string[];
}

export interface ImportPlan {
  report: ImportReportBody;
  rows: RowPlan[];
  /** The file's rosters by lower-cased name: the first spelling, and the id of an existing one. */
  rosters: Map<string, { name: string; id: string | null }>;
}

export const noSpotsForImport = (rows: number, spots: number): string =>
  `This file adds ${rows} athlete${rows === 1 ? '' : 's'}, but this account may add only ` +
  `${spots} more. Buy more athlete spots in the Store, or import fewer rows.`;

const genderWords: Record<string, Gender> = { f: 'female', m: 'male', o: 'other' };
for (const gender of GENDERS) genderWords[gender] = gender;

/** A number with at most one decimal point, no exponent, no thousands separators. */
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Converts a CSV row into the API's athlete input, with the CSV's own checks. */
function rowInput(
  row: CsvRow,
  reference: ReferenceData,
  errors: FieldErrors,
): { input: AthleteInput; rosterNames: string[] } {
  const cell = (column: CsvColumn) => row.cells[column] ?? '';
  for (const column of ['firstName', 'middleName', 'lastName', 'externalId'] as const) {
    if (cell(column).length > MAX_TEXT)
      addError(errors, column, `must be at most ${MAX_TEXT} characters`);
  }
  if (cell('email').length > 254) addError(errors, 'email', 'must be at most 254 characters');
  // The API's rule for these fields (contract `Line`): a quoted cell may hold line breaks.
  for (const column of ['firstName', 'middleName', 'lastName', 'externalId', 'email'] as const) {
    if (!isLine(cell(column))) addError(errors, column, LINE_MESSAGE);
  }
  // In the columns' order, so that a row's messages read left to right.
  const gender = genderOf(cell('gender'), errors);
  const graduationYear = graduationYearOf(cell('graduationYear'), errors);
  const heightCm = measureOf('heightCm', cell('heightCm'), 300, '180.5', errors);
  const weightKg = measureOf('weightKg', cell('weightKg'), 500, '75.2', errors);
  const sportId = sportOf(cell('sport'), reference, errors);
  const positionId = positionOf(cell('position'), cell('sport'), sportId, reference, errors);
  const rosterNames = rosterNamesOf(cell('rosters'), errors);
  return {
    input: {
      firstName: cell('firstName'),
      middleName: cell('middleName'),
      lastName: cell('lastName'),
      gender,
      birthDate: cell('birthDate') || null,
      graduationYear,
      sportId,
      positionId,
      heightCm,
      weightKg,
      externalId: cell('externalId') || null,
      email: cell('email') || null,
    },
    rosterNames,
  };
}

function genderOf(text: string, errors: FieldErrors): Gender | null {
  if (text === '') return null;
  const gender = genderWords[text.toLowerCase()] ?? null;
  if (!gender) addError(errors, 'gender', 'must be female, male or other (or F, M, O), or empty');
  return gender;
}

function graduationYearOf(text: string, errors: FieldErrors): number | null {
  if (text === '') return null;
  const year = /^\d{4}$/.test(text) ? Number(text) : NaN;
  if (year >= 1900 && year <= 2200) return year;
  addError(errors, 'graduationYear', 'must be a year between 1900 and 2200, e.g. 2027');
  return null;
}

function measureOf(
  column: 'heightCm' | 'weightKg',
  text: string,
  max: number,
  example: string,
  errors: FieldErrors,
): number | null {
  if (text === '') return null;
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (value > 0 && value <= max) return value;
  addError(errors, column, `must be a number above 0 and at most ${max}, e.g. ${example}`);
  return null;
}

/** The sport named in the cell (by name, any case). */
function sportOf(text: string, reference: ReferenceData, errors: FieldErrors): number | null {
  if (text === '') return null;
  const sport = reference.sports.find((s) => s.name.toLowerCase() === text.toLowerCase());
  if (sport) return sport.id;
  addError(
    errors,
    'sport',
    `Unknown sport "${text}": use one of ${reference.sports.map((s) => s.name).join(', ')}.`,
  );
  return null;
}

/** The position named in the cell (abbreviation or name), among the sport's. */
function positionOf(
  text: string,
  sportText: string,
  sportId: number | null,
  reference: ReferenceData,
  errors: FieldErrors,
): number | null {
  if (text === '') return null;
  if (sportId === null) {
    if (sportText === '')
      addError(errors, 'position', 'needs the sport of the position (the sport column)');
    return null;
  }
  const wanted = text.toLowerCase();
  const positions = reference.positions.filter((p) => p.sportId === sportId);
  const position = positions.find(
    (p) => p.abbreviation.toLowerCase() === wanted || p.name.toLowerCase() === wanted,
  );
  if (position) return position.id;
  const sportName = reference.sportById.get(sportId)?.name ?? '';
  addError(
    errors,
    'position',
    positions.length === 0
      ? `${sportName} has no positions: leave the position empty.`
      : `"${text}" is not a position of ${sportName}: use one of ${positions.map((p) => p.abbreviation).join(', ')}.`,
  );
  return null;
}

/** The roster names of the cell, separated by ROSTER_SEPARATOR. */
function rosterNamesOf(text: string, errors: FieldErrors): string[] {
  const names: string[] = [];
  for (const piece of text.split(ROSTER_SEPARATOR)) {
    const name = piece.trim();
    if (name === '') continue;
    if (name.length > MAX_TEXT)
      addError(errors, 'rosters', `"${name.slice(0, 20)}…" is longer than ${MAX_TEXT} characters`);
    else if (!isLine(name)) addError(errors, 'rosters', `each roster name ${LINE_MESSAGE}`);
    else names.push(name);
  }
  return names;
}

/**
 * Checks a parsed file against the rules and the account's data (read through `db`: the
 * locked transaction of a commit, or the database for a dry run) and answers the report
 * with the rows to write. With a roster `limit` (a member limited to some rosters), each
 * row must name at least one of those rosters and no other, and athletes of the account
 * are not named in the messages (decision 041).
 */
export async function planImport(
  db: Db,
  accountId: string,
  parsed: ParsedCsv,
  reference: ReferenceData,
  dryRun: boolean,
  limit: readonly string[] | null = null,
): Promise<ImportPlan> {
  const spots = await athleteSpots(db, accountId);
  const { reports, rows, rosters, linesByExternalId } = await checkRows(parsed, reference);
  const reportOf = new Map(reports.map((report) => [report.line, report]));
  markRepeatedExternalIds(linesByExternalId, reportOf);
  await markTakenExternalIds(db, accountId, linesByExternalId, reportOf, !limit);
  const fileErrors = [...parsed.fileErrors];
  const rosterError = await resolveRosters(db, accountId, rosters);
  if (limit) holdToRosters(rows, rosters, limit, reportOf);
  else if (rosterError) fileErrors.push(rosterError);
  if (parsed.rowCount > spots) fileErrors.push(noSpotsForImport(parsed.rowCount, spots));
  if (parsed.fileErrors.length === 0 && parsed.rowCount === 0) {
    fileErrors.push('The file has a header row but no athletes.');
  }
  return {
    report: {
      dryRun,
      rowCount: parsed.rowCount,
      errorCount: reports.filter((r) => Object.keys(r.errors).length > 0).length,
      created: 0,
      // A limited member makes no rosters: a new one is a row error (holdToRosters).
      newRosters: limit
        ? []
        : [...rosters.values()].filter((r) => r.id === null).map((r) => r.name),
      athleteSpots: spots,
      fileErrors,
      rows: reports,
    },
    rows,
    rosters,
  };
}

/** Each row on its own: the CSV's checks and the athlete rules; the rosters and external ids it names. */
async function checkRows(parsed: ParsedCsv, reference: ReferenceData) {
  const reports: ImportRowReport[] = [];
  const rows: RowPlan[] = [];
  const rosters: ImportPlan['rosters'] = new Map();
  const linesByExternalId = new Map<string, number[]>();
  const slice = timeSlices();
  for (const row of parsed.rows) {
    await slice();
    const errors: FieldErrors = {};
    if (row.cellCount !== undefined) {
      addError(
        errors,
        'row',
        `has ${row.cellCount} cells, but the header row has ${parsed.columnCount}`,
      );
    }
    const { input, rosterNames } = rowInput(row, reference, errors);
    const checked = checkAthlete(input, reference, {
      fields: { sportId: 'sport', positionId: 'position' },
    });
    for (const [field, messages] of Object.entries(checked.errors)) {
      for (const message of messages) addError(errors, field, message);
    }
    const rosterKeys: string[] = [];
    for (const name of rosterNames) {
      const key = name.toLowerCase();
      if (!rosters.has(key)) rosters.set(key, { name, id: null });
      if (!rosterKeys.includes(key)) rosterKeys.push(key);
    }
    const { externalId } = checked.values;
    if (externalId !== null) {
      linesByExternalId.set(externalId, [...(linesByExternalId.get(externalId) ?? []), row.line]);
    }
    reports.push({
      line: row.line,
      firstName: row.cells.firstName ?? '',
      lastName: row.cells.lastName ?? '',
      errors,
    });
    rows.push({ line: row.line, values: checked.values, rosterKeys });
  }
  return { reports, rows, rosters, linesByExternalId };
}

/** An external id on several lines of the file: an error on each of them. */
function markRepeatedExternalIds(
  linesByExternalId: Map<string, number[]>,
  reportOf: Map<number, ImportRowReport>,
): void {
  for (const [externalId, lines] of linesByExternalId) {
    if (lines.length < 2) continue;
    for (const line of lines) {
      const others = lines.filter((l) => l !== line);
      addError(
        reportOf.get(line)!.errors,
        'externalId',
        `"${externalId}" is also the external id on line${others.length > 1 ? 's' : ''} ${others.join(', ')}; external ids must be unique.`,
      );
    }
  }
}

/**
 * A member limited to some rosters imports into those only: a row names at least one of
 * them and no other roster (one of another member, or a new one: rosters are the
 * program's to make). The same words for a roster that exists and one that does not.
 */
function holdToRosters(
  rows: readonly RowPlan[],
  rosters: ImportPlan['rosters'],
  limit: readonly string[],
  reportOf: Map<number, ImportRowReport>,
): void {
  for (const row of rows) {
    const errors = reportOf.get(row.line)!.errors;
    const others = row.rosterKeys
      .map((key) => rosters.get(key)!)
      .filter((roster) => roster.id === null || !limit.includes(roster.id));
    if (others.length > 0) {
      const names = others.map((roster) => `"${roster.name}"`).join(', ');
      addError(
        errors,
        'rosters',
        `${names} ${others.length === 1 ? 'is not one' : 'are not'} of your rosters: you may import into your rosters only`,
      );
    } else if (row.rosterKeys.length === 0) {
      addError(errors, 'rosters', 'must name one of your rosters: you may import into them only');
    }
  }
}

/**
 * An external id an athlete of the account has already: an error on its lines, naming
 * the athlete (`named`) or not (for a member limited to some rosters).
 */
async function markTakenExternalIds(
  db: Db,
  accountId: string,
  linesByExternalId: Map<string, number[]>,
  reportOf: Map<number, ImportRowReport>,
  named: boolean,
): Promise<void> {
  if (linesByExternalId.size === 0) return;
  const { rows: taken } = await sql<{
    external_id: string;
    first_name: string;
    last_name: string;
  }>`
    select external_id, first_name, last_name from athletes
    where account_id = ${accountId} and external_id = any(${[...linesByExternalId.keys()]}::text[])`.execute(
    db,
  );
  for (const athlete of taken) {
    for (const line of linesByExternalId.get(athlete.external_id) ?? []) {
      addError(
        reportOf.get(line)!.errors,
        'externalId',
        `${named ? `${athlete.first_name} ${athlete.last_name}` : 'Another athlete'} has this external id already; external ids must be unique.`,
      );
    }
  }
}

/**
 * Finds the named rosters the account has (their ids set in `rosters`); the others are
 * new. @returns the file's error when the new ones would pass the account's roster limit
 */
async function resolveRosters(
  db: Db,
  accountId: string,
  rosters: ImportPlan['rosters'],
): Promise<string | undefined> {
  if (rosters.size === 0) return undefined;
  const names = [...rosters.values()].map((r) => r.name);
  const { rows: existing } = await sql<{ name: string; id: string | null; total: number }>`
    select n.name, r.id,
      (select count(*)::integer from rosters where account_id = ${accountId}) as total
    from unnest(${names}::text[]) as n(name)
    left join rosters r on r.account_id = ${accountId} and lower(r.name) = lower(n.name)`.execute(
    db,
  );
  for (const row of existing) {
    const roster = rosters.get(row.name.toLowerCase());
    if (roster && row.id !== null) roster.id = row.id;
  }
  const newCount = [...rosters.values()].filter((r) => r.id === null).length;
  const total = existing[0]?.total ?? 0;
  return total + newCount > MAX_ROSTERS
    ? `The file names ${newCount} new rosters, but this account has ${total} and may have at most ${MAX_ROSTERS}.`
    : undefined;
}

/** Whether the report lets the rows be written. */
export function isClean(report: ImportReportBody): boolean {
  return report.fileErrors.length === 0 && report.errorCount === 0;
}

/** The report's problems in the API's 400 shape: `file`, and `rows.<line>.<column>`. */
export function reportErrors(report: ImportReportBody): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (report.fileErrors.length > 0) errors.file = report.fileErrors;
  for (const row of report.rows) {
    for (const [column, messages] of Object.entries(row.errors)) {
      errors[`rows.${row.line}.${column}`] = messages;
    }
  }
  return errors;
}

export class ImportRejectedError extends Error {
  constructor(readonly report: ImportReportBody) {
    super('the import has errors');
    this.name = 'ImportRejectedError';
  }
}

/**
 * Checks and writes a file in one transaction, holding the account row so that no other
 * addition takes spots or makes rosters meanwhile: the spots, the missing rosters, the
 * athletes (multi-row inserts of INSERT_BATCH rows) and their memberships.
 *
 * `embedded` (PGlite: one connection, which this transaction holds, so no other session
 * can change anything until it ends) takes two shortcuts that would be unsafe with other
 * sessions: a block of ids in one statement, and no foreign-key triggers for the inserts
 * (`session_replication_role = replica`, as the seed loader does). Every reference
 * written was read in this transaction: the locked account, sports and positions checked
 * against the reference data, rosters found or created here, athletes inserted here.
 * Those triggers are ~3/4 of the time of a 10,000-row import on PGlite.
 * @throws ImportRejectedError (nothing written) when the file has any error
 */
export function commitImport(
  db: Db,
  accountId: string,
  parsed: ParsedCsv,
  reference: ReferenceData,
  options: { embedded: boolean; actor: Actor; limit?: readonly string[] | null },
): Promise<ImportReportBody> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const plan = await planImport(trx, accountId, parsed, reference, false, options.limit);
    if (!isClean(plan.report)) throw new ImportRejectedError(plan.report);
    const count = plan.rows.length;
    if ((await reserveAthleteSpots(trx, accountId, count)) === undefined) {
      throw new Error('the spots checked under the account lock were gone');
    }
    const rosterIds = await createRosters(trx, accountId, plan.rosters);
    if (options.embedded) await sql`set local session_replication_role = replica`.execute(trx);
    const ids = await athleteIds(trx, count, options.embedded);
    const batchSize = options.embedded ? EMBEDDED_INSERT_BATCH : INSERT_BATCH;
    const members = { roster: [] as string[], athlete: [] as string[] };
    plan.rows.forEach((row, index) => {
      for (const key of row.rosterKeys) {
        members.roster.push(rosterIds.get(key)!);
        members.athlete.push(ids[index]!);
      }
    });
    for (let from = 0; from < count; from += batchSize) {
      const batch = plan.rows.slice(from, from + batchSize);
      await insertAthletes(
        trx,
        accountId,
        batch.map((row) => row.values),
        ids.slice(from, from + batchSize),
      );
    }
    for (let from = 0; from < members.roster.length; from += batchSize * 4) {
      const to = from + batchSize * 4;
      await sql`insert into roster_athletes (roster_id, athlete_id, account_id)
        select r, a, ${accountId}
        from unnest(${members.roster.slice(from, to)}::bigint[], ${members.athlete.slice(from, to)}::bigint[]) as t(r, a)`.execute(
        trx,
      );
    }
    // The outbox after the memberships (the payloads list the rosters), a block at a time;
    // nothing is read back without a subscription to athlete.created.
    for (let from = 0; from < count; from += batchSize) {
      const block = ids.slice(from, from + batchSize);
      await recordEvents(trx, accountId, 'athlete.created', () =>
        athleteBodies(trx, accountId, block),
      );
    }
    // One entry for the file, however many athletes it adds (decision 036).
    if (count > 0) {
      await recordActivity(trx, {
        accountId,
        actor: options.actor,
        kind: 'athlete',
        action: 'imported',
        subjectLabel: `${count} ${count === 1 ? 'athlete' : 'athletes'} from a CSV file`,
        count,
      });
    }
    return { ...plan.report, created: count };
  });
}

/**
 * `count` new athlete ids from the table's sequence: one `nextval` each, or (`block`, when
 * no other session can draw from the sequence meanwhile) a block moved past in one call.
 */
async function athleteIds(trx: Db, count: number, block: boolean): Promise<string[]> {
  if (count === 0) return [];
  const sequence = sql`pg_get_serial_sequence('athletes', 'id')`;
  if (!block) {
    const { rows } = await sql<{ id: string }>`
      select nextval(${sequence})::text as id from generate_series(1, ${count})`.execute(trx);
    return rows.map((row) => row.id);
  }
  const { rows } = await sql<{ last: string }>`
    select setval(${sequence}, nextval(${sequence}) + ${count - 1})::text as last`.execute(trx);
  const first = BigInt(rows[0]!.last) - BigInt(count - 1);
  return Array.from({ length: count }, (_, i) => String(first + BigInt(i)));
}

/** Creates the file's missing rosters; answers every roster's id by lower-cased name. */
async function createRosters(
  trx: Db,
  accountId: string,
  rosters: ImportPlan['rosters'],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const missing: string[] = [];
  for (const [key, roster] of rosters) {
    if (roster.id === null) missing.push(roster.name);
    else ids.set(key, roster.id);
  }
  if (missing.length === 0) return ids;
  await sql`insert into rosters (account_id, name)
    select ${accountId}, name from unnest(${missing}::text[]) as n(name)
    on conflict (account_id, lower(name)) do nothing`.execute(trx);
  const { rows } = await sql<{ name: string; id: string }>`
    select n.name, r.id from unnest(${missing}::text[]) as n(name)
    join rosters r on r.account_id = ${accountId} and lower(r.name) = lower(n.name)`.execute(trx);
  for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  return ids;
}

/** One multi-row insert: an array per column, `unnest` makes the rows (as the seed loader does). */
async function insertAthletes(
  trx: Db,
  accountId: string,
  athletes: readonly AthleteValues[],
  ids: readonly string[],
): Promise<void> {
  const rows = athletes.map(athleteColumns);
  const col = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
  await sql`insert into athletes (id, account_id, first_name, middle_name, last_name,
      first_name_key, middle_name_key, last_name_key, gender, birth_date, graduation_year,
      sport_id, position_id, height_cm, weight_kg, external_id, email)
    select id, ${accountId}, f, m, l, fk, mk, lk, g, b, y, s, p, h, w, x, e
    from unnest(${ids}::bigint[], ${col('first_name')}::text[], ${col('middle_name')}::text[],
      ${col('last_name')}::text[], ${col('first_name_key')}::text[], ${col('middle_name_key')}::text[],
      ${col('last_name_key')}::text[], ${col('gender')}::text[], ${col('birth_date')}::date[],
      ${col('graduation_year')}::int[], ${col('sport_id')}::int[], ${col('position_id')}::int[],
      ${col('height_cm')}::numeric[], ${col('weight_kg')}::numeric[], ${col('external_id')}::text[],
      ${col('email')}::text[])
      as t(id, f, m, l, fk, mk, lk, g, b, y, s, p, h, w, x, e)`.execute(trx);
}
