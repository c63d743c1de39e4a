import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { logosDir } from '../user';
import { KEY_FILE } from '../webhook';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  MIGRATOR_TABLES,
  type BackupEnd,
  type BackupHeader,
} from './format';

/** What a backup reads: the database and the data directory beside it. */
export interface BackupSource {
  db: Kysely<Database>;
  dataDir: string;
  engine: 'pglite' | 'postgresql';
}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** From the start of the snapshot to the file in place. */
  seconds: number;
  createdAt: string;
  rows: Record<string, number>;
  totalRows: number;
  files: number;
}

/** Rows fetched from the cursor at a time: bounded memory at any table size. */
const FETCH_ROWS = 5000;

/**
 * The source of a running server (`app.db`, its DATA_DIR, its engine): what the admin
 * command and the schedule pass to createBackup.
 */
export function backupSourceOf(app: {
  db: Kysely<Database>;
  config: { dataDir: string; databaseUrl: string | undefined };
}): BackupSource {
  return {
    db: app.db,
    dataDir: app.config.dataDir,
    engine: app.config.databaseUrl ? 'postgresql' : 'pglite',
  };
}

/**
 * Writes a consistent snapshot of the database (every table of the schema but the
 * migrator's, and the sequences' positions) and of the files of DATA_DIR the rows need
 * (the generated webhook key, the uploaded logos) to `targetFile` (decision 038).
 *
 * Every row is read in one REPEATABLE READ, READ ONLY transaction: the file holds
 * exactly what was committed when the transaction took its snapshot, whatever commits
 * meanwhile; on PostgreSQL writers never wait for it. The embedded engine has one
 * session, so there its requests wait (or are shed by the admission gate) while the
 * rows are read: seconds for the demo account (docs/performance.md).
 *
 * The file is written beside the target and renamed into place once complete and
 * flushed: `targetFile` is never a partial backup. Safe to call in the running server
 * (the schedule, the admin command) or from a command line holding the database.
 * @throws BackupError when the target exists or cannot be written
 */
export async function createBackup(
  source: BackupSource,
  targetFile: string,
): Promise<BackupSummary> {
  const started = performance.now();
  const target = path.resolve(targetFile);
  if (fs.existsSync(target)) {
    throw new BackupError(`${target} already exists; choose another file name.`);
  }
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.partial-${process.pid}`;
  const gzip = zlib.createGzip({ level: 4 });
  let out: fs.WriteStream;
  try {
    out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    await once(out, 'open');
  } catch (error) {
    throw new BackupError(
      `Cannot write the backup in ${path.dirname(target)} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  }
  const written = pipeline(gzip, out);
  written.catch(() => undefined); // awaited below; an early failure must not go unhandled
  const write = async (value: unknown | string) => {
    const line = typeof value === 'string' ? value : JSON.stringify(value);
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    const result = await source.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute((trx) => dumpInto(trx, source, write));
    gzip.end();
    await written;
    const handle = await fs.promises.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, target);
    const bytes = (await fs.promises.stat(target)).size;
    return {
      file: target,
      bytes,
      seconds: Math.round((performance.now() - started) / 10) / 100,
      createdAt: result.createdAt,
      rows: result.end.rows,
      totalRows: Object.values(result.end.rows).reduce((sum, n) => sum + n, 0),
      files: result.end.files,
    };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') {
      throw new BackupError(
        `The disk of ${path.dirname(target)} is full; the backup was not written.`,
      );
    }
    throw error;
  }
}

async function dumpInto(
  trx: Transaction<Database>,
  source: BackupSource,
  write: (value: unknown) => Promise<void>,
): Promise<{ createdAt: string; end: BackupEnd }> {
  // The first statement takes the snapshot; its time is the backup's.
  const { rows: now } = await sql<{ at: Date }>`select now() as at`.execute(trx);
  const createdAt = new Date(now[0]!.at).toISOString();
  const migrations = await appliedMigrations(trx);
  const tables = await tablesInLoadOrder(trx);
  const header: BackupHeader & { tables: string[] } = {
    '@backup': BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt,
    engine: source.engine,
    migrations,
    tables,
  };
  await write(header);

  let files = 0;
  for (const file of await dataDirFiles(source.dataDir)) {
    const bytes = await fs.promises.readFile(path.join(source.dataDir, file)).catch(() => null);
    if (!bytes) continue; // removed since it was listed (a logo replaced meanwhile)
    await write({ '@file': file, base64: bytes.toString('base64') });
    files++;
  }

  const rows: Record<string, number> = {};
  for (const table of tables) {
    await write({ '@table': table });
    rows[table] = 0;
    await sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(
      trx,
    );
    for (;;) {
      const batch = await sql<{
        row: string;
      }>`fetch forward ${sql.lit(FETCH_ROWS)} from backup_rows`.execute(trx);
      for (const { row } of batch.rows) await write(row);
      rows[table] += batch.rows.length;
      if (batch.rows.length < FETCH_ROWS) break;
    }
    await sql`close backup_rows`.execute(trx);
  }

  const { rows: sequences } = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences
    where schemaname = current_schema() order by sequencename`.execute(trx);
  for (const sequence of sequences) {
    await write({ '@sequence': sequence.name, value: sequence.value });
  }
  const end: BackupEnd = { '@end': true, rows, sequences: sequences.length, files };
  await write(end);
  return { createdAt, end };
}

async function appliedMigrations(trx: Transaction<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name`
    .execute(trx)
    .catch(() => {
      throw new BackupError(
        'The database has no Splitline schema yet; there is nothing to back up.',
      );
    });
  return rows.map((row) => row.name);
}

/**
 * The schema's tables, each after the tables its foreign keys point to, so that a
 * restore can load them in file order with every constraint checked.
 */
export async function tablesInLoadOrder(db: Kysely<Database>): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`.execute(db);
  const { rows: references } = await sql<{ child: string; parent: string }>`
    select ch.relname as child, pa.relname as parent from pg_constraint k
    join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
    where k.contype = 'f'
      and ch.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and k.conrelid <> k.confrelid`.execute(db);
  const names = tables.map((row) => row.name).filter((name) => !MIGRATOR_TABLES.includes(name));
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) =>
        !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0) throw new BackupError("The tables' foreign keys form a cycle.");
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** The files of DATA_DIR that rows refer to, relative to it (slashes). */
async function dataDirFiles(dataDir: string): Promise<string[]> {
  const files: string[] = [];
  if (fs.existsSync(path.join(dataDir, KEY_FILE))) files.push(KEY_FILE);
  const logos = logosDir(dataDir);
  const names = await fs.promises.readdir(logos).catch(() => [] as string[]);
  const relative = path.relative(dataDir, logos).split(path.sep).join('/');
  for (const name of names.sort()) {
    const stat = await fs.promises.stat(path.join(logos, name)).catch(() => null);
    if (stat?.isFile()) files.push(`${relative}/${name}`);
  }
  return files;
}
