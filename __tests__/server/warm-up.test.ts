import { sql } from 'kysely';
import type { App } from '../../server/app';
import * as list from '../../server/event/list';
import { WARM_UP_BATCHES, warmUpDatabase } from '../../server/warm-up';
import { buildTestApp } from './helpers/build-test-app';
import { addAthletes, coach, sprints } from './event/fixtures';

/**
 * The start-up warm-up (server/warm-up.ts, decision 029) runs real writes and reads in
 * one transaction that it rolls back: afterwards every table holds the rows it held,
 * and nobody was told of anything. On both engines (the server runs it on PGlite only).
 */
describe('the database warm-up', () => {
  let app: App;
  let account: { headers: Record<string, string>; id: string };

  beforeAll(async () => {
    app = await buildTestApp();
    account = await coach(app, 'warm@example.com');
    const athletes = await addAthletes(app, account.id, 4);
    const stored = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: account.headers,
      payload: { items: sprints('before', athletes, 12) },
    });
    expect(stored.statusCode).toBe(201);
  });
  afterAll(() => app.close());

  /** Every table of the schema and its row count. */
  async function rowCounts(): Promise<Record<string, number>> {
    const { rows: tables } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`.execute(app.db);
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from ${sql.table(name)}`.execute(app.db);
      counts[name] = Number(rows[0]!.n);
    }
    return counts;
  }

  it('runs the batch and the reads, then leaves every table as it was and tells nobody', async () => {
    const before = await rowCounts();
    expect(before.results).toBe(12);
    const published = jest.spyOn(app.live, 'publishResults');
    const heard = jest.fn();
    const unsubscribe = app.live.subscribe(account.id, heard);
    try {
      const done = await warmUpDatabase(app.db, { countCap: app.config.resultCountCap });
      const results = WARM_UP_BATCHES.reduce((sum, size) => sum + size, 0);
      expect(done).toMatchObject({ results, reads: 7 });
      expect(done.batchMs).toHaveLength(WARM_UP_BATCHES.length);
      expect(done.ms).toBeGreaterThan(0);
      expect(await rowCounts()).toEqual(before);
      expect(published).not.toHaveBeenCalled();
      expect(heard).not.toHaveBeenCalled();
    } finally {
      unsubscribe();
      published.mockRestore();
    }
  });

  it('leaves no transaction setting behind, and the server answers as before', async () => {
    await warmUpDatabase(app.db, { countCap: app.config.resultCountCap });
    const { rows } = await sql<{ v: string }>`
      select current_setting('enable_seqscan') as v`.execute(app.db);
    expect(rows[0]!.v).toBe('on');
    const page = await app.inject({
      url: '/api/event?pageNumber=1&pageSize=25&sort=DateDesc',
      headers: account.headers,
    });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { totalCount: number }).totalCount).toBe(12);
  });

  it('rolls back what it wrote when a step fails, and throws', async () => {
    const before = await rowCounts();
    // The reads come after the batch's insert.
    const failing = jest.spyOn(list, 'listResults').mockRejectedValueOnce(new Error('boom'));
    try {
      await expect(warmUpDatabase(app.db, { countCap: app.config.resultCountCap })).rejects.toThrow(
        'boom',
      );
    } finally {
      failing.mockRestore();
    }
    expect(await rowCounts()).toEqual(before);
  });
});
