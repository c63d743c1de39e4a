import { Kysely } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import { SchemaPostgresDialect } from './dialect';
import { assertRoomForEmbeddedDatabase } from './free-space';
import { openEmbeddedPool } from './pglite';
import type { Database } from './schema';
import { databaseErrorFacts } from './unavailable';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgresql';
  /**
   * The pg pool under the query builder, for its counts (connections, idle, waiting) in
   * the operators' metrics; on PGlite one connection, so `waitingCount` is its queue.
   */
  pool: Pick<Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /**
   * Whether the database's one session is in use and answered a statement in the last
   * `ms` (PGlite only; always false on PostgreSQL). A `select 1` of the health check
   * would wait behind whatever transaction holds that session (a 10,000-row import:
   * ~300 ms), yet an engine that answered a moment ago is working. When the session is
   * idle (or the pool gone), the check asks the database itself.
   */
  busyButAnswering(ms: number): boolean;
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

/** Where the pool reports connections that PostgreSQL closed (the server's logger). */
export interface PoolLog {
  warn(object: object, message: string): void;
}

/**
 * Connections the PostgreSQL pool keeps open when idle (pg-pool closes the others after
 * 10 s idle; it opens connections on demand up to 10), and the ones the server warms up
 * at start, each a backend with caches of its own (decision 030).
 */
export const POOL_KEPT_CONNECTIONS = 10;

/**
 * The PostgreSQL pool, made safe against outages (decision 015). A pg client that loses
 * its connection emits `error`, and an `error` event with no listener is thrown at the
 * process: a PostgreSQL restart used to kill the server. So:
 * - the pool gets a listener: an idle client's error (`pg_ctl stop`, pg_terminate_backend)
 *   is logged, and pg-pool has already dropped that client;
 * - every client gets one for its whole life: a checked-out client's error already fails
 *   its query (the request answers 503), but pg emits the event too, and while a client
 *   is checked out pg-pool listens to nothing (say, between a failed statement and the
 *   ROLLBACK of a transaction). pg-pool never hands out a client that failed, and a
 *   client whose session ended with a FATAL error counts as failed at once (retire()).
 * New connections are opened on demand, so the pool recovers by itself as soon as
 * PostgreSQL accepts connections again. keepAlive finds connections to a database host
 * that vanished without closing them.
 */
export function createPostgresPool(databaseUrl: string, log: PoolLog): Pool {
  const pool = new Pool({
    connectionString: withSessionOptions(databaseUrl),
    min: POOL_KEPT_CONNECTIONS,
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
  });
  pool.on('error', (error) => {
    log.warn({ cause: databaseErrorFacts(error) }, 'database: an idle connection was closed');
  });
  pool.on('connect', (client) => {
    client.on('error', () => undefined); // reported through the failed query or the pool
    client.connection.on('errorMessage', (message: { severity?: string }) => {
      if (message.severity === 'FATAL') retire(client);
    });
  });
  return pool;
}

/**
 * Marks a client whose session PostgreSQL has just ended (a FATAL error, such as 57P01
 * when a busy backend is terminated) as unusable, so that pg-pool drops it when it is
 * released. pg hands the error to the running query but keeps the client usable until
 * the socket's close arrives; a request right after would get this dead client from the
 * pool and fail too. `_queryable` is the flag pg itself clears on a connection error and
 * the one pg-pool checks on release (pg 8.x, pg-pool 3.x; outage.test.ts pins it).
 */
function retire(client: PoolClient): void {
  (client as PoolClient & { _queryable: boolean })._queryable = false;
}

/**
 * Opens the database the configuration names: PostgreSQL when DATABASE_URL is set,
 * otherwise the embedded PGlite in DATA_DIR, which this process then locks.
 * @param log where PostgreSQL's closed connections are reported (default: console)
 * @throws DataDirLockedError when another server holds DATA_DIR
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: PoolLog = { warn: (object, message) => console.warn(message, object) },
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = createPostgresPool(config.databaseUrl, log);
    const db = new Kysely<Database>({ dialect: new SchemaPostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgresql',
      pool,
      busyButAnswering: () => false,
      close: once(() => db.destroy().catch(() => undefined)),
    };
  }
  const lock = await acquireDataDirLock(config.dataDir);
  try {
    assertRoomForEmbeddedDatabase(config.dataDir); // else PGlite fails with a stack, or hangs
    const embedded = await openEmbeddedPool(config.dataDir);
    const db = new Kysely<Database>({
      dialect: new SchemaPostgresDialect({ pool: embedded.pool }),
    });
    const close = once(async () => {
      try {
        await db.destroy().catch(() => undefined); // the pool may be gone already
        await embedded.close();
      } finally {
        await lock.release();
      }
    });
    const busyButAnswering = (ms: number) => {
      const at = embedded.lastAnswerAt();
      const busy = embedded.pool.totalCount > 0 && embedded.pool.idleCount === 0;
      return busy && at !== undefined && performance.now() - at <= ms;
    };
    return { db, engine: 'pglite', pool: embedded.pool, busyButAnswering, close };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}
