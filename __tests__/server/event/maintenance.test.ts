import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { columnParts, COLUMNS_PER_ANALYZE } from '../../../server/db/maintenance';
import { resultMaintenance } from '../../../server/event/maintenance';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, sprints } from './fixtures';

/**
 * The result tables' VACUUM (ANALYZE) on the embedded database, which has no autovacuum
 * (and the profile tables' with them); on PostgreSQL the server leaves it to autovacuum.
 */
describe('maintenance of the result tables', () => {
  let app: App;
  let note: (changed: number) => void;
  let athletes: number[];
  let headers: Record<string, string>;
  const embedded = () => app.config.databaseUrl === undefined;

  beforeAll(async () => {
    app = await buildTestApp();
    // A low threshold for the test: 10 results, whatever the table's size.
    note = resultMaintenance(app, { minRows: 10, share: 0 });
    await app.ready();
    let account: string;
    ({ headers, id: account } = await coach(app, 'maintenance@example.com'));
    athletes = await addAthletes(app, account, 4);
  });
  afterAll(() => app.close());

  /** Pages of `results` marked all-visible (what index-only scans need), and the last VACUUM. */
  const state = async () => {
    const { rows } = await sql<{ visible: number; vacuumed: Date | null }>`
      select c.relallvisible::int as visible, s.last_vacuum as vacuumed
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.oid = 'results'::regclass`.execute(app.db);
    return { visible: rows[0]!.visible, vacuumed: rows[0]!.vacuumed?.getTime() ?? 0 };
  };
  /** The last VACUUM of `roster_indexes`, the last of the eight tables vacuumed. */
  const profilesVacuumed = async () => {
    const { rows } = await sql<{ vacuumed: Date | null }>`
      select last_vacuum as vacuumed from pg_stat_user_tables
      where relid = 'roster_indexes'::regclass`.execute(app.db);
    return rows[0]?.vacuumed?.getTime() ?? 0;
  };
  /** Columns of `results` with statistics, of how many, and whether the extended object was computed. */
  const analysed = async () => {
    const { rows } = await sql<{ columns: number; expected: number; objectComputed: boolean }>`
      select (select count(*)::int from pg_stats
          where schemaname = current_schema() and tablename = 'results') as columns,
        (select count(*)::int from pg_attribute
          where attrelid = 'results'::regclass and attnum > 0 and not attisdropped) as expected,
        exists (select 1 from pg_stats_ext where schemaname = current_schema()
          and tablename = 'results' and statistics_name = 'results_account_type_distance'
          and dependencies is not null) as "objectComputed"`.execute(app.db);
    return rows[0]!;
  };
  const settle = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await done()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('vacuums and analyses once enough results were written, on the embedded database only', async () => {
    const stored = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers,
      payload: { items: sprints('maintenance', athletes, 12) },
    });
    expect(stored.statusCode).toBe(201);
    const before = await state();

    note(5); // under the threshold: nothing yet
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await state()).vacuumed).toBe(before.vacuumed);

    note(7); // 12 in all
    if (embedded()) {
      await settle(async () => (await state()).vacuumed > before.vacuumed);
      const after = await state();
      expect(after.vacuumed).toBeGreaterThan(before.vacuumed);
      expect(after.visible).toBeGreaterThan(0);
      // ANALYZE in parts (decision 028): every column has statistics, and the extended
      // statistics object over (account, event type, distance) was computed.
      await settle(async () => (await analysed()).columns === (await analysed()).expected);
      const stats = await analysed();
      expect(stats.columns).toBe(stats.expected);
      expect(stats.objectComputed).toBe(true);
      // The profile tables that EAPI results build, after the result tables.
      await settle(async () => (await profilesVacuumed()) > before.vacuumed);
      expect(await profilesVacuumed()).toBeGreaterThan(before.vacuumed);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await state()).vacuumed).toBe(before.vacuumed);
    }
  });

  it('analyses the columns of an extended statistics object together, the others a few at a time', () => {
    expect(COLUMNS_PER_ANALYZE).toBe(4);
    expect(columnParts(['id', 'a', 'b', 'c', 'd', 'e', 'f'], [['b', 'e']])).toEqual([
      { columns: ['b', 'e'], warns: false },
      { columns: ['id', 'a', 'c', 'd'], warns: true },
      { columns: ['f'], warns: true },
    ]);
    expect(columnParts(['a', 'b', 'c', 'd', 'e'], [])).toEqual([
      { columns: ['a', 'b', 'c', 'd'], warns: false },
      { columns: ['e'], warns: false },
    ]);
  });
});
