import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import type { Database } from '../../server/db/schema';

export type Engine = 'pglite' | 'postgresql';

/** The PostgreSQL server the benches make their databases on. */
export const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

export interface StoreOptions {
  /** PostgreSQL: this database instead of `splitline_bench_<name>_<pid>`. */
  database?: string | undefined;
  /** PGlite: this data directory instead of a temporary one. */
  dataDir?: string | undefined;
  /** A named database or data directory that already holds data is used as it is. */
  reuse?: boolean;
  /** A named database or data directory is left there afterwards. */
  keep?: boolean;
}

/** Where a bench's server keeps its data, and how to take it away again. */
export interface BenchStore {
  engine: Engine;
  dataDir: string;
  /** PostgreSQL: the bench's database on `serverUrl`. */
  databaseUrl: string | undefined;
  database: string | undefined;
  /** PostgreSQL: a connection to `serverUrl` itself, open until `cleanup`. */
  admin: DatabaseHandle | undefined;
  /** False when a named database or data directory with data in it is used again. */
  fresh: boolean;
  /** Drops the database and removes the data directory, unless named and kept. */
  cleanup(): Promise<void>;
}

/**
 * A database for one bench run: on PGlite a data directory (temporary, or `dataDir`);
 * on PostgreSQL a database on `serverUrl` (`splitline_bench_<name>_<pid>`, or `database`)
 * and a temporary DATA_DIR beside it. Nothing is left open or behind when this throws.
 * @example const store = await benchStore('postgresql', 'stall');
 *          try { ... store.databaseUrl ... } finally { await store.cleanup(); }
 */
export async function benchStore(
  engine: Engine,
  name: string,
  options: StoreOptions = {},
): Promise<BenchStore> {
  const named = engine === 'pglite' ? options.dataDir : options.database;
  const reuse = named !== undefined && options.reuse === true;
  const keep = named !== undefined && options.keep === true;
  const temporary = engine === 'pglite' ? options.dataDir === undefined : true;
  const dataDir =
    engine === 'pglite' && options.dataDir !== undefined
      ? options.dataDir
      : fs.mkdtempSync(path.join(os.tmpdir(), `splitline-bench-${name}-`));
  if (engine === 'pglite') {
    const fresh = !(reuse && fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')));
    if (!temporary && !reuse) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    return {
      engine,
      dataDir,
      databaseUrl: undefined,
      database: undefined,
      admin: undefined,
      fresh,
      cleanup: async () => {
        if (temporary || !keep) fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = options.database ?? `splitline_bench_${name}_${process.pid}`;
  // Before: with (force), for what a crashed run left connected. After: without, so
  // that PostgreSQL waits (up to 5 s) for the closed server's backends to go.
  const drop = (admin: DatabaseHandle, force: boolean) =>
    sql`drop database if exists ${sql.id(database)} ${force ? sql`with (force)` : sql``}`.execute(
      admin.db,
    );
  let admin: DatabaseHandle | undefined;
  try {
    admin = await openDatabase({ databaseUrl: serverUrl, dataDir });
    const { rows } = await sql`select 1 from pg_database where datname = ${database}`.execute(
      admin.db,
    );
    const fresh = !(reuse && rows.length > 0);
    if (fresh) {
      await drop(admin, true);
      await sql`create database ${sql.id(database)}`.execute(admin.db);
    }
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const opened = admin;
    return {
      engine,
      dataDir,
      databaseUrl: url.toString(),
      database,
      admin,
      fresh,
      cleanup: async () => {
        try {
          if (!keep) await drop(opened, false);
        } finally {
          await opened.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await admin?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The command-line flags of a bench whose seeded database outlives a run. */
export interface KeptFlags {
  database?: string | undefined;
  'data-dir'?: string | undefined;
  reuse: boolean;
  keep: boolean;
}

/**
 * A store under a fixed name, which `--keep` leaves behind and `--reuse` takes up again:
 * the database `splitline_bench_<name>` or the data directory
 * $TMPDIR/splitline-bench-<name>-pglite, unless `--database` or `--data-dir` name others.
 */
export function keptStore(engine: Engine, name: string, flags: KeptFlags): Promise<BenchStore> {
  return benchStore(engine, name, {
    database: flags.database ?? `splitline_bench_${name}`,
    dataDir: flags['data-dir'] ?? path.join(os.tmpdir(), `splitline-bench-${name}-pglite`),
    reuse: flags.reuse,
    keep: flags.keep,
  });
}

/**
 * Migrates the store's database and seeds it with `seed` unless it is a reused one that
 * already holds the account of `email`; takes the store away (unless kept) when this throws.
 */
export async function seedOnce(
  store: BenchStore,
  email: string,
  seed: (db: Kysely<Database>) => Promise<void>,
): Promise<void> {
  try {
    const handle = await openDatabase(store);
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, migrations);
      const seeded = await handle.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (store.fresh || !seeded) await seed(handle.db);
      else console.log(`${store.engine}: reusing the seeded data`);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await store.cleanup();
    throw error;
  }
}
