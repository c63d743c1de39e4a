import type { AddressInfo } from 'node:net';
import type { App } from '../../../server/app';
import { csv, importCsv, newCoach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';
import { insertProfile } from '../helpers/profiles';

/**
 * No request of one account holds the event loop long enough to stall another's (issue
 * 31): `/api/health`, asked over HTTP every 20 ms, answers within 200 ms while the largest
 * report PDF (a roster of 500 athletes' testing day) and a 10,000-row athlete import run.
 */
const ROSTER = 500;
const IMPORT_ROWS = 10_000;
const DAY = '2026-03-02';

describe('the event loop under heavy requests', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('answers /api/health within 200 ms while a 500-athlete team PDF and a 10,000-row import run', async () => {
    const coach = await newCoach(app, { spots: ROSTER + IMPORT_ROWS });
    const squad = csv(
      'firstName,lastName,gender,rosters',
      ...Array.from(
        { length: ROSTER },
        (_, i) => `Runner${i},Squad,${i % 2 ? 'male' : 'female'},Squad`,
      ),
    );
    expect((await importCsv(coach, squad, false)).statusCode).toBe(200);
    const athletes = await app.db
      .selectFrom('athletes')
      .select('id')
      .where('account_id', '=', coach.accountId)
      .execute();
    for (const [i, athlete] of athletes.entries()) {
      await insertProfile(app.db, {
        accountId: coach.accountId,
        athleteId: athlete.id,
        testedOn: DAY,
        bodyweightKg: 60 + (i % 40),
        measurements: {
          verticalJumpMm: 400 + (i % 300),
          sprint10Ms: 1650 + (i % 400),
          proAgilityMs: 4300 + (i % 800),
        },
      });
    }
    const rosterId = (await coach.get('/api/roster')).json<{ items: { id: number }[] }>().items[0]!
      .id;
    const bigFile = csv(
      'firstName,lastName,gender,graduationYear,heightCm,weightKg,email,externalId,rosters',
      ...Array.from(
        { length: IMPORT_ROWS },
        (_, i) =>
          `Imported${i},Athlete${i % 97},${i % 2 ? 'male' : 'female'},2028,${170 + (i % 30)},${60 + (i % 40)},a${i}@example.org,ext-${i},Import ${i % 5}`,
      ),
    );

    const latencies: number[] = [];
    let heavyDone = false;
    const probe = async () => {
      while (!heavyDone) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const heavy = async () => {
      // Two at once: the embedded database's admission gate lets two API requests work.
      const [pdf, commit] = await Promise.all([
        coach.get(`/api/report/eapi/team/${rosterId}/${DAY}/pdf`),
        importCsv(coach, bigFile, false),
      ]);
      heavyDone = true;
      return [pdf.statusCode, commit.statusCode];
    };
    const [statuses] = await Promise.all([heavy(), probe()]);
    expect(statuses).toEqual([200, 200]);
    const worst = Math.max(...latencies);
    expect(latencies.length).toBeGreaterThan(5);
    expect(worst).toBeLessThan(200);
  });
});
