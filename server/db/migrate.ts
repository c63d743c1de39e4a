import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';

/**
 * Brings the schema to the latest migration. Kysely's Migrator takes a lock (an
 * advisory lock on PostgreSQL), so several server processes may start at once.
 * @throws Error naming the migration that failed
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
): Promise<string[]> {
  // The migration tables live in the schema the connection works in (search_path).
  // Named explicitly because the Migrator otherwise takes a kysely_migration table of
  // any schema in the database for its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    const name = failed ? ` ${failed.migrationName}` : '';
    throw new Error(
      `Database migration${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return results
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
