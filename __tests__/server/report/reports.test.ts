import type {
  AthleteReportBody,
  TeamReportBody,
  TeamReportListBody,
} from '../../../contract/profile';
import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';
import { insertProfile } from '../helpers/profiles';
import { D1, D2, D3, reportAccount, type ReportAccount } from './fixtures';

describe('reports of the performance index', () => {
  let app: App;
  let a: ReportAccount;
  let other: Coach;
  let otherIds: { roster: number; athlete: number; profile: number };
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    a = await reportAccount(app);
    other = await newCoach(app);
    const roster = await other.createRoster('Sprinters');
    const athlete = await other.createAthlete({
      firstName: 'Ola',
      lastName: 'Other',
      gender: 'male',
      rosterIds: [roster.id],
    });
    const profile = await insertProfile(app.db, {
      accountId: other.accountId,
      athleteId: athlete.id,
      testedOn: D1,
      bodyweightKg: 70,
      measurements: { verticalJumpMm: 500, sprint10Ms: 1800, proAgilityMs: 4700 },
    });
    otherIds = { roster: roster.id, athlete: athlete.id, profile: profile.id };
  });
  afterAll(() => app.close());

  const S = () => a.rosters.sprinters.id;
  const J = () => a.rosters.jumpers.id;

  describe('GET /api/report/eapi/team', () => {
    const list = async (query = '') => {
      const response = await a.coach.get(`/api/report/eapi/team${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<TeamReportListBody>();
    };
    const keys = (body: TeamReportListBody) =>
      body.items.map((row) => `${row.rosterName} ${row.date}`);

    it('answers a row per roster and testing day of current members, averaged by hand', async () => {
      const body = await list('?sort=Date');
      expect(body).toEqual({
        items: [
          {
            rosterId: J(),
            rosterName: 'Jumpers',
            date: D1,
            athleteCount: 2,
            averageOverallIndex: 1522.5,
          },
          {
            rosterId: S(),
            rosterName: 'Sprinters',
            date: D1,
            athleteCount: 3,
            averageOverallIndex: 1611.5,
          },
          {
            rosterId: J(),
            rosterName: 'Jumpers',
            date: D2,
            athleteCount: 1,
            averageOverallIndex: 1801,
          },
          {
            rosterId: S(),
            rosterName: 'Sprinters',
            date: D2,
            athleteCount: 2,
            averageOverallIndex: 1686.5,
          },
          // Cy's EASI-only day: a profile, but no complete EAPI.
          {
            rosterId: J(),
            rosterName: 'Jumpers',
            date: D3,
            athleteCount: 1,
            averageOverallIndex: null,
          },
        ],
        totalCount: 5,
        pageNumber: 1,
        pageSize: 20,
      });
      // Ann, Bob, Dee (incomplete) on D1; Eve and Gus are on no roster; the other account's
      // roster is also called Sprinters and counts nowhere here.
    });

    it('sorts by each column both ways, ties by day then roster, nulls last', async () => {
      const expected: Record<string, string[]> = {
        '': [
          `Jumpers ${D3}`,
          `Sprinters ${D2}`,
          `Jumpers ${D2}`,
          `Sprinters ${D1}`,
          `Jumpers ${D1}`,
        ],
        DateDesc: [
          `Jumpers ${D3}`,
          `Sprinters ${D2}`,
          `Jumpers ${D2}`,
          `Sprinters ${D1}`,
          `Jumpers ${D1}`,
        ],
        RosterName: [
          `Jumpers ${D1}`,
          `Jumpers ${D2}`,
          `Jumpers ${D3}`,
          `Sprinters ${D1}`,
          `Sprinters ${D2}`,
        ],
        RosterNameDesc: [
          `Sprinters ${D2}`,
          `Sprinters ${D1}`,
          `Jumpers ${D3}`,
          `Jumpers ${D2}`,
          `Jumpers ${D1}`,
        ],
        AverageOverallIndex: [
          `Jumpers ${D1}`,
          `Sprinters ${D1}`,
          `Sprinters ${D2}`,
          `Jumpers ${D2}`,
          `Jumpers ${D3}`,
        ],
        AverageOverallIndexDesc: [
          `Jumpers ${D2}`,
          `Sprinters ${D2}`,
          `Sprinters ${D1}`,
          `Jumpers ${D1}`,
          `Jumpers ${D3}`,
        ],
        // Sprinters was made first: roster id, then day.
        None: [
          `Sprinters ${D1}`,
          `Sprinters ${D2}`,
          `Jumpers ${D1}`,
          `Jumpers ${D2}`,
          `Jumpers ${D3}`,
        ],
      };
      for (const [sort, rows] of Object.entries(expected)) {
        expect({ sort, rows: keys(await list(sort ? `?sort=${sort}` : '')) }).toEqual({
          sort,
          rows,
        });
      }
    });

    it('filters by roster and by inclusive days, and pages', async () => {
      expect(keys(await list(`?rosterId=${J()}&sort=Date`))).toEqual([
        `Jumpers ${D1}`,
        `Jumpers ${D2}`,
        `Jumpers ${D3}`,
      ]);
      expect(keys(await list(`?startDate=${D2}&endDate=${D2}&sort=RosterName`))).toEqual([
        `Jumpers ${D2}`,
        `Sprinters ${D2}`,
      ]);
      expect((await list(`?endDate=${D1}`)).totalCount).toBe(2);
      expect((await list(`?startDate=2026-03-03`)).totalCount).toBe(3);
      expect((await list(`?rosterId=${a.rosters.empty.id}`)).totalCount).toBe(0);
      const page2 = await list('?pageSize=2&pageNumber=2&sort=Date');
      expect(keys(page2)).toEqual([`Jumpers ${D2}`, `Sprinters ${D2}`]);
      expect(page2).toMatchObject({ totalCount: 5, pageNumber: 2, pageSize: 2 });
      const past = await list('?pageSize=2&pageNumber=9');
      expect(past).toMatchObject({ items: [], totalCount: 5, pageNumber: 9 });
    });

    it('follows roster membership as it is now', async () => {
      // Eve joins Jumpers: her D1 profile now counts there (same EAPI as Bob's D1).
      await a.coach.post(`/api/roster/${J()}/athlete`, { add: [a.athletes.eve.id] });
      const d1 = (await list(`?rosterId=${J()}&sort=Date`)).items[0]!;
      expect(d1).toMatchObject({ athleteCount: 3, averageOverallIndex: 1598.7 }); // (1751+1294+1751)/3
      await a.coach.post(`/api/roster/${J()}/athlete`, { remove: [a.athletes.eve.id] });
      expect((await list(`?rosterId=${J()}&sort=Date`)).items[0]!.athleteCount).toBe(2);
    });

    it('answers 400 with errors for bad filters, 404 for a roster of another account', async () => {
      const bad = async (query: string, field: string) => {
        const response = await a.coach.get(`/api/report/eapi/team?${query}`);
        expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
        expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(field);
      };
      await bad(`startDate=${D2}&endDate=${D1}`, 'endDate');
      await bad('sort=Average', 'sort');
      await bad('startDate=2026-02-30', 'startDate');
      await bad('pageSize=501', 'pageSize');
      await bad('rosterId=-2', 'rosterId');
      const response = await a.coach.get(`/api/report/eapi/team?rosterId=${otherIds.roster}`);
      expect(response.statusCode).toBe(404);
      expect((await app.inject('/api/report/eapi/team')).statusCode).toBe(401);
    });
  });

  describe('GET /api/report/eapi/team/{rosterId}/{date}', () => {
    const report = async (rosterId: number, date: string) => {
      const response = await a.coach.get(`/api/report/eapi/team/${rosterId}/${date}`);
      expect(response.statusCode).toBe(200);
      return response.json<TeamReportBody>();
    };

    it('averages each test, bands the indexes, ranks the athletes and compares with the previous day', async () => {
      const body = await report(S(), D2);
      expect(body).toMatchObject({
        rosterId: S(),
        rosterName: 'Sprinters',
        date: D2,
        athleteCount: 2,
        averageOverallIndex: 1686.5,
        testAverages: [
          { test: 'verticalJumpPowerW', average: 561.5, count: 2 }, // (551 + 572) / 2
          { test: 'sprint10Ms', average: 575, count: 2 }, // (650 + 500) / 2
          { test: 'proAgilityMs', average: 550, count: 2 },
          { test: 'sprint40Ms', average: null, count: 0 },
          { test: 'broadJumpMm', average: null, count: 0 },
        ],
        distribution: [
          { from: 1500, count: 1 },
          { from: 1600, count: 0 },
          { from: 1700, count: 0 },
          { from: 1800, count: 1 },
        ],
        // D1's current members: Ann 1472, Bob 1751 (Dee incomplete) → 1611.5.
        previous: { date: D1, averageOverallIndex: 1611.5, change: 75 },
        referenceVersion: 1,
      });
      expect(body.athletes).toEqual([
        expect.objectContaining({
          rank: 1,
          profileId: a.profiles.bob2.id,
          athleteId: a.athletes.bob.id,
          firstName: 'Bob',
          lastName: 'Diaz',
          eapi: 1801,
          change: 50,
        }),
        expect.objectContaining({ rank: 2, firstName: 'Ann', eapi: 1572, change: 100 }),
      ]);
      expect(body.athletes[0]!.points).toEqual({
        verticalJumpPowerW: 551,
        sprint10Ms: 650,
        proAgilityMs: 600,
        sprint40Ms: null,
        broadJumpMm: null,
        accelerationMs: null,
        transitionMs: null,
        topSpeedMs: null,
        flying10Ms: null,
      });
    });

    it('lists incomplete indexes last, unranked; a first day has no previous', async () => {
      const body = await report(S(), D1);
      expect(body.previous).toBeNull();
      expect(body.athletes.map((x) => [x.firstName, x.rank, x.eapi, x.change])).toEqual([
        ['Bob', 1, 1751, null],
        ['Ann', 2, 1472, null],
        ['Dee', null, null, null],
      ]);
      expect(body.distribution).toEqual([
        { from: 1400, count: 1 },
        { from: 1500, count: 0 },
        { from: 1600, count: 0 },
        { from: 1700, count: 1 },
      ]);
      const jumpers = await report(J(), D2);
      expect(jumpers.previous).toEqual({ date: D1, averageOverallIndex: 1522.5, change: 278.5 });
      const easiDay = await report(J(), D3);
      expect(easiDay).toMatchObject({
        athleteCount: 1,
        averageOverallIndex: null,
        distribution: [],
      });
      expect(easiDay.previous).toEqual({ date: D2, averageOverallIndex: 1801, change: null });
    });

    it('shares a rank between equal indexes', async () => {
      await a.coach.post(`/api/roster/${J()}/athlete`, { add: [a.athletes.eve.id] });
      try {
        const body = await report(J(), D1);
        expect(body.athletes.map((x) => [x.firstName, x.rank, x.eapi])).toEqual([
          ['Bob', 1, 1751],
          ['Eve', 1, 1751],
          ['Cy', 3, 1294],
        ]);
      } finally {
        await a.coach.post(`/api/roster/${J()}/athlete`, { remove: [a.athletes.eve.id] });
      }
    });

    it('answers 404 for another account, a day without a profile or an empty roster; 400 for a bad day', async () => {
      for (const url of [
        `/api/report/eapi/team/${otherIds.roster}/${D1}`,
        `/api/report/eapi/team/${S()}/2026-03-03`,
        `/api/report/eapi/team/${a.rosters.empty.id}/${D1}`,
        `/api/report/eapi/team/999999/${D1}`,
      ]) {
        expect({ url, status: (await a.coach.get(url)).statusCode }).toEqual({ url, status: 404 });
      }
      const bad = await a.coach.get(`/api/report/eapi/team/${S()}/2026-13-01`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ errors: { date: [expect.any(String)] } });
      expect((await a.coach.get(`/api/report/eapi/team/0/${D1}`)).statusCode).toBe(400);
    });
  });

  describe('GET /api/report/{eapi|easi}/athlete/{athleteId}', () => {
    const report = async (url: string) => {
      const response = await a.coach.get(url);
      expect(response.statusCode).toBe(200);
      return response.json<AthleteReportBody>();
    };

    it('explains the latest profile test by test: measurement, watts, points, tier, reference row', async () => {
      const body = await report(`/api/report/eapi/athlete/${a.athletes.bob.id}`);
      expect(body).toMatchObject({
        index: 'eapi',
        athlete: {
          id: a.athletes.bob.id,
          firstName: 'Bob',
          lastName: 'Diaz',
          gender: 'male',
          position: 'Wide receiver',
          sport: 'Football',
        },
        profile: { id: a.profiles.bob2.id, testedOn: D2, bodyweightKg: 80, eapi: 1801 },
        overall: 1801,
        // Index tiers are 3 × the test tiers: Strong from 1650, Elite from 2100.
        overallTier: 'Strong',
        overallPointsToNextTier: 299,
        referenceVersion: 1,
      });
      const male = (mean: number, sd: number, lowerIsBetter: boolean) =>
        expect.objectContaining({ sex: 'male', level: 'all', mean, sd, lowerIsBetter });
      expect(body.tests).toEqual([
        {
          test: 'verticalJumpPowerW',
          core: true,
          measurement: 600,
          computed: 5211,
          points: 551,
          tier: 'Strong',
          pointsToNextTier: 149,
          reference: male(4800, 800, false),
          resultId: 4243,
        },
        {
          test: 'sprint10Ms',
          core: true,
          measurement: 1650,
          computed: null,
          points: 650,
          tier: 'Strong',
          pointsToNextTier: 50,
          reference: male(1800, 100, true),
          resultId: 4242,
        },
        {
          test: 'proAgilityMs',
          core: true,
          measurement: 4480,
          computed: null,
          points: 600,
          tier: 'Strong',
          pointsToNextTier: 100,
          reference: male(4700, 220, true),
          resultId: null,
        },
        ...['sprint40Ms', 'broadJumpMm'].map((test) => ({
          test,
          core: false,
          measurement: null,
          computed: null,
          points: null,
          tier: null,
          pointsToNextTier: null,
          reference: null,
          resultId: null,
        })),
      ]);
      expect(body.history).toEqual([
        { profileId: a.profiles.bob1.id, testedOn: D1, overall: 1751 },
        { profileId: a.profiles.bob2.id, testedOn: D2, overall: 1801 },
      ]);
    });

    it('places the index within each roster and the position (latest complete index of each)', async () => {
      const bob = await report(`/api/report/eapi/athlete/${a.athletes.bob.id}`);
      expect(bob.percentiles).toEqual([
        // Jumpers: Cy's latest EAPI is D1's 1294 (D3 has no EAPI): Bob first of 2, the
        // mid-rank percentile (1 lower + half of himself) / 2 = 75.
        { group: 'roster', name: 'Jumpers', rank: 1, percentile: 75, athletes: 2 },
        // Sprinters: Ann 1572, Bob 1801; Dee has no complete index.
        { group: 'roster', name: 'Sprinters', rank: 1, percentile: 75, athletes: 2 },
        // Wide receivers: Gus 1951, Bob 1801, Cy 1294: second of 3, the middle (50th).
        { group: 'position', name: 'Wide receiver', rank: 2, percentile: 50, athletes: 3 },
      ]);
      const ann = await report(`/api/report/eapi/athlete/${a.athletes.ann.id}`);
      expect(ann.percentiles).toEqual([
        { group: 'roster', name: 'Sprinters', rank: 2, percentile: 25, athletes: 2 },
      ]);
      const gus = await report(`/api/report/eapi/athlete/${a.athletes.gus.id}`);
      expect(gus.percentiles).toEqual([
        // The best of 3: rank 1, the 83rd percentile (it was the "67th").
        { group: 'position', name: 'Wide receiver', rank: 1, percentile: 83, athletes: 3 },
      ]);
      // An incomplete index has no place.
      const dee = await report(`/api/report/eapi/athlete/${a.athletes.dee.id}`);
      expect(dee).toMatchObject({ overall: null, overallTier: null, percentiles: [] });
      expect(dee.tests[1]).toMatchObject({
        test: 'sprint10Ms',
        points: 500,
        tier: 'Average',
        pointsToNextTier: 50,
        reference: expect.objectContaining({ sex: 'any', mean: 1900, sd: 140 }),
      });
    });

    it('answers the chosen profile with ?profileId=, and the EASI of the latest profile that has one', async () => {
      const first = await report(
        `/api/report/eapi/athlete/${a.athletes.bob.id}?profileId=${a.profiles.bob1.id}`,
      );
      expect(first).toMatchObject({ overall: 1751, profile: { testedOn: D1 } });
      expect(first.tests[1]).toMatchObject({ points: 600, tier: 'Strong', pointsToNextTier: 100 });
      // Cy's latest profile (D3) has no EAPI measurement: his EAPI report is D1's.
      const cyEapi = await report(`/api/report/eapi/athlete/${a.athletes.cy.id}`);
      expect(cyEapi).toMatchObject({
        overall: 1294,
        overallTier: 'Average',
        profile: { testedOn: D1 },
      });
      const cy = await report(`/api/report/easi/athlete/${a.athletes.cy.id}`);
      expect(cy).toMatchObject({
        index: 'easi',
        overall: 1800, // the flying 10 stands in for the missing top-speed segment
        overallTier: 'Strong',
        overallPointsToNextTier: 300,
        profile: { testedOn: D3 },
      });
      expect(cy.tests.map((t) => [t.test, t.core, t.measurement, t.points])).toEqual([
        ['accelerationMs', true, 1700, 600],
        ['transitionMs', true, 1100, 600],
        ['topSpeedMs', true, null, null],
        ['flying10Ms', false, 1050, 600],
      ]);
      expect(cy.history).toEqual([
        { profileId: a.profiles.cy1.id, testedOn: D1, overall: null },
        { profileId: a.profiles.cy3.id, testedOn: D3, overall: 1800 },
      ]);
      expect(cy.percentiles).toEqual([
        // The only one: rank 1 of 1, the middle (it was the "0th").
        { group: 'roster', name: 'Jumpers', rank: 1, percentile: 50, athletes: 1 },
        { group: 'position', name: 'Wide receiver', rank: 1, percentile: 50, athletes: 1 },
      ]);
    });

    it("answers 404 for another account, another athlete's profile, or no profile of the index", async () => {
      for (const url of [
        `/api/report/eapi/athlete/${otherIds.athlete}`,
        `/api/report/eapi/athlete/${a.athletes.bob.id}?profileId=${otherIds.profile}`,
        `/api/report/eapi/athlete/${a.athletes.bob.id}?profileId=${a.profiles.ann1.id}`,
        `/api/report/easi/athlete/${a.athletes.bob.id}`, // no EASI measurement
        `/api/report/eapi/athlete/${a.athletes.cy.id}?profileId=${a.profiles.cy3.id}`,
        `/api/report/eapi/athlete/${a.rosters.empty.id + 100000}`,
        `/api/report/eapi/athlete/${otherIds.athlete}/pdf`,
        `/api/report/easi/athlete/${a.athletes.bob.id}/pdf`,
        `/api/report/eapi/team/${otherIds.roster}/${D1}/pdf`,
      ]) {
        expect({ url, status: (await a.coach.get(url)).statusCode }).toEqual({ url, status: 404 });
      }
      // The other coach cannot read this account's athlete either.
      expect((await other.get(`/api/report/eapi/athlete/${a.athletes.bob.id}`)).statusCode).toBe(
        404,
      );
      for (const url of [
        `/api/report/eapi/athlete/${a.athletes.bob.id}?profileId=x`,
        `/api/report/eapi/athlete/0`,
        `/api/report/fast/athlete/${a.athletes.bob.id}`,
      ]) {
        const response = await a.coach.get(url);
        expect({ url, status: response.statusCode }).toEqual({
          url,
          status: url.includes('/fast/') ? 404 : 400,
        });
      }
    });
  });
});
