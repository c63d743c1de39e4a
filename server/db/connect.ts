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
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite in DATA_DIR, which this process then locks.
 * @throws DataDirLockedError when another server holds DATA_DIR
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new Pool({
      connectionString: config.databaseUrl,
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
