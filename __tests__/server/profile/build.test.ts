import { randomUUID } from 'node:crypto';
import type { EventInput } from '../../../contract/event';
import type { ProfileBody, ProfileListBody } from '../../../contract/profile';
import type { App } from '../../../server/app';
import { newCoach, type Coach } from '../athlete/helpers';
import { buildTestApp } from '../helpers/build-test-app';

/**
 * Profiles built from results: every write of an EAPI result (add, correct, delete)
 * rebuilds its athlete's day in the same transaction; other programs' results do not;
 * manual profiles are left alone; the account's time zone decides the day.
 */
const yd = (yards: number) => Math.round(yards * 914.4);

/** A result of the account's athlete at 15:00 UTC on `day`, program eapi unless said. */
function result(athleteId: number, day: string, fields: Partial<EventInput>): EventInput {
  return {
    clientId: randomUUID(),
    athleteId,
    eventTypeId: 1,
    recordedAt: `${day}T15:00:00.000Z`,
    source: 'device',
    program: 'eapi',
    ...fields,
  } as EventInput;
}

const jump = (athleteId: number, day: string, markMm: number, extra: Partial<EventInput> = {}) =>
  result(athleteId, day, { eventTypeId: 5, markMm, ...extra });
const agility = (athleteId: number, day: string, timeMs: number) =>
  result(athleteId, day, { eventTypeId: 2, timeMs });
/** A 40-yd sprint with splits at 10 and 20 yd. */
const sprint40 = (
  athleteId: number,
  day: string,
  [s10, s20, total]: [number, number, number],
  extra: Partial<EventInput> = {},
) =>
  result(athleteId, day, {
    eventTypeId: 1,
    distanceMm: yd(40),
    timeMs: total,
    splits: [
      { distanceMm: yd(10), timeMs: s10 },
      { distanceMm: yd(20), timeMs: s20 },
      { distanceMm: yd(40), timeMs: total },
    ],
    ...extra,
  });

describe('profiles built from EAPI results', () => {
  let app: App;
  let coach: Coach;
  let other: Coach;
  let athleteId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    coach = await newCoach(app, { spots: 100 });
    other = await newCoach(app, { spots: 100 });
    const athlete = await coach.createAthlete({
      firstName: 'Sam',
      lastName: 'Reyes',
      gender: 'male',
      weightKg: 80,
    });
    athleteId = athlete.id;
  });
  afterAll(() => app.close());

  async function post(event: EventInput, who = coach): Promise<number> {
    const response = await who.post('/api/event', event);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  async function profilesOf(id: number, who = coach): Promise<ProfileBody[]> {
    const response = await who.get('/api/profile?pageSize=500&sort=DateCreated');
    expect(response.statusCode).toBe(200);
    return response.json<ProfileListBody>().items.filter((p) => p.athleteId === id);
  }

  it('builds one profile per athlete and day from the best EAPI results, scored with the current version', async () => {
    const day = '2025-04-01';
    const weak = await post(jump(athleteId, day, 550));
    const high = await post(jump(athleteId, day, 600));
    const slow = await post(agility(athleteId, day, 4800));
    const fast = await post(agility(athleteId, day, 4600));
    const run = await post(sprint40(athleteId, day, [1700, 2900, 5100]));
    const [profile] = await profilesOf(athleteId);
    expect(profile).toMatchObject({
      athleteId,
      firstName: 'Sam',
      lastName: 'Reyes',
      testedOn: day,
      origin: 'results',
      bodyweightKg: 80,
      referenceVersion: 1,
      measurements: {
        verticalJumpMm: 600,
        proAgilityMs: 4600,
        sprint10Ms: 1700,
        sprint40Ms: 5100,
        accelerationMs: 1700,
        transitionMs: 1200,
        topSpeedMs: 2200,
        broadJumpMm: null,
        flying10Ms: null,
      },
      sourceResults: {
        verticalJumpMm: high,
        proAgilityMs: fast,
        sprint10Ms: run,
        sprint40Ms: run,
        accelerationMs: run,
        transitionMs: run,
        topSpeedMs: run,
        broadJumpMm: null,
        flying10Ms: null,
      },
    });
    expect([weak, slow]).not.toContain(profile!.sourceResults.verticalJumpMm);
    // Male rows of version 1: jump power 60.7 x 60 + 45.3 x 80 - 2055 = 5211 W against
    // 4800 (SD 800): 551; 10 yd 1700 against 1800 (100): 600; pro agility 4600 against
    // 4700 (220): 545. EASI: 1700 -> 600, 1200 against 1170 (70): 457, 2200 against 2250
    // (140): 536.
    expect(profile!.points).toMatchObject({
      verticalJumpPowerW: 551,
      sprint10Ms: 600,
      proAgilityMs: 545,
      accelerationMs: 600,
      transitionMs: 457,
      topSpeedMs: 536,
    });
    expect(profile!.eapi).toBe(551 + 600 + 545);
    expect(profile!.easi).toBe(600 + 457 + 536);
  });

  it('rebuilds on a correction and a delete, and deletes the profile with its last result', async () => {
    const day = '2025-04-02';
    const first = await post(jump(athleteId, day, 500));
    const second = await post(jump(athleteId, day, 520));
    expect(
      (await profilesOf(athleteId)).find((p) => p.testedOn === day)?.measurements,
    ).toMatchObject({ verticalJumpMm: 520 });
    const { clientId: _c, ...fields } = jump(athleteId, day, 650);
    expect((await coach.put(`/api/event/${first}`, fields)).statusCode).toBe(200);
    let profile = (await profilesOf(athleteId)).find((p) => p.testedOn === day)!;
    expect(profile.measurements.verticalJumpMm).toBe(650);
    expect(profile.sourceResults.verticalJumpMm).toBe(first);

    expect((await coach.del(`/api/event/${first}`)).statusCode).toBe(204);
    profile = (await profilesOf(athleteId)).find((p) => p.testedOn === day)!;
    expect(profile.measurements.verticalJumpMm).toBe(520);

    expect((await coach.del(`/api/event/${second}`)).statusCode).toBe(204);
    expect((await profilesOf(athleteId)).find((p) => p.testedOn === day)).toBeUndefined();
  });

  it('moves a result between days and programs: the old day and the new are rebuilt', async () => {
    const [from, to] = ['2025-04-03', '2025-04-04'];
    const id = await post(jump(athleteId, from, 610));
    expect((await profilesOf(athleteId)).map((p) => p.testedOn)).toContain(from);
    const { clientId: _c, ...moved } = jump(athleteId, to, 610);
    expect((await coach.put(`/api/event/${id}`, moved)).statusCode).toBe(200);
    let days = (await profilesOf(athleteId)).map((p) => p.testedOn);
    expect(days).toContain(to);
    expect(days).not.toContain(from);
    // Out of the EAPI program: no profile left.
    const { clientId: _d, ...gamespeed } = jump(athleteId, to, 610, { program: 'gamespeed' });
    expect((await coach.put(`/api/event/${id}`, gamespeed)).statusCode).toBe(200);
    days = (await profilesOf(athleteId)).map((p) => p.testedOn);
    expect(days).not.toContain(to);
  });

  it('makes no profile of results of other programs', async () => {
    const day = '2025-04-05';
    await post(jump(athleteId, day, 600, { program: 'gamespeed' }));
    await post(sprint40(athleteId, day, [1700, 2900, 5100], { program: 'none' }));
    expect((await profilesOf(athleteId)).map((p) => p.testedOn)).not.toContain(day);
  });

  it('leaves a manual profile alone, and the rebuild route turns it back into results', async () => {
    const day = '2025-04-06';
    const created = await coach.post('/api/profile', {
      athleteId,
      testedOn: day,
      measurements: { verticalJumpMm: 700 },
    });
    expect(created.statusCode).toBe(201);
    const manual = created.json<ProfileBody>();
    expect(manual).toMatchObject({ origin: 'manual', bodyweightKg: 80 });
    const jumpId = await post(jump(athleteId, day, 600));
    expect(await coach.get(`/api/profile/${manual.id}`).then((r) => r.json())).toEqual(manual);

    const rebuilt = await coach.post(`/api/profile/${manual.id}/rebuild`);
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.json<ProfileBody>()).toMatchObject({
      id: manual.id,
      origin: 'results',
      measurements: { verticalJumpMm: 600 },
      sourceResults: { verticalJumpMm: jumpId },
    });
  });

  it('refuses to rebuild a manual profile of a day without EAPI results, changing nothing', async () => {
    const created = await coach.post('/api/profile', {
      athleteId,
      testedOn: '2025-04-07',
      measurements: { sprint10Ms: 1750 },
    });
    const manual = created.json<ProfileBody>();
    const response = await coach.post(`/api/profile/${manual.id}/rebuild`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['id']);
    expect((await coach.get(`/api/profile/${manual.id}`)).json()).toEqual(manual);
    expect((await other.post(`/api/profile/${manual.id}/rebuild`)).statusCode).toBe(404);
  });

  it('takes the 10-yd time from a 10-yd run or the 10-yd split of a longer one, and the flying 10', async () => {
    const athlete = await coach.createAthlete({ firstName: 'Ada', lastName: 'Lane' });
    const day = '2025-04-08';
    await post(sprint40(athlete.id, day, [1800, 3000, 5300]));
    const ten = await post(result(athlete.id, day, { distanceMm: yd(10), timeMs: 1750 }));
    const flying = await post(
      result(athlete.id, day, { eventTypeId: 3, distanceMm: yd(10), timeMs: 1150 }),
    );
    const [profile] = await profilesOf(athlete.id);
    expect(profile).toMatchObject({
      bodyweightKg: null,
      measurements: { sprint10Ms: 1750, flying10Ms: 1150, verticalJumpMm: null },
      sourceResults: { sprint10Ms: ten, flying10Ms: flying },
      // No gender: the pooled rows; no bodyweight: no jump power, so no EAPI.
      eapi: null,
    });
  });

  it("decides the day in the account's time zone, and a change of zone rebuilds the days", async () => {
    const athlete = await coach.createAthlete({ firstName: 'Tia', lastName: 'Moss' });
    // 03:00 UTC on the 10th is the evening of the 9th in Chicago.
    await post(jump(athlete.id, '2025-04-10', 600, { recordedAt: '2025-04-10T03:00:00.000Z' }));
    expect((await profilesOf(athlete.id)).map((p) => p.testedOn)).toEqual(['2025-04-10']);
    const bad = await coach.put('/api/user/time-zone', { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: { timeZone: [expect.any(String)] } });
    const set = await coach.put('/api/user/time-zone', { timeZone: 'America/Chicago' });
    expect(set.statusCode).toBe(204);
    expect((await profilesOf(athlete.id)).map((p) => p.testedOn)).toEqual(['2025-04-09']);
    await post(jump(athlete.id, '2025-04-10', 610, { recordedAt: '2025-04-10T04:30:00.000Z' }));
    const profiles = await profilesOf(athlete.id);
    expect(profiles.map((p) => [p.testedOn, p.measurements.verticalJumpMm])).toEqual([
      ['2025-04-09', 610],
    ]);
    expect((await coach.put('/api/user/time-zone', { timeZone: 'UTC' })).statusCode).toBe(204);
    expect((await profilesOf(athlete.id)).map((p) => p.testedOn)).toEqual(['2025-04-10']);
  });

  it("never builds from another account's results", async () => {
    expect((await profilesOf(athleteId, other)).length).toBe(0);
    const response = await other.post('/api/event', jump(athleteId, '2025-04-11', 600));
    expect(response.statusCode).toBe(400);
  });
});
