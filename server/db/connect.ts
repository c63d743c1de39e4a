import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import { openEmbeddedPool } from './pglite';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgresql';
  /** Destroys the query builder, closes the engine and releases the data-dir lock. */
  close(): Promise<void>;
}

/**
 * Every PostgreSQL connection of the server runs without JIT compilation and without
 * parallel workers (decision 013): the product's statements are index walks of a few
 * milliseconds whose planner costs are far above what they read, so a JIT compile
 * (10-100 ms) or a worker start (a 0.5 ms semi-join took 57 ms) costs them ten times
 * their work. Sent in the startup packet: no statement, no round trip. PGlite has
 * neither feature.
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/**
 * The URL with SESSION_OPTIONS in its `options` parameter (pg lets the URL's parameters
 * override the pool's settings), before the URL's own options: a deployment's
 * `?options=-c jit=on` still wins, and the tests' `-c search_path=...` stays.
 */
export function withSessionOptions(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const own = url.searchParams.get('options');
  url.searchParams.set('options', own ? `${SESSION_OPTIONS} ${own}` : SESSION_OPTIONS);
  return url.toString();
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite in DATA_DIR, which this process then locks.
 * @throws DataDirLockedError when another server holds DATA_DIR
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new Pool({
      connectionString: withSessionOptions(config.databaseUrl),
      connectionTimeoutMillis: 10_000,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgresql', close: once(() => db.destroy().catch(() => undefined)) };
  }
  const lock = await acquireDataDirLock(config.dataDir);
  try {
    const embedded = await openEmbeddedPool(config.dataDir);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: embedded.pool }) });
    const close = once(async () => {
      try {
        await db.destroy().catch(() => undefined); // the pool may be gone already
        await embedded.close();
      } finally {
        await lock.release();
      }
    });
    return { db, engine: 'pglite', close };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
