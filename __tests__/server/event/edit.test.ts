import type { EventBody } from '../../../contract/event';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, countRows, sprint, yd } from './fixtures';

/** PUT and DELETE /api/event/{id}: a coach corrects or removes a result of the account. */
describe('PUT and DELETE /api/event/{id}', () => {
  let app: App;
  let mine: { headers: Record<string, string>; id: string };
  let theirs: { headers: Record<string, string>; id: string };
  let athletes: number[];
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'edit@example.com');
    theirs = await coach(app, 'edit-other@example.com');
    athletes = await addAthletes(app, mine.id, 2);
  });
  afterAll(() => app.close());

  async function store(clientId: string, overrides = {}): Promise<EventBody> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint(clientId, athletes[0]!, overrides),
    });
    expect(response.statusCode).toBe(201);
    return response.json<EventBody>();
  }

  const put = (id: number, payload: object, headers = mine.headers) =>
    app.inject({ method: 'PUT', url: `/api/event/${id}`, headers, payload });

  it('keeps an empty lane and an empty alias empty (null is not 0)', async () => {
    const run = await store('edit-null', { laneId: null });
    expect(run.laneId).toBeNull();
    const { clientId: _clientId, ...fields } = sprint('edit-null', athletes[0]!, {
      laneId: null,
      eventAliasId: null,
      recordedAt: '2025-03-02T15:00:00.000Z',
    });
    const response = await put(run.id, fields);
    expect(response.statusCode).toBe(200);
    expect(response.json<EventBody>()).toMatchObject({
      laneId: null,
      eventAliasId: null,
      recordedAt: '2025-03-02T15:00:00.000Z',
    });
  });

  it('corrects a mistimed run: checks it again, recomputes the flag and replaces the splits', async () => {
    const mistimed = await store('edit-1', {
      splits: [
        { distanceMm: yd(10), timeMs: 1700 },
        { distanceMm: yd(20), timeMs: 2300 },
        { distanceMm: yd(40), timeMs: 4800 },
      ],
    });
    expect(mistimed.implausible).toBe(true);
    const { clientId: _clientId, ...fields } = sprint('edit-1', athletes[1]!, {
      laneId: 3,
      splits: [
        { distanceMm: yd(10), timeMs: 1700 },
        { distanceMm: yd(40), timeMs: 4800 },
      ],
    });
    const response = await put(mistimed.id, fields);
    expect(response.statusCode).toBe(200);
    const corrected = response.json<EventBody>();
    expect(corrected).toMatchObject({
      id: mistimed.id,
      clientId: 'edit-1',
      athleteId: athletes[1],
      laneId: 3,
      implausible: false,
      splits: fields.splits,
      createdAt: mistimed.createdAt,
    });
    const splits = await app.db
      .selectFrom('result_splits')
      .select(['split_distance_mm', 'athlete_id', 'lane_id', 'implausible'])
      .where('result_id', '=', String(mistimed.id))
      .orderBy('split_distance_mm')
      .execute();
    expect(splits).toEqual([
      { split_distance_mm: 9144, athlete_id: String(athletes[1]), lane_id: 3, implausible: false },
      { split_distance_mm: 36576, athlete_id: String(athletes[1]), lane_id: 3, implausible: false },
    ]);
  });

  it('answers the corrected result, not a 409, when the device retries its original upload', async () => {
    const original = sprint('edit-2', athletes[0]!);
    const stored = await store('edit-2');
    const { clientId: _clientId, ...fields } = { ...original, timeMs: 4950, splits: [] };
    expect((await put(stored.id, fields)).statusCode).toBe(200);
    const retry = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: original,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<EventBody>()).toMatchObject({ id: stored.id, timeMs: 4950, splits: [] });
  });

  it('refuses a correction that does not fit, changing nothing', async () => {
    const stored = await store('edit-3');
    const { clientId: _clientId, ...fields } = sprint('edit-3', athletes[0]!, { timeMs: 5000 });
    const response = await put(stored.id, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { timeMs: ['must equal the time of the last split (4800), which is at distanceMm'] },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint('edit-3', athletes[0]!),
    });
    expect(again.json<EventBody>()).toEqual(stored);
  });

  it("answers 404 for another account's result, and for one that does not exist", async () => {
    const stored = await store('edit-4');
    const { clientId: _clientId, ...fields } = sprint('edit-4', athletes[0]!);
    expect((await put(stored.id, fields, theirs.headers)).statusCode).toBe(404);
    expect((await put(987654321, fields)).json()).toEqual({ message: 'Not found' });
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/event/${stored.id}`,
      headers: theirs.headers,
    });
    expect(del.statusCode).toBe(404);
    const still = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: mine.headers,
      payload: sprint('edit-4', athletes[0]!),
    });
    expect(still.json<EventBody>()).toEqual(stored);
  });

  it('deletes a result with its splits', async () => {
    const stored = await store('edit-5');
    const before = await countRows(app, mine.id);
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/event/${stored.id}`,
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(204);
    expect(await countRows(app, mine.id)).toEqual({
      results: before.results - 1,
      splits: before.splits - 3,
    });
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/event/${stored.id}`,
      headers: mine.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an id that is not a positive integer', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/event/abc',
      headers: mine.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { id: ['must be an integer in decimal digits'] } });
  });
});
