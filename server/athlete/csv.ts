import { parse, type CsvError, type Options } from 'csv-parse';
import { ATHLETE_CSV_COLUMNS, MAX_IMPORT_ROWS } from '../../contract/athlete';
import { timeSlices } from '../time-slices';

/**
 * The athlete CSV format (docs/data-model.md): the columns of ATHLETE_CSV_COLUMNS, a
 * header row naming them (any case, any order), one athlete a row. Written by the export
 * and the template, read by the import, so that an export imports again.
 */
export type CsvColumn = (typeof ATHLETE_CSV_COLUMNS)[number];

/** 5 MB: about 40,000 rows of typical athletes, twice MAX_IMPORT_ROWS. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** Spreadsheets open a UTF-8 file with accents right only when it starts with a BOM. */
export const UTF8_BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is
 * written with a leading apostrophe, which spreadsheets show as text; the import takes
 * that apostrophe off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED_FORMULA = /^'[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export interface CsvRow {
  /** The row's first line in the file (the header is line 1 when it is the first line). */
  line: number;
  cells: Partial<Record<CsvColumn, string>>;
  /** The row's number of cells, set when it has non-empty ones beyond the header's. */
  cellCount?: number;
}

export interface ParsedCsv {
  fileErrors: string[];
  /** Cells in the header row. */
  columnCount: number;
  rows: CsvRow[];
  /** Data rows counted even when file errors keep them from being read. */
  rowCount: number;
}

const columnByLowerName = new Map(ATHLETE_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
const REQUIRED: CsvColumn[] = ['firstName', 'lastName'];

interface Record_ {
  record: string[];
  /** `bytes`: where the record ends in the input's UTF-8 bytes (after its line break). */
  info: { bytes: number };
}

const LINE_BREAK = /\r\n|\n|\r/g;

/**
 * The first line of each record: csv-parse's own line count goes wrong on CRLF inside
 * quotes, so count line breaks up to where each record starts (after the blank lines
 * that precede it). CR and LF bytes never occur inside a UTF-8 sequence, so reading the
 * bytes as latin1 counts them right.
 */
async function firstLines(bytes: Buffer, records: readonly Record_[]): Promise<number[]> {
  const lines: number[] = [];
  let line = 1;
  let start = 0;
  const slice = timeSlices();
  for (const { info } of records) {
    await slice();
    const text = bytes.toString('latin1', start, info.bytes);
    const blank = /^(?:\r\n|\n|\r)*/.exec(text)![0];
    line += blank.match(LINE_BREAK)?.length ?? 0;
    lines.push(line);
    line += text.slice(blank.length).match(LINE_BREAK)?.length ?? 0;
    start = info.bytes;
  }
  return lines;
}

/** Characters handed to the parser at a time, a turn of the event loop between (~5 ms). */
const PARSE_SLICE = 64 * 1024;

/**
 * csv-parse's stream parser, fed the text a slice at a time with a turn of the event
 * loop between: a 5 MB file parsed at once held the loop for ~250 ms. A slice never ends
 * between the two halves of a surrogate pair (each half alone would become U+FFFD).
 */
async function parseRecords(text: string, options: Options): Promise<Record_[]> {
  const records: Record_[] = [];
  const parser = parse(options);
  let failure: unknown;
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      failure = error;
      resolve();
    });
  });
  parser.on('readable', () => {
    for (let record = parser.read() as Record_ | null; record; record = parser.read()) {
      records.push(record);
    }
  });
  const slice = timeSlices(5);
  for (let at = 0; at < text.length && failure === undefined;) {
    let to = Math.min(at + PARSE_SLICE, text.length);
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to -= 1;
    parser.write(text.slice(at, to));
    at = to;
    await slice();
  }
  if (failure === undefined) parser.end();
  await ended;
  if (failure !== undefined) throw failure;
  return records;
}

/** Comma, unless the header row has none but semicolons or tabs (spreadsheets in some locales). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads an athlete CSV: the header (case-insensitive names in any order; an unknown,
 * doubled or missing required column is a file error), then the rows, blank rows
 * skipped, cells trimmed (and a formula's apostrophe taken off).
 */
export async function parseAthleteCsv(input: string): Promise<ParsedCsv> {
  const fail = (message: string): ParsedCsv => ({
    fileErrors: [message],
    columnCount: 0,
    rows: [],
    rowCount: 0,
  });
  // NUL: a UTF-16 file (Excel's "Unicode text") is full of them, and no column can hold one.
  if (input.includes('\uFFFD') || input.includes('\u0000')) {
    return fail('The file is not UTF-8 text: save it as "CSV UTF-8" and import it again.');
  }
  const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  if (text.trim() === '') {
    return fail(`The file is empty: it needs a header row (${ATHLETE_CSV_COLUMNS.join(',')}).`);
  }
  let records: Record_[];
  try {
    records = await parseRecords(text, {
      delimiter: delimiterOf(text.trimStart()),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    return fail(`The file is not valid CSV: ${(error as CsvError).message}.`);
  }
  const lines = await firstLines(Buffer.from(text), records);
  const numbered = records.map((record, index) => ({ ...record, line: lines[index]! }));
  const [header, ...data] = numbered.filter((r) => !isBlank(r.record));
  if (!header) return fail('The file has no header row.');

  const fileErrors: string[] = [];
  const columns: (CsvColumn | undefined)[] = [];
  const seen = new Set<CsvColumn>();
  header.record.forEach((name, index) => {
    const trimmed = name.trim();
    const column = columnByLowerName.get(trimmed.toLowerCase());
    columns.push(column);
    if (column && seen.has(column)) fileErrors.push(`The column "${column}" appears twice.`);
    if (column) seen.add(column);
    if (column || data.every((row) => (row.record[index] ?? '').trim() === '')) return;
    fileErrors.push(
      trimmed === ''
        ? `Column ${index + 1} has values but no name in the header row.`
        : `Unknown column "${trimmed}": the columns are ${ATHLETE_CSV_COLUMNS.join(', ')}.`,
    );
  });
  const missing = REQUIRED.filter((column) => !seen.has(column));
  if (missing.length > 0) {
    fileErrors.push(
      `The header row needs the column${missing.length > 1 ? 's' : ''} ${missing.join(' and ')}.`,
    );
  }
  if (data.length > MAX_IMPORT_ROWS) {
    fileErrors.push(
      `The file has ${data.length} athletes; at most ${MAX_IMPORT_ROWS} can be imported at once: split it.`,
    );
  }
  const columnCount = header.record.length;
  if (fileErrors.length > 0) return { fileErrors, columnCount, rows: [], rowCount: data.length };

  const slice = timeSlices();
  const rows: CsvRow[] = [];
  for (const record of data) {
    await slice();
    const cells: CsvRow['cells'] = {};
    let extraCells = false;
    record.record.forEach((value, index) => {
      const column = columns[index];
      const cell = value.trim();
      if (column) cells[column] = NEUTRALISED_FORMULA.test(cell) ? cell.slice(1) : cell;
      else if (index >= columnCount && cell !== '') extraCells = true;
    });
    const row: CsvRow = { line: record.line, cells };
    if (extraCells) row.cellCount = record.record.length;
    rows.push(row);
  }
  return { fileErrors, columnCount, rows, rowCount: rows.length };
}
