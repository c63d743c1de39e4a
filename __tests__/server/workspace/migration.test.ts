import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { migrations } from '../../../server/db/migrations';
import * as workspaces from '../../../server/db/migrations/028_workspaces';
import * as seededOwners from '../../../server/db/migrations/030_seeded_owners';
import { emptyDatabase, type EmptyDatabase } from '../helpers/build-test-app';

/**
 * Migration 028: every existing account becomes a workspace owned by its user, with no
 * row changing hands and no id changing; existing API keys stay read-write. Down and up
 * again with data in it, on the engine of the run (PGlite, or PostgreSQL with DATABASE_URL).
 */
describe('migration 028', () => {
  let handle: DatabaseHandle;
  let database: EmptyDatabase;
  beforeAll(async () => {
    database = await emptyDatabase();
    handle = database.handle;
  }, 120_000);
  afterAll(() => database.close());

  const tableExists = async (db: Kysely<unknown>, table: string) =>
    (
      await sql<{ n: string }>`select count(*) as n from information_schema.tables
        where table_name = ${table} and table_schema = current_schema()`.execute(db)
    ).rows[0]!.n !== '0';

  it('makes each account its own workspace, owned by its user; down and up again keep the data', async () => {
    const db = handle.db as Kysely<unknown>;
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '028'));
    await migrateToLatest(db, before);
    const { rows: users } = await sql<{ id: string }>`
      insert into users (auth_subject, email) values ('a', 'a@example.org'), ('b', 'b@example.org')
      returning id`.execute(db);
    const [a, b] = users.map((row) => row.id) as [string, string];
    await sql`insert into rosters (account_id, name) values (${a}, 'Varsity')`.execute(db);
    await sql`insert into api_keys (account_id, name, prefix, key_hash)
      values (${a}, 'Gate', 'sl_live_abcd', 'hash-a')`.execute(db);

    await migrateToLatest(db, migrations);
    const members = async () =>
      (
        await sql<{ user_id: string; workspace_id: string; role: string; roster_ids: unknown }>`
          select user_id, workspace_id, role, roster_ids from workspace_members
          order by user_id`.execute(db)
      ).rows;
    expect(await members()).toEqual(
      [a, b]
        .sort()
        .map((id) => ({ user_id: id, workspace_id: id, role: 'owner', roster_ids: null })),
    );
    const key = await sql<{ access: string; account_id: string }>`
      select access, account_id from api_keys`.execute(db);
    expect(key.rows).toEqual([{ access: 'write', account_id: a }]);
    // The data did not move: the roster is still account a's.
    const roster = await sql<{ account_id: string }>`select account_id from rosters`.execute(db);
    expect(roster.rows).toEqual([{ account_id: a }]);
    // b joins a's workspace as a limited coach: a row the down migration must drop cleanly.
    await sql`insert into workspace_members (user_id, workspace_id, role, roster_ids)
      values (${b}, ${a}, 'coach', '{1}')`.execute(db);
    await sql`insert into workspace_invitations (workspace_id, email, role, token_hash, expires_at)
      values (${a}, 'c@example.org', 'viewer', 'token-hash', now() + interval '7 days')`.execute(
      db,
    );
    // An owner with a roster limit is refused by the table itself.
    await expect(
      sql`update workspace_members set roster_ids = '{1}' where user_id = ${a}`.execute(db),
    ).rejects.toThrow();

    await workspaces.down(db);
    expect(await tableExists(db, 'workspace_members')).toBe(false);
    expect(await tableExists(db, 'workspace_invitations')).toBe(false);
    const keyAfterDown = await sql<Record<string, unknown>>`select * from api_keys`.execute(db);
    expect(keyAfterDown.rows[0]).not.toHaveProperty('access');
    expect(keyAfterDown.rows[0]).toMatchObject({ account_id: a, name: 'Gate' });
    const usersAfterDown = await sql<{ id: string }>`select id from users order by id`.execute(db);
    expect(usersAfterDown.rows.map((row) => row.id)).toEqual([a, b].sort());

    await workspaces.up(db);
    expect(await members()).toEqual(
      [a, b]
        .sort()
        .map((id) => ({ user_id: id, workspace_id: id, role: 'owner', roster_ids: null })),
    );
    const keyAfterUp = await sql<{ access: string }>`select access from api_keys`.execute(db);
    expect(keyAfterUp.rows).toEqual([{ access: 'write' }]);
  });

  it('030: gives a workspace without an owner (a seeded account) its own user as owner', async () => {
    const db = handle.db as Kysely<unknown>;
    // Left at the latest by the test above. c: seeded without an owner row. f: seeded, and
    // a limited coach d in it (an owner-less workspace with members; f a coach there too,
    // as after its owner's account was deleted). d handed its workspace over to e and
    // works in a's: d's and e's rows do not change.
    const { rows } = await sql<{ id: string }>`
      insert into users (auth_subject, email) values
        ('c', 'c@example.org'), ('d', 'd@example.org'), ('e', 'e@example.org'), ('f', 'f@example.org')
      returning id`.execute(db);
    const [c, d, e, f] = rows.map((row) => row.id) as [string, string, string, string];
    const a = (await sql<{ id: string }>`select id from users where auth_subject = 'a'`.execute(db))
      .rows[0]!.id;
    await sql`insert into workspace_members (user_id, workspace_id, role, roster_ids) values
      (${e}, ${e}, 'owner', null), (${e}, ${d}, 'owner', null), (${d}, ${a}, 'coach', null),
      (${d}, ${f}, 'coach', '{1}'), (${f}, ${f}, 'coach', '{1}')`.execute(db);
    const of = async (user: string) =>
      (
        await sql<{ workspace_id: string; role: string; roster_ids: unknown }>`
          select workspace_id, role, roster_ids from workspace_members
          where user_id = ${user} order by workspace_id`.execute(db)
      ).rows;
    const before = { d: await of(d), e: await of(e) };
    expect(await of(c)).toEqual([]);
    const owners = [
      { user: c, rows: [{ workspace_id: c, role: 'owner', roster_ids: null }] },
      { user: f, rows: [{ workspace_id: f, role: 'owner', roster_ids: null }] },
    ];

    await seededOwners.up(db);
    for (const owner of owners) expect(await of(owner.user)).toEqual(owner.rows);
    expect({ d: await of(d), e: await of(e) }).toEqual(before);
    // Again (down is nothing to undo): no second row, nothing else changes.
    await seededOwners.down();
    await seededOwners.up(db);
    for (const owner of owners) expect(await of(owner.user)).toEqual(owner.rows);
    expect({ d: await of(d), e: await of(e) }).toEqual(before);
  });
});
