import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import { balance } from '../../../server/store';

/** Migration 019 turns `users.athlete_spots` into an opening ledger entry per account. */
describe('migration 019', () => {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'splitline-ledger-'));
    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
      const name = `splitline_ledger_test_${process.pid}`;
      await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      cleanup = async () => {
        await sql`drop database if exists ${sql.id(name)}`.execute(admin.db);
        await admin.close();
      };
    } else {
      cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    }
    handle = await openDatabase({ databaseUrl, dataDir });
  }, 60_000);
  afterAll(async () => {
    await handle.close();
    await cleanup();
  });

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
