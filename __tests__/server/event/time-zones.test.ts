import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { isTimeZone } from '../../../server/event/days';
import { TIME_ZONES } from '../../../server/event/time-zones';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * The static list of time zones a query may name (server/event/time-zones.ts) against
 * the database this suite runs on (PGlite, or PostgreSQL with DATABASE_URL): every name
 * must be one it takes in `at time zone`, and one Node's Intl knows for the days of the
 * results tables.
 */
describe('time zones', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('lists only zones the database knows', async () => {
    const { rows } = await sql<{ name: string }>`select name from pg_timezone_names`.execute(
      app.db,
    );
    const known = new Set(rows.map((row) => row.name));
    expect(TIME_ZONES.filter((zone) => !known.has(zone))).toEqual([]);
    expect(TIME_ZONES.length).toBeGreaterThan(500);
  });

  it('lists only zones Node knows', () => {
    const unknown = TIME_ZONES.filter((timeZone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone });
        return false;
      } catch {
        return true;
      }
    });
    expect(unknown).toEqual([]);
  });

  it("lists every zone Node's Intl names as canonical (what a browser sends)", () => {
    const listed = new Set(TIME_ZONES);
    expect(Intl.supportedValuesOf('timeZone').filter((zone) => !listed.has(zone))).toEqual([]);
  });

  it('takes a listed zone in any case and refuses what only Node knows', async () => {
    expect(['UTC', 'America/Chicago', 'america/chicago', 'Etc/GMT+5'].map(isTimeZone)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['US/Pacific-New', 'Factory', 'localtime', '', 'Mars/Olympus'].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    // What isTimeZone takes, the database takes too, in any case.
    const { rows } = await sql<{
      day: string;
    }>`select to_char(timestamptz '2025-03-01T12:00:00Z' at time zone ${'america/chicago'}, 'YYYY-MM-DD') as day`.execute(
      app.db,
    );
    expect(rows[0]!.day).toBe('2025-03-01');
  });
});
