import { MAX_ROSTERS, type RosterBody, type RosterListBody } from '../../../contract/athlete';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { countRows, newCoach, type Coach } from './helpers';

describe('reference lists', () => {
  let app: App;
  let coach: Coach;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    coach = await newCoach(app);
  });
  afterAll(() => app.close());

  it('GET /api/sport answers every sport, cacheable', async () => {
    const response = await coach.get('/api/sport');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    const sports = response.json<{ id: number; name: string }[]>();
    expect(sports[0]).toEqual({ id: 1, name: 'Football' });
    expect(sports.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Basketball', 'Soccer', 'Track', 'Other']),
    );
    expect(sports.at(-1)).toEqual({ id: 10, name: 'Other' });
  });

  it('GET /api/position answers every position with its sport', async () => {
    const response = await coach.get('/api/position');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    const positions = response.json<{ id: number; sportId: number }[]>();
    expect(positions[0]).toEqual({ id: 101, sportId: 1, name: 'Quarterback', abbreviation: 'QB' });
    expect(positions).toContainEqual({
      id: 201,
      sportId: 2,
      name: 'Point guard',
      abbreviation: 'PG',
    });
    expect(positions.every((p) => Math.floor(p.id / 100) === p.sportId)).toBe(true);
  });

  it('needs a sign-in', async () => {
    expect((await app.inject('/api/sport')).statusCode).toBe(401);
    expect((await app.inject('/api/position')).statusCode).toBe(401);
  });

  it('documents every athlete, roster and reference route in the API reference', async () => {
    type Operation = {
      summary?: string;
      tags?: string[];
      security?: unknown;
      responses: Record<string, unknown>;
      requestBody?: { content: Record<string, unknown> };
    };
    const { paths } = (await app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const expected: Record<string, string[]> = {
      '/api/sport': ['get'],
      '/api/position': ['get'],
      '/api/roster': ['get', 'post'],
      '/api/roster/{id}': ['put', 'delete'],
      '/api/roster/{id}/athlete': ['post'],
      '/api/athlete': ['get', 'post'],
      '/api/athlete/{id}': ['get', 'put', 'delete'],
      '/api/athlete/import': ['post'],
      '/api/athlete/import/template': ['get'],
      '/api/athlete/export': ['get'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(paths[path] ?? {}).sort()).toEqual([...methods].sort());
      for (const method of methods) {
        const operation = paths[path]![method]!;
        expect({ path, method, summary: typeof operation.summary }).toEqual({
          path,
          method,
          summary: 'string',
        });
        expect(operation.tags?.length).toBe(1);
        expect(operation.security).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401']));
        expect(Object.keys(operation.responses).some((code) => code.startsWith('2'))).toBe(true);
      }
    }
    expect(Object.keys(paths['/api/athlete/import']!.post!.requestBody!.content)).toEqual([
      'text/csv',
    ]);
  });
});

describe('/api/roster', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    coach = await newCoach(app, { spots: 100 });
    other = await newCoach(app, { spots: 100 });
  });
  afterAll(() => app.close());

  const list = async (c: Coach) => (await c.get('/api/roster')).json<RosterListBody>();

  it('creates rosters with trimmed names and lists them by name with their counts', async () => {
    const response = await coach.post('/api/roster', { name: '  Varsity  ' });
    expect(response.statusCode).toBe(201);
    const varsity = response.json<RosterBody>();
    expect(varsity).toEqual({
      id: expect.any(Number),
      name: 'Varsity',
      athleteCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const jv = await coach.createRoster('junior varsity');
    const class25 = await coach.createRoster('Class of 2025');
    const class26 = await coach.createRoster('Class of 2026');
    const equipe = await coach.createRoster('Équipe B');
    await coach.createAthlete({
      firstName: 'Ana',
      lastName: 'Diaz',
      rosterIds: [varsity.id, jv.id],
    });
    await coach.createAthlete({ firstName: 'Ben', lastName: 'Ode', rosterIds: [varsity.id] });

    const body = await list(coach);
    expect(body.items.map((r) => r.name)).toEqual([
      'Class of 2025',
      'Class of 2026',
      'Équipe B',
      'junior varsity',
      'Varsity',
    ]);
    expect(body.items.map((r) => r.id)).toEqual([
      class25.id,
      class26.id,
      equipe.id,
      jv.id,
      varsity.id,
    ]);
    expect(body.items.find((r) => r.id === varsity.id)?.athleteCount).toBe(2);
    expect(body.items.find((r) => r.id === jv.id)?.athleteCount).toBe(1);
    expect(body).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: MAX_ROSTERS });
    expect((await list(other)).items).toEqual([]);
  });

  it('refuses a name that is taken in any case, naming the clash', async () => {
    const response = await coach.post('/api/roster', { name: ' VARSITY ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        name: [
          'A roster named "Varsity" exists already; roster names must differ (ignoring case).',
        ],
      },
    });
    // Another account may use the name.
    expect((await other.post('/api/roster', { name: 'Varsity' })).statusCode).toBe(201);
  });

  it('answers concurrent creations of one name with one roster and 400s', async () => {
    const responses = await Promise.all(
      ['Relay', 'relay', 'RELAY', 'Relay '].map((name) => coach.post('/api/roster', { name })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json().errors.name[0]).toMatch(
        /^A roster named "(Relay|relay|RELAY)" exists/,
      );
    }
    expect((await list(coach)).items.filter((r) => r.name.toLowerCase() === 'relay')).toHaveLength(
      1,
    );
  });

  it('refuses blank, too long, separator and malformed names with 400 by field', async () => {
    const cases: [unknown, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'A; B' }, 'name'],
      [{}, 'name'],
      [{ name: { text: 'Varsity' } }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const response = await coach.post('/api/roster', payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const separator = await coach.post('/api/roster', { name: 'A; B' });
    expect(separator.json().errors.name).toEqual([
      'must not contain ";" (it separates roster names in CSV files)',
    ]);
  });

  it('renames a roster, to another case of its own name too, but not onto another', async () => {
    const roster = await coach.createRoster('Sprinters');
    const renamed = await coach.put(`/api/roster/${roster.id}`, { name: ' SPRINTERS ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: roster.id, name: 'SPRINTERS', athleteCount: 0 });
    const clash = await coach.put(`/api/roster/${roster.id}`, { name: 'varsity' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors.name[0]).toMatch(/^A roster named "Varsity" exists already/);
    expect((await coach.put(`/api/roster/${roster.id}`, { name: '' })).statusCode).toBe(400);
  });

  it('deletes a roster and keeps its athletes', async () => {
    const roster = await coach.createRoster('Throwers');
    const athlete = await coach.createAthlete({
      firstName: 'Cy',
      lastName: 'Young',
      rosterIds: [roster.id],
    });
    const athletesBefore = await countRows(app, 'athletes', coach.accountId);
    const response = await coach.del(`/api/roster/${roster.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(coach)).items.some((r) => r.id === roster.id)).toBe(false);
    expect(await countRows(app, 'athletes', coach.accountId)).toBe(athletesBefore);
    expect((await coach.get(`/api/athlete/${athlete.id}`)).json().rosters).toEqual([]);
    expect((await coach.del(`/api/roster/${roster.id}`)).statusCode).toBe(404);
  });

  it('adds and removes members in bulk', async () => {
    const roster = await coach.createRoster('Speed group');
    const ids: number[] = [];
    for (const n of ['A', 'B', 'C', 'D']) {
      ids.push((await coach.createAthlete({ firstName: n, lastName: 'Member' })).id);
    }
    const [a, b, c, d] = ids as [number, number, number, number];
    const added = await coach.post(`/api/roster/${roster.id}/athlete`, { add: [a, b, c, a] });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: roster.id, name: 'Speed group', athleteCount: 3 });
    const changed = await coach.post(`/api/roster/${roster.id}/athlete`, {
      add: [d, a],
      remove: [b, c],
    });
    expect(changed.json().athleteCount).toBe(2);
    const members = await coach.get(`/api/athlete?rosterId=${roster.id}&sort=None`);
    expect(members.json().items.map((x: { id: number }) => x.id)).toEqual([a, d]);
    // Removing a non-member and adding nothing changes nothing.
    const noop = await coach.post(`/api/roster/${roster.id}/athlete`, { remove: [b] });
    expect(noop.json().athleteCount).toBe(2);
    expect((await coach.post(`/api/roster/${roster.id}/athlete`, {})).json().athleteCount).toBe(2);
  });

  it('changes nothing when any athlete id is not the account’s', async () => {
    const roster = await coach.createRoster('All or nothing');
    const mine = await coach.createAthlete({ firstName: 'Mine', lastName: 'Own' });
    const theirs = await other.createAthlete({ firstName: 'Their', lastName: 'Own' });
    const response = await coach.post(`/api/roster/${roster.id}/athlete`, {
      add: [mine.id, theirs.id, 99999999],
      remove: [123456789],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        add: [`These ids are not athletes of this account: ${theirs.id}, 99999999.`],
        remove: ['This id is not an athlete of this account: 123456789.'],
      },
    });
    const after = (await list(coach)).items.find((r) => r.id === roster.id);
    expect(after?.athleteCount).toBe(0);
    const both = await coach.post(`/api/roster/${roster.id}/athlete`, {
      add: [mine.id],
      remove: [mine.id],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors.remove[0]).toMatch(/both added and removed/);
    const bad = await coach.post(`/api/roster/${roster.id}/athlete`, { add: ['x', 0] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['add.0', 'add.1']);
  });

  it("answers 404 for another account's roster on every {id} route, and changes nothing", async () => {
    const theirs = await other.createRoster('Their roster');
    const mine = await coach.createAthlete({ firstName: 'Cross', lastName: 'Account' });
    const responses = [
      await coach.put(`/api/roster/${theirs.id}`, { name: 'Taken over' }),
      await coach.del(`/api/roster/${theirs.id}`),
      await coach.post(`/api/roster/${theirs.id}/athlete`, { add: [mine.id] }),
      await coach.put('/api/roster/2147483647', { name: 'Nope' }),
      await coach.del('/api/roster/99999999'),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    const still = (await list(other)).items.find((r) => r.id === theirs.id);
    expect(still).toMatchObject({ name: 'Their roster', athleteCount: 0 });
    expect((await coach.del('/api/roster/abc')).statusCode).toBe(400);
    expect((await coach.del('/api/roster/0')).statusCode).toBe(400);
    // Beyond the id range (contract/common.ts): 400, as any id that cannot be one.
    expect((await coach.put('/api/roster/99999999999', { name: 'Nope' })).json()).toEqual({
      errors: { id: ['must be <= 2147483647'] },
    });
    expect((await coach.del('/api/roster/9007199254740993')).statusCode).toBe(400);
  });

  it(`allows at most ${MAX_ROSTERS} rosters per account`, async () => {
    const full = await newCoach(app);
    await app.db
      .insertInto('rosters')
      .values(
        Array.from({ length: MAX_ROSTERS - 1 }, (_, i) => ({
          account_id: full.accountId,
          name: `Group ${i}`,
        })),
      )
      .execute();
    const responses = await Promise.all(
      ['Last one', 'One too many'].map((name) => full.post('/api/roster', { name })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = responses.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toEqual({
      errors: {
        name: [`This account has ${MAX_ROSTERS} rosters, the most it may have; delete one first.`],
      },
    });
    expect(await countRows(app, 'rosters', full.accountId)).toBe(MAX_ROSTERS);
  });
});
