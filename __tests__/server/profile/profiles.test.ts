import {
  PROFILE_SORTS,
  type ProfileBody,
  type ProfileInput,
  type ProfileListBody,
  type ReferenceVersionBody,
} from '../../../contract/profile';
import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';

/** Manual profiles, the three profile tables, the reference tables: the routes of server/profile. */
describe('profile routes', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;
  let otherAthleteId: number;
  let rosterId: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    app = await buildTestApp();
    coach = await newCoach(app, { spots: 100 });
    other = await newCoach(app, { spots: 100 });
    rosterId = (await coach.createRoster('Varsity')).id;
    ids = {};
    for (const [firstName, lastName, weightKg, onRoster] of [
      ['Ann', 'Zeller', 60, true],
      ['Bea', 'Young', 65, false],
      ['Cid', 'Xu', 90, true],
      ['Dov', 'Ward', 75, false],
    ] as const) {
      const athlete = await coach.createAthlete({
        firstName,
        lastName,
        gender: 'female',
        weightKg,
        rosterIds: onRoster ? [rosterId] : [],
      });
      ids[firstName] = athlete.id;
    }
    otherAthleteId = (await other.createAthlete({ firstName: 'Eve', lastName: 'Other' })).id;
  });
  afterAll(() => app.close());

  const complete = { verticalJumpMm: 500, sprint10Ms: 2000, proAgilityMs: 5150 };
  const easi = { accelerationMs: 2000, transitionMs: 1330, topSpeedMs: 2620 };

  async function create(input: ProfileInput, who = coach): Promise<ProfileBody> {
    const response = await who.post('/api/profile', input);
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json<ProfileBody>();
  }

  describe('manual profiles', () => {
    it('scores a profile typed by hand, with the athlete’s weight when bodyweight is left out', async () => {
      const profile = await create({
        athleteId: ids.Ann!,
        testedOn: '2024-01-05',
        measurements: { ...complete, broadJumpMm: 1980 },
      });
      // Female rows of version 1: 60.7 x 50 + 45.3 x 60 - 2055 = 3698 W against 3300 (550):
      // 572; 10 yd at the mean: 500; pro agility at the mean: 500; broad jump at the mean.
      expect(profile).toMatchObject({
        athleteId: ids.Ann,
        firstName: 'Ann',
        origin: 'manual',
        bodyweightKg: 60,
        referenceVersion: 1,
        points: {
          verticalJumpPowerW: 572,
          sprint10Ms: 500,
          proAgilityMs: 500,
          broadJumpMm: 500,
          accelerationMs: null,
        },
        sourceResults: { verticalJumpMm: null },
        eapi: 1572,
        easi: null,
      });
      expect((await coach.get(`/api/profile/${profile.id}`)).json()).toEqual(profile);
    });

    it('keeps an explicit null bodyweight (no jump power, no EAPI)', async () => {
      const profile = await create({
        athleteId: ids.Bea!,
        testedOn: '2024-01-06',
        bodyweightKg: null,
        measurements: complete,
      });
      expect(profile).toMatchObject({ bodyweightKg: null, eapi: null });
      expect(profile.points.verticalJumpPowerW).toBeNull();
    });

    it('answers 400 naming an impossible measurement', async () => {
      const response = await coach.post('/api/profile', {
        athleteId: ids.Ann,
        testedOn: '2024-01-07',
        measurements: { sprint10Ms: 500 },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([
        'measurements.sprint10Ms',
      ]);
    });

    it("answers 400 on athleteId for another account's athlete", async () => {
      const response = await coach.post('/api/profile', {
        athleteId: otherAthleteId,
        testedOn: '2024-01-07',
        measurements: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: { athleteId: [expect.any(String)] } });
    });

    it('answers 400 on testedOn for a second profile of the athlete that day', async () => {
      const input = { athleteId: ids.Cid!, testedOn: '2024-01-08', measurements: {} };
      await create(input);
      const response = await coach.post('/api/profile', input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { testedOn: [expect.stringContaining('2024-01-08')] },
      });
    });

    it('replaces a profile, refusing to move it onto a day taken', async () => {
      const a = await create({ athleteId: ids.Dov!, testedOn: '2024-01-09', measurements: {} });
      await create({ athleteId: ids.Dov!, testedOn: '2024-01-10', measurements: {} });
      const clash = await coach.put(`/api/profile/${a.id}`, {
        athleteId: ids.Dov,
        testedOn: '2024-01-10',
        measurements: {},
      });
      expect(clash.statusCode).toBe(400);
      expect(Object.keys(clash.json<{ errors: object }>().errors)).toEqual(['testedOn']);
      const response = await coach.put(`/api/profile/${a.id}`, {
        athleteId: ids.Dov,
        testedOn: '2024-01-09',
        bodyweightKg: 80,
        measurements: { ...easi },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<ProfileBody>()).toMatchObject({
        id: a.id,
        bodyweightKg: 80,
        measurements: { ...easi, verticalJumpMm: null },
        easi: 1500,
        createdAt: a.createdAt,
      });
    });

    it("answers 404 for another account's profile on every route", async () => {
      const mine = await create({ athleteId: ids.Ann!, testedOn: '2024-01-11', measurements: {} });
      const body = { athleteId: otherAthleteId, testedOn: '2024-01-11', measurements: {} };
      expect((await other.get(`/api/profile/${mine.id}`)).statusCode).toBe(404);
      expect((await other.put(`/api/profile/${mine.id}`, body)).statusCode).toBe(404);
      expect((await other.del(`/api/profile/${mine.id}`)).statusCode).toBe(404);
      expect((await other.post(`/api/profile/${mine.id}/rebuild`)).statusCode).toBe(404);
      expect((await coach.get(`/api/profile/${mine.id}`)).statusCode).toBe(200);
      expect((await coach.del(`/api/profile/${mine.id}`)).statusCode).toBe(204);
      expect((await coach.get(`/api/profile/${mine.id}`)).statusCode).toBe(404);
    });
  });

  describe('the three tables', () => {
    let lists: Coach;
    let people: Record<string, number>;
    let roster: number;

    beforeAll(async () => {
      lists = await newCoach(app, { spots: 100 });
      roster = (await lists.createRoster('Sprinters')).id;
      people = {};
      for (const [first, last, onRoster] of [
        ['Amy', 'Cole', true],
        ['Ben', 'Bell', false],
        ['Cal', 'Adams', true],
      ] as const) {
        people[first] = (
          await lists.createAthlete({
            firstName: first,
            lastName: last,
            gender: 'male',
            weightKg: 80,
            rosterIds: onRoster ? [roster] : [],
          })
        ).id;
      }
      const add = (athlete: string, testedOn: string, measurements: object) =>
        create({ athleteId: people[athlete]!, testedOn, measurements }, lists);
      // EAPI 1500 (all at the male means except the jump: 60.7 x 53.2 + 45.3 x 80 - 2055 = 4798 W)
      await add('Amy', '2024-03-01', { verticalJumpMm: 532, sprint10Ms: 1800, proAgilityMs: 4700 });
      await add('Amy', '2024-03-05', { verticalJumpMm: 532, sprint10Ms: 1700, proAgilityMs: 4700 });
      await add('Ben', '2024-03-02', { sprint40Ms: 5200 }); // an EAPI test, no index
      await add('Ben', '2024-03-06', {
        accelerationMs: 1800,
        transitionMs: 1170,
        topSpeedMs: 2250,
      });
      await add('Cal', '2024-03-03', { verticalJumpMm: 532, sprint10Ms: 1900, proAgilityMs: 4700 });
      await add('Cal', '2024-03-04', {});
    });

    const page = async (url: string): Promise<ProfileListBody> => {
      const response = await lists.get(url);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      return response.json<ProfileListBody>();
    };
    const days = async (url: string) => (await page(url)).items.map((p) => p.testedOn);

    it('lists every profile, newest testing day first by default', async () => {
      const list = await page('/api/profile');
      expect(list).toMatchObject({ totalCount: 6, pageNumber: 1, pageSize: 20 });
      expect(list.items.map((p) => p.testedOn)).toEqual([
        '2024-03-06',
        '2024-03-05',
        '2024-03-04',
        '2024-03-03',
        '2024-03-02',
        '2024-03-01',
      ]);
      expect(await days('/api/profile?sort=DateCreated&pageSize=2&pageNumber=2')).toEqual([
        '2024-03-03',
        '2024-03-04',
      ]);
    });

    it('sorts by the overall index with the profiles without one last, both ways', async () => {
      const asc = await page('/api/profile?sort=OverallIndex');
      expect(asc.items.map((p) => p.eapi)).toEqual([1400, 1500, 1600, null, null, null]);
      const desc = await page('/api/profile?sort=OverallIndexDesc');
      expect(desc.items.map((p) => p.eapi)).toEqual([1600, 1500, 1400, null, null, null]);
    });

    it('sorts by names, each athlete’s profiles by day in the same direction', async () => {
      expect(
        (await page('/api/profile?sort=LastName')).items.map((p) => [p.lastName, p.testedOn]),
      ).toEqual([
        ['Adams', '2024-03-03'],
        ['Adams', '2024-03-04'],
        ['Bell', '2024-03-02'],
        ['Bell', '2024-03-06'],
        ['Cole', '2024-03-01'],
        ['Cole', '2024-03-05'],
      ]);
      expect(
        (await page('/api/profile?sort=FirstNameDesc&pageSize=3')).items.map((p) => [
          p.firstName,
          p.testedOn,
        ]),
      ).toEqual([
        ['Cal', '2024-03-04'],
        ['Cal', '2024-03-03'],
        ['Ben', '2024-03-06'],
      ]);
    });

    it('filters by days (inclusive), names (prefix, any case) and roster', async () => {
      expect(
        await days('/api/profile?startDate=2024-03-02&endDate=2024-03-04&sort=DateCreated'),
      ).toEqual(['2024-03-02', '2024-03-03', '2024-03-04']);
      expect(await days('/api/profile?lastNameQuery=co&sort=DateCreated')).toEqual([
        '2024-03-01',
        '2024-03-05',
      ]);
      expect((await page('/api/profile?lastNameQuery=CO')).totalCount).toBe(2);
      const both = await page(`/api/report/eapi/individual?rosterId=${roster}&firstNameQuery=c`);
      expect(both.items.map((p) => [p.firstName, p.testedOn])).toEqual([['Cal', '2024-03-03']]);
      expect(both.totalCount).toBe(1);
      const members = await page(`/api/profile?rosterId=${roster}&sort=DateCreated`);
      expect(members.totalCount).toBe(4);
      expect(new Set(members.items.map((p) => p.firstName))).toEqual(new Set(['Amy', 'Cal']));
    });

    it('lists in the EAPI table the profiles with an EAPI test, in the EASI table those with a phase', async () => {
      const eapiTable = await page('/api/report/eapi/individual?sort=OverallIndexDesc');
      expect(eapiTable.items.map((p) => [p.testedOn, p.eapi])).toEqual([
        ['2024-03-05', 1600],
        ['2024-03-01', 1500],
        ['2024-03-03', 1400],
        ['2024-03-02', null],
      ]);
      const easiTable = await page('/api/report/easi/individual?sort=OverallIndex');
      expect(easiTable.items.map((p) => [p.testedOn, p.easi])).toEqual([['2024-03-06', 1500]]);
    });

    it('pages through every order the same way as one page (the second half read from the end)', async () => {
      const ids = async (url: string) => (await page(url)).items.map((p) => p.id);
      const tables: [string, string][] = [
        ['/api/profile', ''],
        ['/api/report/eapi/individual', ''],
        ['/api/report/easi/individual', ''],
        ['/api/profile', `&rosterId=${roster}`],
        ['/api/profile', '&lastNameQuery=b&startDate=2024-03-02'],
      ];
      for (const [route, filters] of tables) {
        for (const sort of PROFILE_SORTS) {
          const url = `${route}?sort=${sort}${filters}`;
          const whole = await page(url);
          for (const size of [1, 2, 4]) {
            const pages: number[] = [];
            const count = Math.ceil(whole.totalCount / size);
            for (let number = 1; number <= count + 1; number += 1) {
              const part = await page(`${url}&pageSize=${size}&pageNumber=${number}`);
              expect({ url, size, number, total: part.totalCount }).toEqual({
                url,
                size,
                number,
                total: whole.totalCount,
              });
              pages.push(...part.items.map((p) => p.id));
            }
            expect({ url, size, ids: pages }).toEqual({ url, size, ids: await ids(url) });
          }
        }
      }
    });

    it('answers 400 for bad filters and 404 for a roster of another account', async () => {
      const reversed = await lists.get('/api/profile?startDate=2024-03-05&endDate=2024-03-01');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({ errors: { endDate: [expect.any(String)] } });
      for (const url of [
        '/api/report/eapi/individual?sort=Fastest',
        '/api/report/easi/individual?pageSize=0',
        '/api/profile?startDate=2024-02-30',
      ]) {
        const response = await lists.get(url);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json<{ errors: object }>().errors).length).toBe(1);
      }
      expect((await lists.get(`/api/profile?rosterId=${rosterId}`)).statusCode).toBe(404);
      expect(
        (await page('/api/profile')).items.every((p) =>
          Object.values(people).includes(p.athleteId),
        ),
      ).toBe(true);
    });
  });

  describe('reference tables', () => {
    it('answers the current version, an earlier one by number, and 404 for an unknown one', async () => {
      const current = await coach.get('/api/index-reference');
      expect(current.statusCode).toBe(200);
      const body = current.json<ReferenceVersionBody>();
      expect(body.version).toBe(1);
      expect(body.rows).toContainEqual(
        expect.objectContaining({
          test: 'sprint10Ms',
          sex: 'male',
          level: 'all',
          mean: 1800,
          sd: 100,
          lowerIsBetter: true,
        }),
      );
      expect((await coach.get('/api/index-reference?version=1')).json()).toEqual(body);
      expect((await coach.get('/api/index-reference?version=7')).statusCode).toBe(404);
      expect((await coach.get('/api/index-reference?version=0')).statusCode).toBe(400);
    });
  });
});
