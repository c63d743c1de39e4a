import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { sql, type Kysely, type Transaction } from 'kysely';
import { Migrator, NO_MIGRATIONS, type Migration } from 'kysely/migration';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { refreshStatistics } from '../db/statistics';
import { KEY_FILE } from '../webhook';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupEnd,
  type BackupHeader,
} from './format';

export interface RestoreTarget {
  db: Kysely<Database>;
  dataDir: string;
}

export interface RestoreSummary {
  createdAt: string;
  rows: Record<string, number>;
  totalRows: number;
  files: number;
  /** Migrations run after the rows were in, for a backup of an older Splitline. */
  migrated: string[];
  seconds: number;
}

/** A batch of rows goes to the database in one INSERT of about this many bytes of JSON. */
const BATCH_BYTES = 1 << 20;
const BATCH_ROWS = 5000;

/** Lines of a backup file, in order; a damaged or cut file is a BackupError. */
async function* backupLines(file: string): AsyncGenerator<string> {
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(file);
    await new Promise<void>((resolve, reject) => {
      input.once('open', () => resolve());
      input.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT'
        ? `There is no file ${file}.`
        : `Cannot read ${file} (${code ?? String(error)}).`,
    );
  }
  const gunzip = zlib.createGunzip();
  input.pipe(gunzip);
  input.on('error', (error) => gunzip.destroy(error));
  const lines = readline.createInterface({ input: gunzip, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line !== '') yield line;
  } catch (error) {
    throw new BackupError(
      `${file} is not a complete Splitline backup (${(error as Error).message}).`,
    );
  } finally {
    lines.close();
    input.destroy();
  }
}

function parse(line: string, file: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new BackupError(`${file} is not a Splitline backup (a line is not JSON).`);
  }
}

/**
 * Restores a backup file made by createBackup into an empty database: the schema is
 * migrated to the backup's migration, every row is loaded in one transaction (triggers
 * off: the derived tables come from the file as they were), the sequences continue
 * after the rows, then the remaining migrations of this Splitline run and the planner's
 * statistics are made. The files of DATA_DIR (the webhook key, the logos) are written
 * into `dataDir`.
 * @throws BackupError when the database is not empty, the file is not a complete
 *   backup, it comes from a newer Splitline, or DATA_DIR holds another webhook key
 */
export async function restoreBackup(
  target: RestoreTarget,
  file: string,
  migrations: Record<string, Migration>,
): Promise<RestoreSummary> {
  const started = performance.now();
  const lines = backupLines(file)[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => {
    const { value, done } = await lines.next();
    return done ? undefined : value;
  };
  try {
    const first = await next();
    const header = (first === undefined ? {} : parse(first, file)) as Partial<
      BackupHeader & { tables: string[] }
    >;
    if (header['@backup'] !== BACKUP_FORMAT || !Array.isArray(header.tables)) {
      throw new BackupError(`${file} is not a Splitline backup.`);
    }
    if (header.version !== BACKUP_VERSION) {
      throw new BackupError(
        `${file} is a backup of format ${String(header.version)}; this Splitline reads format ${BACKUP_VERSION}.`,
      );
    }
    const known = Object.keys(migrations).sort();
    const theirs = header.migrations ?? [];
    const newer = theirs.find((name, i) => known[i] !== name);
    if (newer !== undefined) {
      throw new BackupError(
        `${file} was made by a newer Splitline (migration ${newer}); update Splitline before restoring it.`,
      );
    }
    await assertEmpty(target.db);

    // The files come first in a backup: a conflict is found before the database changes.
    let line = await next();
    let files = 0;
    while (line !== undefined && line.startsWith('{"@file"')) {
      const entry = parse(line, file) as { '@file': string; base64: string };
      await restoreFile(target.dataDir, entry['@file'], Buffer.from(entry.base64, 'base64'));
      files++;
      line = await next();
    }

    await migrateTo(target.db, migrations, theirs.at(-1));
    const tables = header.tables;
    const rows: Record<string, number> = {};
    await target.db.transaction().execute(async (trx) => {
      for (const table of tables) {
        await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
      }
      // What the migrations put in (reference data) makes way for the backup's rows.
      if (tables.length > 0) {
        await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
      }
      let end: BackupEnd | undefined;
      let table: string | undefined;
      let insert: Inserter | undefined;
      for (; line !== undefined; line = await next()) {
        if (!line.startsWith('{"@')) {
          if (!insert)
            throw new BackupError(`${file} is not a Splitline backup (a row before its table).`);
          await insert.add(line);
          continue;
        }
        const marker = parse(line, file);
        if (typeof marker['@table'] === 'string') {
          if (insert) rows[table!] = await insert.finish();
          table = marker['@table'];
          if (!tables.includes(table)) {
            throw new BackupError(
              `${file} is not a Splitline backup (table ${table} is not in its list).`,
            );
          }
          insert = await inserter(trx, table);
        } else if (typeof marker['@sequence'] === 'string') {
          if (insert) rows[table!] = await insert.finish();
          insert = undefined;
          if (typeof marker.value === 'string') {
            await sql`select setval(${marker['@sequence']}::regclass, ${marker.value}::bigint, true)`.execute(
              trx,
            );
          }
        } else if (marker['@end'] === true) {
          if (insert) rows[table!] = await insert.finish();
          insert = undefined;
          end = marker as unknown as BackupEnd;
          break;
        }
      }
      if (!end)
        throw new BackupError(`${file} is cut short: it is not a complete Splitline backup.`);
      for (const name of tables) {
        if ((rows[name] ?? 0) !== (end.rows[name] ?? 0)) {
          throw new BackupError(
            `${file} is damaged: table ${name} has ${rows[name] ?? 0} rows of ${end.rows[name] ?? 0}.`,
          );
        }
      }
      await continueSequences(trx);
      for (const table of tables) {
        await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
      }
    });
    const migrated = await migrateToLatest(target.db as Kysely<unknown>, migrations);
    await refreshStatistics(target.db);
    return {
      createdAt: String(header.createdAt),
      rows,
      totalRows: Object.values(rows).reduce((sum, n) => sum + n, 0),
      files,
      migrated,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    };
  } finally {
    await lines.return?.(undefined);
  }
}

/** Tables in the connection's schema: a restore goes into none that has any. */
export async function assertEmpty(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from pg_class c
    where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and c.relkind in ('r', 'p')`.execute(db);
  const count = Number(rows[0]?.n ?? 0);
  if (count > 0) {
    throw new BackupError(
      `The target database is not empty (it has ${count} tables); restore into a fresh DATA_DIR or an empty PostgreSQL database.`,
    );
  }
}

async function migrateTo(
  db: Kysely<Database>,
  migrations: Record<string, Migration>,
  last: string | undefined,
): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db: db as Kysely<unknown>,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema,
  });
  const { error } = await migrator.migrateTo(last ?? NO_MIGRATIONS);
  if (error) {
    throw new Error(
      `The schema could not be made: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
}

/** Writes a file of the backup into DATA_DIR, unless the same file is there already. */
async function restoreFile(dataDir: string, relative: string, bytes: Buffer): Promise<void> {
  const full = path.resolve(dataDir, relative);
  if (!full.startsWith(path.resolve(dataDir) + path.sep)) {
    throw new BackupError(`The backup names a file outside DATA_DIR (${relative}); it is refused.`);
  }
  const existing = await fs.promises.readFile(full).catch(() => null);
  if (existing) {
    if (existing.equals(bytes)) return;
    if (relative === KEY_FILE) {
      throw new BackupError(
        `${full} holds another webhook key than the backup's; move it away, then restore again.`,
      );
    }
  }
  await fs.promises.mkdir(path.dirname(full), { recursive: true });
  const aside = `${full}.restoring-${process.pid}`;
  await fs.promises.writeFile(aside, bytes, { mode: 0o600 });
  await fs.promises.rename(aside, full);
}

interface Inserter {
  add(row: string): Promise<void>;
  /** Sends what is left; the table's row count. */
  finish(): Promise<number>;
}

async function inserter(trx: Transaction<Database>, table: string): Promise<Inserter> {
  const { rows: columns } = await sql<{ name: string; always: boolean }>`
    select a.attname as name, a.attidentity = 'a' as always from pg_attribute a
    where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by a.attnum`.execute(trx);
  const names = sql.join(columns.map((column) => sql.ref(column.name)));
  const overriding = columns.some((column) => column.always) ? sql`overriding system value` : sql``;
  let batch: string[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(',')}]`;
    batch = [];
    bytes = 0;
    await sql`insert into ${sql.table(table)} (${names}) ${overriding}
      select ${names} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`.execute(
      trx,
    );
  };
  return {
    async add(row) {
      batch.push(row);
      bytes += row.length;
      count++;
      if (bytes >= BATCH_BYTES || batch.length >= BATCH_ROWS) await flush();
    },
    async finish() {
      await flush();
      return count;
    },
  };
}

/**
 * Each sequence owned by a column continues after the column's highest value, whatever
 * the backup said of it (a row written with an explicit id): new rows never collide.
 */
async function continueSequences(trx: Transaction<Database>): Promise<void> {
  const { rows } = await sql<{ sequence: string; table: string; column: string }>`
    select s.relname as sequence, t.relname as table, a.attname as column
    from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_class t on t.oid = d.refobjid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where d.deptype in ('a', 'i')
      and s.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(
    trx,
  );
  for (const row of rows) {
    await sql`select setval(${row.sequence}::regclass, greatest(
        (select max(${sql.ref(row.column)}) from ${sql.table(row.table)}),
        (select case when is_called then last_value end from ${sql.table(row.sequence)})), true)
      where exists (select 1 from ${sql.table(row.table)})`.execute(trx);
  }
}
