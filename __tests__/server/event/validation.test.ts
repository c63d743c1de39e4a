import type { EventInput } from '../../../contract/event';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, countRows, sprint, yd } from './fixtures';

/** What POST /api/event checks beyond the schema, each case refused with 400 by field. */
describe('POST /api/event: checks of a result', () => {
  let app: App;
  let headers: Record<string, string>;
  let account: string;
  let athlete: number;
  let otherAthlete: number;
  let otherType: number;
  let aliasId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    ({ headers, id: account } = await coach(app, 'checks@example.com'));
    athlete = (await addAthletes(app, account, 1))[0]!;
    const other = await coach(app, 'other-checks@example.com');
    otherAthlete = (await addAthletes(app, other.id, 1))[0]!;
    otherType = (
      await app.db
        .insertInto('event_types')
        .values({
          account_id: other.id,
          code: 'sled',
          name: 'Sled push',
          unit: 'time',
          lower_is_better: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    aliasId = Number(
      (
        await app.db
          .insertInto('event_aliases')
          .values({ account_id: account, event_type_id: 1, name: 'Flying 30', distance_mm: yd(30) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(() => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/event', headers, payload: payload as object });

  const splits = (...pairs: [number, number][]) =>
    pairs.map(([distanceMm, timeMs]) => ({ distanceMm, timeMs }));

  const proAgility = (overrides: Partial<EventInput> = {}): EventInput => ({
    clientId: 'pa',
    athleteId: athlete,
    eventTypeId: 2,
    recordedAt: '2025-03-01T15:00:00Z',
    timeMs: 4600,
    source: 'device',
    ...overrides,
  });
  const vertical = (overrides: Partial<EventInput> = {}): EventInput => ({
    clientId: 'vj',
    athleteId: athlete,
    eventTypeId: 5,
    recordedAt: '2025-03-01T15:00:00Z',
    markMm: 660,
    source: 'manual',
    ...overrides,
  });

  const refused: [string, () => EventInput, Record<string, string[]>][] = [
    [
      'splits not increasing in distance',
      () =>
        sprint('c1', athlete, { splits: splits([yd(20), 2800], [yd(10), 2900], [yd(40), 4800]) }),
      { 'splits.1.distanceMm': ['must be more than the split before (18288)'] },
    ],
    [
      'splits not increasing in time',
      () =>
        sprint('c2', athlete, { splits: splits([yd(10), 1700], [yd(20), 1700], [yd(40), 4800]) }),
      { 'splits.1.timeMs': ['must be more than the split before (1700)'] },
    ],
    [
      'a split beyond the distance',
      () =>
        sprint('c3', athlete, {
          distanceMm: yd(20),
          timeMs: 2800,
          splits: splits([yd(10), 1700], [yd(40), 4800]),
        }),
      { 'splits.1.distanceMm': ['must not be beyond distanceMm (18288)'] },
    ],
    [
      'a total other than the split at the distance',
      () => sprint('c4', athlete, { timeMs: 4900 }),
      { timeMs: ['must equal the time of the last split (4800), which is at distanceMm'] },
    ],
    [
      'a total not after the last split before the distance',
      () => sprint('c5', athlete, { timeMs: 2700, splits: splits([yd(10), 1700], [yd(20), 2800]) }),
      { timeMs: ['must be more than the time of the last split (2800)'] },
    ],
    [
      'a time event without its time',
      () => {
        const { timeMs: _time, ...rest } = sprint('c6', athlete, { splits: [] });
        return rest;
      },
      { timeMs: ['is required for Linear sprint'] },
    ],
    [
      'a sprint without a distance',
      () => {
        const { distanceMm: _distance, ...rest } = sprint('c7', athlete);
        return rest;
      },
      { distanceMm: ['is required for Linear sprint'] },
    ],
    [
      'a fixed-distance event at another distance',
      () => proAgility({ distanceMm: yd(40) }),
      { distanceMm: ['must be 18288 (Pro agility (5-10-5) has a fixed distance) or left out'] },
    ],
    [
      'a jump with a time, a distance and splits',
      () => vertical({ timeMs: 500, distanceMm: 1000, splits: splits([100, 100]) }),
      {
        timeMs: ['is for time events; Vertical jump has markMm'],
        distanceMm: ['must be 0 or left out (Vertical jump has no distance)'],
        splits: ['must be empty for Vertical jump'],
      },
    ],
    [
      'a jump without its mark',
      () => {
        const { markMm: _mark, ...rest } = vertical();
        return rest;
      },
      { markMm: ['is required for Vertical jump'] },
    ],
    [
      'a sprint with a mark',
      () => sprint('c8', athlete, { markMm: 500 }),
      { markMm: ['is for jumps; Linear sprint has timeMs'] },
    ],
    [
      "another account's athlete",
      () => sprint('c9', otherAthlete),
      { athleteId: ['is not an athlete of this account'] },
    ],
    [
      "another account's event type",
      () => sprint('c10', athlete, { eventTypeId: otherType }),
      { eventTypeId: ['is not a built-in event type or one of this account'] },
    ],
    [
      'an unknown event alias',
      () => sprint('c11', athlete, { eventAliasId: 999999 }),
      { eventAliasId: ['is not an event alias of this account'] },
    ],
    [
      'an alias of another event type, at another distance than the alias',
      () => proAgility({ eventAliasId: aliasId }),
      {
        eventAliasId: ['is an alias of another event type than Pro agility (5-10-5)'],
        distanceMm: ['must be 27432 for this event alias'],
      },
    ],
    [
      'a time two days ahead',
      () =>
        sprint('c12', athlete, { recordedAt: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
      { recordedAt: ['must not be more than a day ahead'] },
    ],
    [
      'a time without an offset',
      () => sprint('c13', athlete, { recordedAt: '2025-03-01T15:00:00' }),
      { recordedAt: ['must match format "date-time"'] },
    ],
    [
      'a lane out of range and an unknown program',
      () => sprint('c14', athlete, { laneId: 100, program: 'speedy' as never }),
      { laneId: expect.any(Array), program: ['must be equal to one of the allowed values'] },
    ],
  ];

  it.each(refused)('refuses %s', async (_name, input, errors) => {
    const before = await countRows(app, account);
    const response = await post(input());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors });
    expect(await countRows(app, account)).toEqual(before);
  });

  it('names the row in a batch: items.<n>.<field>', async () => {
    const response = await post({
      items: [
        sprint('ok-1', athlete),
        sprint('bad-1', athlete, { timeMs: 4900 }),
        proAgility({ distanceMm: 1 }),
      ],
    });
    expect(response.json()).toEqual({
      errors: {
        'items.1.timeMs': ['must equal the time of the last split (4800), which is at distanceMm'],
        'items.2.distanceMm': [
          'must be 18288 (Pro agility (5-10-5) has a fixed distance) or left out',
        ],
      },
    });
  });

  it('accepts what fits: a fixed distance left out, an alias, a jump, a hand-timed total, no splits', async () => {
    const response = await post({
      items: [
        proAgility({
          clientId: 'fine-1',
          splits: splits([yd(5), 1250], [yd(15), 3550], [yd(20), 4600]),
        }),
        sprint('fine-2', athlete, {
          eventAliasId: aliasId,
          distanceMm: yd(30),
          timeMs: 3900,
          splits: splits([yd(10), 1700], [yd(30), 3900]),
        }),
        vertical({ clientId: 'fine-3' }),
        sprint('fine-4', athlete, { timingMethod: 'hand', splits: splits([yd(40), 4800]) }),
        sprint('fine-5', athlete, { timeMs: 5000, splits: [] }),
        sprint('fine-6', athlete, { timeMs: 5000, splits: splits([yd(10), 1750]) }),
      ],
    });
    expect(response.statusCode).toBe(201);
    const rows = await app.db
      .selectFrom('results')
      .select(['client_id', 'distance_mm', 'result', 'event_alias_id'])
      .where('client_id', 'like', 'fine-%')
      .orderBy('client_id')
      .execute();
    expect(rows).toEqual([
      { client_id: 'fine-1', distance_mm: 18288, result: 4600, event_alias_id: null },
      { client_id: 'fine-2', distance_mm: 27432, result: 3900, event_alias_id: String(aliasId) },
      { client_id: 'fine-3', distance_mm: 0, result: 660, event_alias_id: null },
      { client_id: 'fine-4', distance_mm: 36576, result: 4800, event_alias_id: null },
      { client_id: 'fine-5', distance_mm: 36576, result: 5000, event_alias_id: null },
      { client_id: 'fine-6', distance_mm: 36576, result: 5000, event_alias_id: null },
    ]);
  });
});
