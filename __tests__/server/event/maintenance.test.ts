import { sql } from 'kysely';
import type { App } from '../../../server/app';
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
      // The profile tables that EAPI results build, after the result tables.
      await settle(async () => (await profilesVacuumed()) > before.vacuumed);
      expect(await profilesVacuumed()).toBeGreaterThan(before.vacuumed);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await state()).vacuumed).toBe(before.vacuumed);
    }
  });
});
