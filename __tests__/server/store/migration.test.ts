import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import { balance } from '../../../server/store';
import { emptyDatabase, type EmptyDatabase } from '../helpers/build-test-app';

/** Migration 019 turns `users.athlete_spots` into an opening ledger entry per account. */
describe('migration 019', () => {
  let handle: DatabaseHandle;
  let database: EmptyDatabase;
  beforeAll(async () => {
    database = await emptyDatabase();
    handle = database.handle;
  }, 60_000);
  afterAll(() => database.close());

  it('opens each account with its spots left plus its athletes, so the figure is unchanged', async () => {
    const db = handle.db as Kysely<unknown>;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '019'));
    await migrateToLatest(db, before);
    const { rows } = await sql<{ id: string }>`
      insert into users (auth_subject, email, athlete_spots)
      values ('a', 'a@example.org', 7), ('b', 'b@example.org', 0)
      returning id`.execute(db);
    const [a, b] = rows.map((row) => row.id);
    await sql`
      insert into athletes (account_id, first_name, last_name, first_name_key, last_name_key)
      values (${a}, 'Ada', 'One', 'ada', 'one'), (${a}, 'Bo', 'Two', 'bo', 'two'),
        (${b}, 'Cy', 'Three', 'cy', 'three')`.execute(db);

    await migrateToLatest(db, migrations);
    expect(await balance(handle.db, a!)).toEqual({ spotsTotal: 9, spotsLeft: 7, creditCents: 0 });
    expect(await balance(handle.db, b!)).toEqual({ spotsTotal: 1, spotsLeft: 0, creditCents: 0 });
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'users' and table_schema = current_schema()`.execute(db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('athlete_spots');
  });
});
