import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { ACCOUNT_TABLES, KEPT_ACCOUNT_TABLES } from '../../../server/user/purge';
import { buildTestApp } from '../helpers/build-test-app';
import { accountId, fileForm, signUp, tinyPng } from './accounts';

/** A roster with one athlete, one result and its split, written straight to the tables. */
async function someData(app: App, account: string): Promise<void> {
  const roster = await app.db
    .insertInto('rosters')
    .values({ account_id: account, name: 'Varsity' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const athlete = await app.db
    .insertInto('athletes')
    .values({
      account_id: account,
      first_name: 'Sam',
      last_name: 'Reyes',
      first_name_key: 'sam',
      last_name_key: 'reyes',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('roster_athletes')
    .values({ account_id: account, roster_id: roster.id, athlete_id: athlete.id })
    .execute();
  const recorded_at = new Date();
  const result = await app.db
    .insertInto('results')
    .values({
      account_id: account,
      athlete_id: athlete.id,
      event_type_id: 1,
      recorded_at,
      distance_mm: 36576,
      result: 4950,
      source: 'manual',
      client_id: `c-${account}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('result_splits')
    .values({
      result_id: result.id,
      split_distance_mm: 9144,
      split_ms: 1650,
      account_id: account,
      athlete_id: athlete.id,
      event_type_id: 1,
      distance_mm: 36576,
      recorded_at,
    })
    .execute();
}

async function rowCounts(app: App, account: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ACCOUNT_TABLES) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from ${sql.table(table)} where account_id = ${account}`.execute(
      app.db,
    );
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

describe('DELETE /api/user/purge', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('knows every table that has an account_id column', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where column_name = 'account_id' and table_schema = current_schema()`.execute(app.db);
    expect([...ACCOUNT_TABLES, ...KEPT_ACCOUNT_TABLES].sort()).toEqual(
      rows.map((row) => row.table_name).sort(),
    );
  });

  it("removes all of this account's data, not another's, and keeps the account", async () => {
    const mine = await signUp(app, 'purge-me@example.com');
    const theirs = await signUp(app, 'keep-me@example.com');
    const [myId, theirId] = [
      await accountId(app, mine.headers),
      await accountId(app, theirs.headers),
    ];
    await someData(app, myId);
    await someData(app, theirId);
    await app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: mine.headers,
      payload: { firstName: 'Pat', lastName: 'Purge', organisation: 'Gone FC' },
    });
    const form = fileForm('logo', 'logo.png', 'image/png', tinyPng);
    const upload = await app.inject({
      method: 'POST',
      url: '/api/user/uploadlogo',
      headers: { ...mine.headers, ...form.headers },
      payload: form.payload,
    });
    const { logoUrl } = upload.json<{ logoUrl: string }>();
    const theirsBefore = await rowCounts(app, theirId);
    expect(theirsBefore.result_splits).toBe(1);

    const response = await app.inject({
      method: 'DELETE',
      url: '/api/user/purge',
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect(Object.values(await rowCounts(app, myId)).every((n) => n === 0)).toBe(true);
    expect(await rowCounts(app, theirId)).toEqual(theirsBefore);
    const profile = (await app.inject({ url: '/api/user', headers: mine.headers })).json();
    expect(profile).toMatchObject({
      id: myId,
      email: 'purge-me@example.com',
      firstName: '',
      lastName: '',
      organisation: '',
      hasUpdatedProfile: false,
      logoUrl: null,
      // The ledger stays (50 opening spots); its athletes are gone, so all 50 are free.
      athleteSpots: 50,
    });
    expect((await app.inject(logoUrl)).statusCode).toBe(404);
  });
});
