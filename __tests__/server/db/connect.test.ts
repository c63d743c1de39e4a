import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { SESSION_OPTIONS, withSessionOptions } from '../../../server/db/connect';
import { buildTestApp } from '../helpers/build-test-app';

describe('withSessionOptions', () => {
  const optionsOf = (url: string) => new URL(url).searchParams.get('options');

  it('gives a URL without options the session options', () => {
    const url = withSessionOptions('postgres://postgres@127.0.0.1:5432/test');
    expect(optionsOf(url)).toBe(SESSION_OPTIONS);
    expect(new URL(url).pathname).toBe('/test');
  });

  it("puts them before the URL's own options, which then win", () => {
    const url = withSessionOptions(
      'postgres://u:p%40ss@db.example:6543/app?sslmode=require&options=-c%20jit%3Don',
    );
    expect(optionsOf(url)).toBe(`${SESSION_OPTIONS} -c jit=on`);
    const parsed = new URL(url);
    expect(parsed.searchParams.get('sslmode')).toBe('require');
    expect(parsed.password).toBe('p%40ss');
    expect(parsed.port).toBe('6543');
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres("the server's PostgreSQL connections", () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('run without JIT and parallel workers, in the schema their URL names', async () => {
    const { rows } = await sql<{ jit: string; workers: string; schema: string }>`
      select current_setting('jit') as jit,
        current_setting('max_parallel_workers_per_gather') as workers,
        current_schema() as schema`.execute(app.db);
    expect(rows[0]).toEqual({
      jit: 'off',
      workers: '0',
      schema: expect.stringMatching(/^t_[0-9a-f]{12}$/),
    });
  });
});

const onPGlite = process.env.DATABASE_URL ? describe.skip : describe;

onPGlite('the embedded database', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  // A new WAL file zero-filled inside a statement held the event loop 113-202 ms
  // (server/db/pglite.ts, decision 046).
  it('does not zero-fill new WAL files, after a transaction as before it', async () => {
    const setting = async () =>
      (await sql<{ zero: string }>`select current_setting('wal_init_zero') as zero`.execute(app.db))
        .rows[0]!.zero;
    expect(await setting()).toBe('off');
    await app.db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = '5s'`.execute(trx);
    });
    expect(await setting()).toBe('off');
  });
});
