import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Pool } from 'pg';

/**
 * The embedded engine: PGlite (PostgreSQL in WASM, in this process) behind a pg.Pool,
 * so that Kysely's PostgresDialect runs the same code as on a PostgreSQL server.
 *
 * Contrib extensions must be passed in here before a migration can
 * `CREATE EXTENSION` them, e.g. `{ pg_trgm }` from '@electric-sql/pglite/contrib/pg_trgm'.
 * The schema needs none so far.
 */
const extensions = {};

export interface EmbeddedPool {
  pool: Pool;
  /** Ends the pool, then shuts PGlite down (it flushes its files). */
  close(): Promise<void>;
}

/** Opens (or, on first use, creates with initdb) the database in `DATA_DIR/pglite`. */
export async function openEmbeddedPool(dataDir: string): Promise<EmbeddedPool> {
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions });
  // The PGlite instance stays ours: the pool's single connection never closes it.
  const pool = new Pool(createPgConfig(pglite));
  let closed = false;
  return {
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end().catch(() => undefined); // already ended by Kysely's destroy()
      await pglite.close();
    },
  };
}
