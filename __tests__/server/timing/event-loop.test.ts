import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { csv, importCsv, newCoach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';
import { startHealthProbe } from '../helpers/probe';
import { seedTestingDay } from '../helpers/profiles';

/**
 * No request of one account holds the event loop long enough to stall another's (issue
 * 31): `/api/health`, asked over HTTP every 20 ms from a worker thread (another client is
 * not on the server's loop: helpers/probe.ts), answers within 200 ms while the largest
 * report PDF (a roster of 500 athletes' testing day) and a 10,000-row athlete import run.
 * The event loop's own delay is measured too. On PostgreSQL the health check's time also
 * holds the database server's answer, which the import's commit can slow on a slow disk
 * (236 and 241 ms seen in clean-clone CI runs, the loop itself well within bounds): there
 * the loop's delay must stay under 200 ms and the health check under a second (a stall is
 * seconds). On the embedded database, which works on this same loop, the health check
 * itself must answer within 200 ms.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROSTER = 500;
const IMPORT_ROWS = 10_000;
const DAY = '2026-03-02';

describe('the event loop under heavy requests', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp();
    // The suite before this one (CI: the whole server suite on PostgreSQL) leaves the
    // database server dirty buffers to write; a checkpoint it starts mid-test stalls the
    // health check's query on a slow disk (236 ms once), which is not the event loop.
    await sql`checkpoint`.execute(app.db);
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
    await seedTestingDay(app.db, coach.accountId, DAY);
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

    const heavy = async () => {
      // Two at once: the embedded database's admission gate lets two API requests work.
      const [pdf, commit] = await Promise.all([
        coach.get(`/api/report/eapi/team/${rosterId}/${DAY}/pdf`),
        importCsv(coach, bigFile, false),
      ]);
      return [pdf.statusCode, commit.statusCode];
    };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const probe = await startHealthProbe(base);
    const statuses = await heavy();
    const latencies = await probe.stop();
    loop.disable();
    expect(statuses).toEqual([200, 200]);
    const worst = Math.max(...latencies);
    // What a failure needs to be read (a slow machine, or one long hold): the loop's delay
    // and the health checks' slowest answers.
    const slowest = [...latencies]
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map(Math.round);
    const loopMs = (ns: number) => Math.round(ns / 1e6);
    const facts = `loop delay max ${loopMs(loop.max)} ms, p99 ${loopMs(loop.percentile(99))} ms; slowest health checks ${slowest.join(', ')} ms of ${latencies.length}`;
    if (worst >= (onPostgres ? 1000 : 200) || loop.max / 1e6 >= 200) console.warn(facts);
    expect(latencies.length).toBeGreaterThan(5);
    expect(loop.max / 1e6).toBeLessThan(200);
    expect(worst).toBeLessThan(onPostgres ? 1000 : 200);
  });
});
