import type { AthleteBody } from '../../../contract/athlete';
import type { App } from '../../../server/app';
import { csv, importCsv, newCoach, type Coach } from '../athlete/helpers';
import { sprint } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { join, type Member } from './helpers';

/**
 * A coach limited to some rosters (decision 041) sees and changes their rosters' athletes,
 * results and profiles only, on the routes that name one thing: the history, a profile,
 * an athlete's form, a result, the CSV import and a roster's members. What is another
 * roster's is "not found" (404) where another workspace's would be, and refused (403,
 * saying why) where the coach asks to put something outside their rosters.
 */
describe('a roster-limited coach, route by route', () => {
  let app: App;
  let owner: Coach;
  let coach: Member;
  let mine: { id: number };
  let mine2: { id: number };
  let other: { id: number };
  let inMine: AthleteBody;
  let inOther: AthleteBody;
  let inBoth: AthleteBody;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    owner = await newCoach(app, { spots: 100 });
    mine = await owner.createRoster('Mine');
    mine2 = await owner.createRoster('Mine too');
    other = await owner.createRoster('Other');
    const athlete = (lastName: string, rosterIds: number[], externalId?: string) =>
      owner.createAthlete({ firstName: 'A', lastName, rosterIds, externalId });
    inMine = await athlete('Mine', [mine.id]);
    inOther = await athlete('Other', [other.id], 'EXT-OTHER');
    inBoth = await athlete('Both', [mine.id, other.id]);
    coach = await join(app, owner, 'coach', [mine.id]);
  }, 120_000);
  afterAll(() => app.close());

  let n = 0;
  /** A result of `athleteId`, stored by the owner: its id. */
  const result = async (athleteId: number) => {
    const stored = await owner.post('/api/event', sprint(`limit-${++n}`, athleteId, {}, n));
    expect(stored.statusCode).toBe(201);
    return stored.json<{ id: number }>().id;
  };
  const profileInput = (athleteId: number, testedOn: string) => ({
    athleteId,
    testedOn,
    measurements: {},
  });
  /** A profile of `athleteId`, typed by the owner: its id. */
  const profile = async (athleteId: number, testedOn: string) => {
    const made = await owner.post('/api/profile', profileInput(athleteId, testedOn));
    expect(made.statusCode).toBe(201);
    return made.json<{ id: number }>().id;
  };
  const rostersOf = async (athleteId: number) =>
    (await owner.get(`/api/athlete/${athleteId}`))
      .json<AthleteBody>()
      .rosters.map((r) => r.id)
      .sort((a, b) => a - b);

  it('reads the history of their athletes only (GET /api/event/historical)', async () => {
    await result(inMine.id);
    await result(inOther.id);
    const history = (athleteId: number, rosterId?: number) =>
      coach.get(
        `/api/event/historical?athleteId=${athleteId}${rosterId ? `&rosterId=${rosterId}` : ''}`,
      );
    const theirs = await history(inMine.id);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().results).toHaveLength(1);
    expect((await history(inOther.id)).statusCode).toBe(404);
    expect((await history(inBoth.id)).statusCode).toBe(200);
    expect((await history(inMine.id, other.id)).statusCode).toBe(403);
    expect((await history(inMine.id, mine.id)).statusCode).toBe(200);
    // Limited to two rosters, no roster needs to be chosen: the athlete's decides.
    const two = await join(app, owner, 'viewer', [mine.id, mine2.id]);
    expect((await two.get(`/api/event/historical?athleteId=${inMine.id}`)).statusCode).toBe(200);
    expect((await two.get(`/api/event/historical?athleteId=${inOther.id}`)).statusCode).toBe(404);
  });

  it('reads and changes profiles of their athletes only (/api/profile...)', async () => {
    const ours = await profile(inMine.id, '2026-02-02');
    const theirs = await profile(inOther.id, '2026-02-02');
    expect((await coach.get(`/api/profile/${ours}`)).statusCode).toBe(200);
    expect((await coach.get(`/api/profile/${theirs}`)).statusCode).toBe(404);
    expect(
      (await coach.put(`/api/profile/${theirs}`, profileInput(inOther.id, '2026-02-03')))
        .statusCode,
    ).toBe(404);
    expect((await coach.del(`/api/profile/${theirs}`)).statusCode).toBe(404);
    expect((await coach.post(`/api/profile/${theirs}/rebuild`)).statusCode).toBe(404);
    // Their profile may not be moved to another roster's athlete, nor one typed for them.
    const moved = await coach.put(`/api/profile/${ours}`, profileInput(inOther.id, '2026-02-04'));
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toMatch(/only for athletes on your rosters/);
    const typed = await coach.post('/api/profile', profileInput(inOther.id, '2026-02-05'));
    expect(typed.statusCode).toBe(403);
    expect(
      (await coach.post('/api/profile', profileInput(inMine.id, '2026-02-05'))).statusCode,
    ).toBe(201);
    expect(
      (await coach.put(`/api/profile/${ours}`, profileInput(inMine.id, '2026-02-06'))).statusCode,
    ).toBe(200);
    expect((await coach.del(`/api/profile/${ours}`)).statusCode).toBe(204);
    expect((await owner.get(`/api/profile/${theirs}`)).statusCode).toBe(200);
  });

  it('corrects and deletes results of their athletes only (/api/event/{id})', async () => {
    const ours = await result(inMine.id);
    const theirs = await result(inOther.id);
    const correction = (athleteId: number) => sprint('unused', athleteId, { clientId: undefined });
    expect((await coach.put(`/api/event/${theirs}`, correction(inOther.id))).statusCode).toBe(404);
    expect((await coach.del(`/api/event/${theirs}`)).statusCode).toBe(404);
    const moved = await coach.put(`/api/event/${ours}`, correction(inOther.id));
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toMatch(/only for athletes on your rosters/);
    expect((await coach.put(`/api/event/${ours}`, correction(inBoth.id))).statusCode).toBe(200);
    expect((await coach.del(`/api/event/${ours}`)).statusCode).toBe(204);
    expect(
      (await owner.get(`/api/event/historical?athleteId=${inOther.id}`)).json().results,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ id: theirs })]));
  });

  it("adds and edits athletes on their rosters only, keeping others' memberships", async () => {
    const add = (rosterIds: number[], externalId?: string) =>
      coach.post('/api/athlete', { firstName: 'New', lastName: 'One', rosterIds, externalId });
    const none = await add([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.rosterIds[0]).toMatch(/one of your rosters/);
    const outside = await add([mine.id, other.id]);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toMatch(new RegExp(`roster ${other.id} is not one of them`));
    // An external id of another roster's athlete is taken, without naming them.
    const taken = await add([mine.id], 'EXT-OTHER');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.externalId[0]).toMatch(/^Another athlete has this external id/);
    expect((await add([mine.id])).statusCode).toBe(201);

    const edit = (athlete: AthleteBody, rosterIds: number[]) =>
      coach.put(`/api/athlete/${athlete.id}`, {
        firstName: 'A',
        lastName: athlete.lastName,
        rosterIds,
      });
    expect((await edit(inOther, [mine.id])).statusCode).toBe(404);
    expect((await coach.del(`/api/athlete/${inOther.id}`)).statusCode).toBe(404);
    expect((await edit(inMine, [other.id])).statusCode).toBe(403);
    expect((await edit(inMine, [])).statusCode).toBe(400);
    // Both rosters' athlete: the coach's form names theirs; the other membership stays,
    // named or not (it is already there), and cannot be taken away by them.
    expect((await edit(inBoth, [mine.id])).statusCode).toBe(200);
    expect(await rostersOf(inBoth.id)).toEqual([mine.id, other.id]);
    expect((await edit(inBoth, [mine.id, other.id])).statusCode).toBe(200);
    expect(await rostersOf(inBoth.id)).toEqual([mine.id, other.id]);
    expect((await owner.get(`/api/athlete/${inOther.id}`)).statusCode).toBe(200);
  });

  it("names only their rosters among an athlete's (the athlete, the table, the export)", async () => {
    const names = (athlete: AthleteBody) => athlete.rosters.map((r) => r.name);
    const one = await coach.get(`/api/athlete/${inBoth.id}`);
    expect(one.statusCode).toBe(200);
    expect(names(one.json<AthleteBody>())).toEqual(['Mine']);
    const table = (await coach.get('/api/athlete?lastNameQuery=Both')).json<{
      items: AthleteBody[];
    }>();
    expect(table.items.map(names)).toEqual([['Mine']]);
    const exported = await coach.get('/api/athlete/export?lastNameQuery=Both');
    expect(exported.statusCode).toBe(200);
    const row = exported.body.split('\r\n')[1]!;
    expect(row).toMatch(/,Mine$/);
    expect(row).not.toMatch(/Other/);
    const saved = await coach.put(`/api/athlete/${inBoth.id}`, {
      firstName: 'A',
      lastName: 'Both',
      rosterIds: [mine.id],
    });
    expect(names(saved.json<AthleteBody>())).toEqual(['Mine']);
    // The owner sees both; the other membership is still there.
    expect(names((await owner.get(`/api/athlete/${inBoth.id}`)).json<AthleteBody>())).toEqual([
      'Mine',
      'Other',
    ]);
  });

  it('imports athletes into their rosters only (POST /api/athlete/import)', async () => {
    const file = csv(
      'firstName,lastName,rosters',
      'Ok,One,Mine',
      'Not,Theirs,Other',
      'Not,New,Brand new',
      'No,Roster,',
    );
    const dry = await importCsv(coach, file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ errorCount: 3, newRosters: [] });
    const committed = await importCsv(coach, file, false);
    expect(committed.statusCode).toBe(400);
    const errors = committed.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual([
      'rows.3.rosters',
      'rows.4.rosters',
      'rows.5.rosters',
    ]);
    expect(errors['rows.3.rosters']![0]).toMatch(/"Other" is not one of your rosters/);
    expect(errors['rows.4.rosters']![0]).toMatch(/"Brand new" is not one of your rosters/);
    expect(errors['rows.5.rosters']![0]).toMatch(/must name one of your rosters/);
    const rosters = (await owner.get('/api/roster')).json<{ items: { name: string }[] }>();
    expect(rosters.items.map((r) => r.name)).not.toContain('Brand new');
    const clean = await importCsv(coach, csv('firstName,lastName,rosters', 'Ok,Two,mine'), false);
    expect(clean.statusCode).toBe(200);
    expect(clean.json().created).toBe(1);
  });

  it('renames their rosters and changes their members only (/api/roster/{id}...)', async () => {
    expect((await coach.put(`/api/roster/${other.id}`, { name: 'Taken over' })).statusCode).toBe(
      403,
    );
    expect((await coach.put(`/api/roster/${mine.id}`, { name: 'Mine, renamed' })).statusCode).toBe(
      200,
    );
    const members = (rosterId: number, change: { add?: number[]; remove?: number[] }) =>
      coach.post(`/api/roster/${rosterId}/athlete`, change);
    expect((await members(other.id, { add: [inMine.id] })).statusCode).toBe(403);
    const pulled = await members(mine.id, { add: [inOther.id] });
    expect(pulled.statusCode).toBe(403);
    expect(pulled.json().message).toMatch(new RegExp(`athlete ${inOther.id} is on none of them`));
    expect((await members(mine.id, { remove: [inOther.id] })).statusCode).toBe(403);
    expect(await rostersOf(inOther.id)).toEqual([other.id]);
    // Making and deleting rosters is the program's.
    expect((await coach.post('/api/roster', { name: 'Theirs' })).statusCode).toBe(403);
    expect((await coach.del(`/api/roster/${mine.id}`)).statusCode).toBe(403);
    // Between rosters of theirs, athletes move freely.
    const two = await join(app, owner, 'coach', [mine.id, mine2.id]);
    const moved = await two.post(`/api/roster/${mine2.id}/athlete`, { add: [inMine.id] });
    expect(moved.statusCode).toBe(200);
    expect(await rostersOf(inMine.id)).toEqual([mine.id, mine2.id]);
  });
});
