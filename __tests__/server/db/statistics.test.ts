import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { refreshStatistics } from '../../../server/db/statistics';
import { startApp } from '../../../server/start';
import { addAthletes, coach } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * Statistics for tables that have rows but none (server/db/statistics.ts): without
 * them the results tables' filter combinations took seconds on the demo account
 * (docs/query-plans.md, "Filter combinations").
 */
describe('table statistics', () => {
  let app: App;
  beforeEach(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterEach(() => app.close());

  /** Columns of `table` with statistics, and the row count the planner has for it. */
  const statisticsOf = async (table: string) => {
    const { rows } = await sql<{ columns: number; reltuples: number }>`
      select (select count(*)::int from pg_stats
          where schemaname = current_schema() and tablename = ${table}) as columns,
        (select reltuples::float8 from pg_class where oid = ${table}::regclass) as reltuples`.execute(
      app.db,
    );
    return rows[0]!;
  };

  it('analyses the tables that have rows and no statistics, then nothing more', async () => {
    const { id } = await coach(app, 'statistics@example.com');
    await addAthletes(app, id, 300);
    await refreshStatistics(app.db);
    const athletes = await statisticsOf('athletes');
    expect(athletes.columns).toBeGreaterThan(0);
    expect(athletes.reltuples).toBe(300);
    // Current statistics cost a catalog read, no statement.
    expect(await refreshStatistics(app.db)).toEqual([]);
  });

  it('refreshes the tables it is given whatever their statistics say', async () => {
    expect(await refreshStatistics(app.db, { tables: ['rosters'] })).toContain('rosters');
  });

  it('gives the tables their statistics when the server starts, before it listens', async () => {
    const { id } = await coach(app, 'start-statistics@example.com');
    await addAthletes(app, id, 250);
    let listening: boolean | undefined;
    await startApp(app, app.config, {
      warmUp: async () => {
        listening = app.server.listening;
        return {
          results: 0,
          batchMs: [],
          reads: 0,
          stepsMs: { setup: 0, batches: 0, reads: 0 },
          ms: 0,
        };
      },
    });
    expect(listening).toBe(false);
    expect((await statisticsOf('athletes')).reltuples).toBe(250);
  });
});
