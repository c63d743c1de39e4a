import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** The typed query builder over PGlite or PostgreSQL (server/db/). */
    db: Kysely<Database>;
    /** The connection pool's counts (server/metrics reads them at each scrape). */
    dbPool: DatabaseHandle['pool'];
    /** Whether the database's one session is in use and answered within `ms` (PGlite: connect.ts). */
    dbBusyButAnswering: DatabaseHandle['busyButAnswering'];
  }
}

/**
 * Opens the database, migrates it to the latest schema before any route is served, and
 * closes it (releasing the data-dir lock) when the server closes.
 */
export default fp(
  async (app) => {
    const handle = await openDatabase(app.config, app.log);
    app.addHook('onClose', async () => handle.close());
    try {
      const applied = await migrateToLatest(handle.db as Kysely<unknown>, migrations);
      app.log.info({ engine: handle.engine, applied }, 'database ready');
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('dbPool', handle.pool);
    app.decorate('dbBusyButAnswering', handle.busyButAnswering);
  },
  { name: 'database', dependencies: ['config'], fastify: '5.x' },
);
