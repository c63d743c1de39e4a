import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { Kysely, sql } from 'kysely';
import { Pool } from 'pg';
import { buildApp, type App } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connect';
import { SchemaPostgresDialect } from '../../../server/db/dialect';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import { openEmbeddedPool } from '../../../server/db/pglite';
import type { IdentitySettings } from '../../../server/identity/settings';
import type { LiveSettings } from '../../../server/live/plugin';
import type { AdmissionSettings } from '../../../server/plugins/admission';
import type { DiskSettings } from '../../../server/plugins/disk';
import type { WebhookSettings } from '../../../server/webhook/worker';

export interface Store {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** PGlite's version names the template: another version may need another layout. */
const pglitePackage = path.join(
  path.dirname(require.resolve('@electric-sql/pglite')),
  '..',
  'package.json',
);
const pgliteVersion = (JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string })
  .version;

/** The migrations' sources: a template made before one of them changed is not used. */
function migrationsDigest(): string {
  const dir = path.join(__dirname, '..', '..', '..', 'server', 'db', 'migrations');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(dir).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A PGlite data directory made once and kept in the temp folder: `migrated`, with every
 * migration run, or `empty`, just made (initdb). initdb takes 2-12 s and the migrations a
 * few more, a copy well under that; each test file's app then finds nothing to migrate
 * (its start runs the migrator as the server's does). Named by PGlite's version and the
 * migrations' sources. Built aside and renamed into place, so that test workers racing
 * to build it never see half of one.
 */
async function pgliteTemplate(kind: 'empty' | 'migrated'): Promise<string> {
  const template = path.join(
    os.tmpdir(),
    `splitline-pglite-template-${pgliteVersion}-${kind === 'migrated' ? migrationsDigest() : kind}`,
  );
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = await fs.promises.mkdtemp(`${template}-building-`);
  const embedded = await openEmbeddedPool(building);
  const db = new Kysely<unknown>({ dialect: new SchemaPostgresDialect({ pool: embedded.pool }) });
  try {
    if (kind === 'migrated') await migrateToLatest(db, migrations);
  } finally {
    await db.destroy();
    await embedded.close();
  }
  await fs.promises.rename(path.join(building, 'pglite'), template).catch(() => undefined); // another worker's is in place
  await fs.promises.rm(building, { recursive: true, force: true });
  return template;
}

/**
 * A new temporary DATA_DIR holding a copy of a template. `cpSync`: Node copies the
 * template's 1,200 files natively, 2-3x faster than `fs.promises.cp`, which walks them
 * in JavaScript (0.2-0.5 s against 0.5-1.2 s).
 */
async function copyOfTemplate(kind: 'empty' | 'migrated'): Promise<string> {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-test-'));
  fs.cpSync(await pgliteTemplate(kind), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

export interface EmptyDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** Closes the database and removes it. */
  close(): Promise<void>;
}

/**
 * A database with no migration run, of its own, on the engine of the run: a new PGlite
 * in a temporary directory, or a new database on DATABASE_URL's server (for the tests
 * of a migration, the seed, the restore). `close()` closes it and removes it.
 */
export async function emptyDatabase(): Promise<EmptyDatabase> {
  const base = process.env.DATABASE_URL;
  const dataDir = base
    ? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-test-'))
    : await copyOfTemplate('empty');
  const removeDir = () => fs.promises.rm(dataDir, { recursive: true, force: true });
  if (!base) {
    const handle = await openDatabase({ databaseUrl: undefined, dataDir });
    return { handle, dataDir, close: () => handle.close().then(removeDir) };
  }
  const admin = await openDatabase({ databaseUrl: base, dataDir });
  const name = `splitline_test_${randomBytes(6).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    dataDir,
    async close() {
      await handle.close();
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      await admin.close();
      await removeDir();
    },
  };
}

/**
 * A fresh embedded database, migrated: PGlite in a new temporary DATA_DIR, whatever
 * DATABASE_URL says (the server processes of the durability tests, which never see
 * DATABASE_URL).
 */
export async function embeddedDatabase(): Promise<Store> {
  const dataDir = await copyOfTemplate('migrated');
  return {
    env: { DATA_DIR: dataDir },
    cleanup: () => fs.promises.rm(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A fresh schema on the PostgreSQL server of DATABASE_URL; the app's connections reach
 * it through `search_path` (the URL's `options` parameter), so migrations and queries
 * run unchanged, and test files may run side by side.
 */
async function freshSchema(databaseUrl: string): Promise<Store> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Pool({ connectionString: databaseUrl, max: 1 });
  await admin.query(`create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'splitline-test-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    async cleanup() {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database of its own (embedded, or a schema on DATABASE_URL's server) that outlives
 * the apps built on it (`buildTestApp({ database })`): for restarts. Call `cleanup()`.
 */
export function testDatabase(): Promise<Store> {
  return process.env.DATABASE_URL ? freshSchema(process.env.DATABASE_URL) : embeddedDatabase();
}

/**
 * The app on a database of its own (embedded, or PostgreSQL when DATABASE_URL is set),
 * not started yet: add test routes if needed, then `inject()`. Closing the app removes
 * the database.
 * @example
 * let app: App;
 * beforeAll(async () => { app = await buildTestApp(); });
 * afterAll(() => app.close());
 * it('answers', async () => expect((await app.inject('/api/health')).statusCode).toBe(200));
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    identity?: Partial<IdentitySettings>;
    live?: Partial<LiveSettings>;
    admission?: Partial<AdmissionSettings>;
    webhooks?: Partial<WebhookSettings>;
    disk?: Partial<DiskSettings>;
    /** A database from testDatabase(), kept when the app closes (default: a fresh one, removed). */
    database?: Store;
    /** pino's options, such as a `stream` that keeps the lines (default: no log). */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<App> {
  const store = options.database ?? (await testDatabase());
  const env = { PORT: '0', DEMO_DATA: 'false', ...store.env, ...options.env };
  const config = { ...loadConfig(env), ...options.config };
  const app = buildApp({
    config,
    logger: options.logger ?? false,
    identity: options.identity,
    live: options.live,
    // The gate as it runs, but a loaded CI machine's slow turn is not a refusal: a test
    // of concurrent requests (ingest's same-moment batches) got 503 after 500 ms waits.
    // The load-shedding tests set their own bounds.
    admission: { maxWaitMs: 30_000, ...options.admission },
    webhooks: options.webhooks,
    disk: options.disk,
  });
  if (!options.database) app.addHook('onClose', store.cleanup);
  return app;
}
