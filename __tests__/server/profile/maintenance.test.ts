import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { profileMaintenance } from '../../../server/profile/maintenance';
import { newCoach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * The profile tables' VACUUM (ANALYZE) on the embedded database, which has no autovacuum
 * (the exact counts of the profile tables and the percentiles are index-only scans); on
 * PostgreSQL the server leaves it to autovacuum.
 */
describe('maintenance of the profile tables', () => {
  let app: App;
  let note: (changed: number) => void;
  const embedded = () => app.config.databaseUrl === undefined;
  const TABLES = ['profiles', 'team_days', 'athlete_indexes', 'roster_indexes'];

  beforeAll(async () => {
    app = await buildTestApp();
    // A low threshold for the test: 3 profiles, whatever the table's size.
    note = profileMaintenance(app, { minRows: 3, share: 0 });
    await app.ready();
    const coach = await newCoach(app, { spots: 10 });
    const roster = await coach.createRoster('Varsity');
    for (const [firstName, day] of [
      ['Ann', '2026-03-02'],
      ['Bea', '2026-03-02'],
      ['Cid', '2026-04-06'],
    ] as const) {
      const athlete = await coach.createAthlete({
        firstName,
        lastName: 'Lee',
        gender: 'female',
        weightKg: 60,
        rosterIds: [roster.id],
      });
      const response = await coach.post('/api/profile', {
        athleteId: athlete.id,
        testedOn: day,
        measurements: { verticalJumpMm: 500, sprint10Ms: 2000, proAgilityMs: 5150 },
      });
      expect(response.statusCode).toBe(201);
    }
  });
  afterAll(() => app.close());

  /** Each table's last VACUUM and its pages marked all-visible (what index-only scans need). */
  const state = async () => {
    const { rows } = await sql<{ table: string; visible: number; vacuumed: Date | null }>`
      select c.relname as table, c.relallvisible::int as visible, s.last_vacuum as vacuumed
      from pg_class c join pg_stat_user_tables s on s.relid = c.oid
      where c.relname in (${sql.join(TABLES)}) and c.relnamespace = current_schema()::regnamespace
      order by c.relname`.execute(app.db);
    return new Map(
      rows.map((r) => [r.table, { visible: r.visible, vacuumed: r.vacuumed?.getTime() ?? 0 }]),
    );
  };
  const settle = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await done()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('vacuums and analyses profiles and the report summaries past the threshold, on the embedded database only', async () => {
    const before = await state();
    expect([...before.keys()]).toEqual([...TABLES].sort());

    note(2); // under the threshold: nothing yet
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await state()).toEqual(before);

    note(1); // 3 in all
    if (embedded()) {
      const vacuumedAll = async () =>
        [...(await state())].every(([table, now]) => now.vacuumed > before.get(table)!.vacuumed);
      await settle(vacuumedAll);
      expect(await vacuumedAll()).toBe(true);
      for (const [table, now] of await state()) {
        expect({ table, visible: now.visible > 0 }).toEqual({ table, visible: true });
      }
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await state()).toEqual(before);
    }
  });
});
