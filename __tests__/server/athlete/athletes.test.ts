import type { AthleteBody } from '../../../contract/athlete';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { countRows, newCoach, setSpots, type Coach } from './helpers';

const NO_SPOTS =
  'No athlete spots left: this account may add 0 more athletes (its limit is reached). ' +
  'Buy more athlete spots in the Store, or delete athletes who have left.';

describe('/api/athlete: one athlete', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    coach = await newCoach(app, { spots: 200 });
    other = await newCoach(app, { spots: 200 });
  });
  afterAll(() => app.close());

  it('takes explicit nulls as empty fields (null is not 0)', async () => {
    const response = await coach.post('/api/athlete', {
      firstName: 'Nil',
      lastName: 'Values',
      gender: null,
      birthDate: null,
      graduationYear: null,
      sportId: null,
      positionId: null,
      heightCm: null,
      weightKg: null,
      externalId: null,
      email: null,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      gender: null,
      graduationYear: null,
      sportId: null,
      heightCm: null,
      weightKg: null,
      externalId: null,
    });
  });

  it('creates an athlete with only the names, the rest empty, and takes one spot', async () => {
    const before = await coach.spots();
    const response = await coach.post('/api/athlete', { firstName: ' Sam ', lastName: ' Reyes ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      firstName: 'Sam',
      middleName: '',
      lastName: 'Reyes',
      gender: null,
      birthDate: null,
      graduationYear: null,
      sportId: null,
      positionId: null,
      heightCm: null,
      weightKg: null,
      externalId: null,
      email: null,
      rosters: [],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
    });
    expect(await coach.spots()).toBe(before - 1);
  });

  it('creates, reads and replaces every field', async () => {
    const varsity = await coach.createRoster('Varsity');
    const relay = await coach.createRoster('4x100 relay');
    const created = await coach.createAthlete({
      firstName: 'Zoë',
      middleName: 'Anne',
      lastName: 'Núñez',
      gender: 'female',
      birthDate: '2008-02-29',
      graduationYear: 2026,
      sportId: 7,
      positionId: 701,
      heightCm: 168.04,
      weightKg: 57.25,
      externalId: ' S-1001 ',
      email: ' zoe@example.org ',
      rosterIds: [varsity.id, relay.id, varsity.id],
    });
    expect(created).toMatchObject({
      firstName: 'Zoë',
      middleName: 'Anne',
      lastName: 'Núñez',
      gender: 'female',
      birthDate: '2008-02-29',
      graduationYear: 2026,
      sportId: 7,
      positionId: 701,
      heightCm: 168,
      weightKg: 57.3,
      externalId: 'S-1001',
      email: 'zoe@example.org',
      rosters: [
        { id: relay.id, name: '4x100 relay' },
        { id: varsity.id, name: 'Varsity' },
      ],
    });
    const read = await coach.get(`/api/athlete/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const replaced = await coach.put(`/api/athlete/${created.id}`, {
      firstName: 'Zoe',
      lastName: 'Nunez',
      positionId: 102, // running back: the sport follows the position
      rosterIds: [varsity.id],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({
      ...created,
      firstName: 'Zoe',
      middleName: '',
      lastName: 'Nunez',
      gender: null,
      birthDate: null,
      graduationYear: null,
      sportId: 1,
      positionId: 102,
      heightCm: null,
      weightKg: null,
      externalId: null,
      email: null,
      rosters: [{ id: varsity.id, name: 'Varsity' }],
    });
    // rosterIds left out: off every roster (PUT replaces every field).
    const off = await coach.put(`/api/athlete/${created.id}`, { firstName: 'Zoe', lastName: 'N' });
    expect(off.json().rosters).toEqual([]);
  });

  it('refuses bad fields with 400 by field and writes nothing', async () => {
    const count = await countRows(app, 'athletes', coach.accountId);
    const spots = await coach.spots();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { firstName: '  ', lastName: ' ' },
        { firstName: ['must not be empty'], lastName: ['must not be empty'] },
      ],
      [
        { firstName: 'A', lastName: 'B', birthDate: '2099-01-01' },
        { birthDate: ['must not be in the future'] },
      ],
      [
        { firstName: 'A', lastName: 'B', birthDate: '1850-06-01' },
        { birthDate: ['must be 1900-01-01 or later'] },
      ],
      [
        { firstName: 'A', lastName: 'B', sportId: 99, positionId: 9999 },
        { sportId: ['No sport has the id 99.'], positionId: ['No position has the id 9999.'] },
      ],
      [
        { firstName: 'A', lastName: 'B', sportId: 2, positionId: 101 },
        { positionId: ['Quarterback (QB) is a position of Football, not of Basketball.'] },
      ],
      [
        { firstName: 'A', lastName: 'B', email: 'not an address' },
        { email: ['must be an e-mail address like name@example.org'] },
      ],
      [{ firstName: 'A', lastName: 'B', heightCm: 0.01 }, { heightCm: ['must be at least 0.1'] }],
      [
        { firstName: 'A', lastName: 'B', rosterIds: [99999999] },
        { rosterIds: ['This id is not a roster of this account: 99999999.'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await coach.post('/api/athlete', payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({
        payload,
        status: 400,
        body: { errors },
      });
    }
    const schemaCases: [Record<string, unknown>, string[]][] = [
      [{ lastName: 'B' }, ['firstName']],
      [{ firstName: 'A', lastName: 'B', birthDate: '2023-02-30' }, ['birthDate']],
      [{ firstName: 'A', lastName: 'B', birthDate: '15/04/2008' }, ['birthDate']],
      [{ firstName: 'A', lastName: 'B', gender: 'x' }, ['gender']],
      [{ firstName: 'A', lastName: 'B', graduationYear: 1800 }, ['graduationYear']],
      [{ firstName: 'A', lastName: 'B', heightCm: -1, weightKg: 501 }, ['heightCm', 'weightKg']],
      [{ firstName: 'x'.repeat(101), lastName: 'B' }, ['firstName']],
      [{ firstName: 'A', lastName: 'B', rosterIds: [0] }, ['rosterIds.0']],
    ];
    for (const [payload, fields] of schemaCases) {
      const response = await coach.post('/api/athlete', payload);
      expect(response.statusCode).toBe(400);
      const keys = Object.keys(response.json<{ errors: object }>().errors).sort();
      expect({ payload, keys }).toEqual({ payload, keys: fields });
    }
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(count);
    expect(await coach.spots()).toBe(spots);
  });

  it('keeps external ids unique per account, answering 400 at externalId', async () => {
    const first = await coach.createAthlete({
      firstName: 'Ext',
      lastName: 'One',
      externalId: 'X-1',
    });
    const clash = await coach.post('/api/athlete', {
      firstName: 'Ext',
      lastName: 'Two',
      externalId: 'X-1 ',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({
      errors: {
        externalId: ['Ext One has this external id already; external ids must be unique.'],
      },
    });
    // Its own id on a PUT is no clash; another account may use it too.
    const same = await coach.put(`/api/athlete/${first.id}`, {
      firstName: 'Ext',
      lastName: 'Uno',
      externalId: 'X-1',
    });
    expect(same.statusCode).toBe(200);
    expect(
      (await other.post('/api/athlete', { firstName: 'O', lastName: 'X', externalId: 'X-1' }))
        .statusCode,
    ).toBe(201);
    const second = await coach.createAthlete({ firstName: 'Ext', lastName: 'Two' });
    const taken = await coach.put(`/api/athlete/${second.id}`, {
      firstName: 'Ext',
      lastName: 'Two',
      externalId: 'X-1',
    });
    expect(taken.statusCode).toBe(400);
    expect(Object.keys(taken.json().errors)).toEqual(['externalId']);
  });

  it('answers 400 at externalId when concurrent creations race for one id', async () => {
    const responses = await Promise.all(
      [1, 2, 3].map((n) =>
        coach.post('/api/athlete', { firstName: `Race${n}`, lastName: 'X', externalId: 'RACE' }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(Object.keys(response.json().errors)).toEqual(['externalId']);
    }
  });

  it('refuses rosters of another account', async () => {
    const theirs = await other.createRoster('Theirs');
    const response = await coach.post('/api/athlete', {
      firstName: 'A',
      lastName: 'B',
      rosterIds: [theirs.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.rosterIds).toEqual([
      `This id is not a roster of this account: ${theirs.id}.`,
    ]);
  });

  it('deletes an athlete and gives its spot back', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Gone', lastName: 'Soon' });
    const spots = await coach.spots();
    const response = await coach.del(`/api/athlete/${athlete.id}`);
    expect(response.statusCode).toBe(204);
    expect(await coach.spots()).toBe(spots + 1);
    expect((await coach.get(`/api/athlete/${athlete.id}`)).statusCode).toBe(404);
    expect((await coach.del(`/api/athlete/${athlete.id}`)).statusCode).toBe(404);
    expect(await coach.spots()).toBe(spots + 1);
  });

  it("answers 404 for another account's athlete on every {id} route and changes nothing", async () => {
    const theirs = await other.createAthlete({ firstName: 'Their', lastName: 'Athlete' });
    const spots = await coach.spots();
    const responses = [
      await coach.get(`/api/athlete/${theirs.id}`),
      await coach.put(`/api/athlete/${theirs.id}`, { firstName: 'Hijack', lastName: 'ed' }),
      await coach.del(`/api/athlete/${theirs.id}`),
      await coach.get('/api/athlete/99999999'),
      await coach.get('/api/athlete/2147483647'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    expect((await other.get(`/api/athlete/${theirs.id}`)).json<AthleteBody>()).toEqual(theirs);
    expect(await coach.spots()).toBe(spots);
    expect((await coach.get('/api/athlete/abc')).statusCode).toBe(400);
    expect((await coach.get('/api/athlete/9007199254740993')).json()).toEqual({
      errors: { id: ['must be <= 2147483647'] },
    });
  });
});

describe('athlete spots', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses an athlete beyond the spots with a clear message and writes nothing', async () => {
    const coach = await newCoach(app, { spots: 1 });
    await coach.createAthlete({ firstName: 'Only', lastName: 'One' });
    expect(await coach.spots()).toBe(0);
    const response = await coach.post('/api/athlete', { firstName: 'One', lastName: 'Too many' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { athleteSpots: [NO_SPOTS] } });
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(1);
    expect(await coach.spots()).toBe(0);
  });

  it('new accounts start with DEFAULT_ATHLETE_SPOTS', async () => {
    const coach = await newCoach(app);
    expect(await coach.spots()).toBe(50);
  });

  it('never overshoots under concurrent creations', async () => {
    const coach = await newCoach(app, { spots: 3 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        coach.post('/api/athlete', { firstName: `Racer${i}`, lastName: 'Spot' }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 400)).toHaveLength(7);
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(3);
    expect(await coach.spots()).toBe(0);
    // Deleting one frees one spot, and exactly one creation fits again.
    const first = responses.find((r) => r.statusCode === 201)!.json<AthleteBody>();
    await coach.del(`/api/athlete/${first.id}`);
    const again = await Promise.all(
      [1, 2].map((i) => coach.post('/api/athlete', { firstName: `Again${i}`, lastName: 'Spot' })),
    );
    expect(again.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    await setSpots(app, coach.accountId, 0);
  });
});
