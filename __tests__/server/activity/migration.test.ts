import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DatabaseHandle } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations as all } from '../../../server/db/migrations';
import { emptyDatabase, type EmptyDatabase } from '../helpers/build-test-app';

/** The migrations up to this one: later ones would be the first to go down. */
const migrations = Object.fromEntries(
  Object.entries(all).filter(([name]) => name <= '029_activity_log'),
);

/** Migration 029 (the activity log) goes down and up again with data in the database, on both engines. */
describe('migration 029', () => {
  let handle: DatabaseHandle;
  let database: EmptyDatabase;
  beforeAll(async () => {
    database = await emptyDatabase();
    handle = database.handle;
  }, 60_000);
  afterAll(() => database.close());

  const tables = async (db: Kysely<unknown>) =>
    (
      await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema()`.execute(db)
    ).rows.map((row) => row.table_name);

  it('goes down and up again, keeping every other row', async () => {
    const db = handle.db as Kysely<unknown>;
    await migrateToLatest(db, migrations);
    const { rows } = await sql<{ id: string }>`
      insert into users (auth_subject, email) values ('a', 'a@example.org') returning id`.execute(
      db,
    );
    const account = rows[0]!.id;
    await sql`
      insert into athletes (account_id, first_name, last_name, first_name_key, last_name_key)
      values (${account}, 'Ada', 'One', 'ada', 'one')`.execute(db);
    await sql`
      insert into activity_log (account_id, actor_sub, actor_email, kind, action, subject_label)
      values (${account}, 'a', 'a@example.org', 'athlete', 'created', 'Ada One')`.execute(db);

    const { schema } = (
      await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
    ).rows[0]!;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
    });
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(down.results?.[0]).toMatchObject({
      migrationName: '029_activity_log',
      direction: 'Down',
      status: 'Success',
    });
    expect(await tables(db)).not.toContain('activity_log');
    const functions = await sql<{ n: string }>`
      select count(*) as n from pg_proc where proname = 'activity_log_append_only'`.execute(db);
    expect(Number(functions.rows[0]!.n)).toBe(0);

    expect(await migrateToLatest(db, migrations)).toEqual(['029_activity_log']);
    expect(await tables(db)).toContain('activity_log');
    const athletes = await sql<{ n: string }>`select count(*) as n from athletes`.execute(db);
    expect(Number(athletes.rows[0]!.n)).toBe(1);
    // Up again: empty, append-only, and written to.
    await sql`
      insert into activity_log (account_id, api_key_id, api_key_name, kind, action, item_count)
      values (${account}, 1, 'gate', 'result', 'created', 40)`.execute(db);
    await expect(sql`update activity_log set item_count = 1`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    // An entry names one actor: a user or a key, not both or none.
    await expect(
      sql`insert into activity_log (account_id, kind, action) values (${account}, 'athlete', 'created')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
