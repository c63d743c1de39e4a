import type { HistoricalBody } from '../../../contract/event-query';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import {
  addAlias,
  addAthletes,
  addResults,
  addRoster,
  coach,
  qs,
  yd,
  type Coach,
  type StoredResult,
} from './read-fixtures';

type Params = Record<string, string | number | boolean | undefined | null>;

describe('GET /api/event/historical', () => {
  let app: App;
  let mine: Coach;
  let theirs: Coach;
  let runner: number;
  let other: number;
  let theirAthlete: number;
  let varsity: number;
  let jv: number;
  let theirRoster: number;
  let alias: number;
  let rows: StoredResult[];

  const get = (params: Params, who: Coach = mine) =>
    app.inject({ url: `/api/event/historical${qs(params)}`, headers: who.headers });
  const history = async (params: Params): Promise<HistoricalBody> => {
    const response = await get(params);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json<HistoricalBody>();
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'history@example.com');
    theirs = await coach(app, 'other-history@example.com');
    [runner, other] = (await addAthletes(app, mine.id, [
      { first: 'Rae', middle: 'J', last: 'Runner' },
      { first: 'Otto', last: 'Other' },
    ])) as [number, number];
    varsity = await addRoster(app, mine.id, 'Varsity', [runner]);
    jv = await addRoster(app, mine.id, 'JV', [other]);
    [theirAthlete] = (await addAthletes(app, theirs.id, [{ first: 'Their', last: 'Runner' }])) as [
      number,
    ];
    theirRoster = await addRoster(app, theirs.id, 'Theirs', [theirAthlete]);
    alias = await addAlias(app, mine.id, 1, 'Combine 40');

    const sprint40 = (at: string, total: number, at10: number, at20: number, extra = {}) => ({
      athlete: runner,
      type: 1,
      distanceMm: yd(40),
      value: total,
      at,
      lane: 2,
      splits: [
        [yd(10), at10],
        [yd(20), at20],
        [yd(40), total],
      ] as [number, number][],
      ...extra,
    });
    rows = await addResults(app, mine.id, [
      // Day 1 (UTC): two 40s; the second is faster in total, the first at 10 yd.
      sprint40('2025-03-01T15:00:00Z', 5000, 1700, 2900),
      sprint40('2025-03-01T15:10:00Z', 4950, 1720, 2880, { alias }),
      // A 10-yd run the same day: its total is the day's best 10-yd time.
      {
        athlete: runner,
        type: 1,
        distanceMm: yd(10),
        value: 1680,
        at: '2025-03-01T15:20:00Z',
        splits: [[yd(10), 1680]],
      },
      // Day 2: a mistimed run (listed, flagged, never a best) and a real one.
      sprint40('2025-03-02T15:00:00Z', 3900, 1200, 2100, { implausible: true }),
      sprint40('2025-03-02T15:05:00Z', 4900, 1690, 2850),
      // Late evening of day 3 in Chicago: already day 4 in UTC.
      sprint40('2025-03-04T03:00:00Z', 4880, 1685, 2840),
      // A hand-timed run without splits.
      {
        athlete: runner,
        type: 1,
        distanceMm: yd(40),
        value: 4700,
        at: '2025-03-05T15:00:00Z',
        timing: 'hand',
      },
      // Jumps: higher is better.
      { athlete: runner, type: 5, distanceMm: 0, value: 610, at: '2025-03-01T16:00:00Z' },
      { athlete: runner, type: 5, distanceMm: 0, value: 650, at: '2025-03-01T16:05:00Z' },
      { athlete: runner, type: 6, distanceMm: 0, value: 2550, at: '2025-03-02T16:00:00Z' },
      // Another athlete's run: never in this history.
      { athlete: other, type: 1, distanceMm: yd(40), value: 5100, at: '2025-03-01T15:00:00Z' },
    ]);
    await addResults(app, theirs.id, [
      {
        athlete: theirAthlete,
        type: 1,
        distanceMm: yd(40),
        value: 4600,
        at: '2025-03-01T15:00:00Z',
      },
    ]);
  });
  afterAll(() => app.close());

  it("lists the athlete's results in time order with splits, labels and flags", async () => {
    const body = await history({ athleteId: runner, eventTypeId: 1 });
    expect(body.athlete).toEqual({
      id: runner,
      firstName: 'Rae',
      middleName: 'J',
      lastName: 'Runner',
    });
    expect(body).toMatchObject({ isMetric: false, distanceUnit: 'yd' });
    const sprints = rows.filter((r) => r.athlete === runner && r.type === 1);
    expect(body.results.map((r) => r.id)).toEqual(sprints.map((r) => r.id));
    expect(body.results[1]).toEqual({
      id: sprints[1]!.id,
      eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
      eventAlias: { id: alias, name: 'Combine 40' },
      laneId: 2,
      recordedAt: '2025-03-01T15:10:00.000Z',
      distanceMm: yd(40),
      distanceLabel: '40 yd',
      timeMs: 4950,
      markMm: null,
      markLabel: null,
      splits: [
        { distanceMm: yd(10), distanceLabel: '10 yd', timeMs: 1720 },
        { distanceMm: yd(20), distanceLabel: '20 yd', timeMs: 2880 },
        { distanceMm: yd(40), distanceLabel: '40 yd', timeMs: 4950 },
      ],
      program: 'none',
      source: 'device',
      timingMethod: 'electronic',
      implausible: false,
    });
    expect(body.results.filter((r) => r.implausible).map((r) => r.timeMs)).toEqual([3900]);
  });

  it("charts a day's best per split distance, a run's total counting at its own distance", async () => {
    const body = await history({ athleteId: runner, eventTypeId: 1, multiSplitDistance: true });
    const points = Object.fromEntries(
      body.series.map((s) => [
        `${s.kind} ${s.distanceLabel}`,
        s.points.map((p) => [p.date, p.timeMs]),
      ]),
    );
    expect(body.series.map((s) => [s.eventTypeId, s.kind, s.distanceMm])).toEqual([
      [1, 'split', yd(10)],
      [1, 'split', yd(20)],
      [1, 'split', yd(40)],
    ]);
    expect(points).toEqual({
      'split 10 yd': [
        ['2025-03-01', 1680],
        ['2025-03-02', 1690],
        ['2025-03-04', 1685],
      ],
      'split 20 yd': [
        ['2025-03-01', 2880],
        ['2025-03-02', 2850],
        ['2025-03-04', 2840],
      ],
      'split 40 yd': [
        ['2025-03-01', 4950],
        ['2025-03-02', 4900],
        ['2025-03-04', 4880],
        ['2025-03-05', 4700],
      ],
    });
    const day1at10 = body.series[0]!.points[0]!;
    expect(day1at10.resultId).toBe(rows[2]!.id);
    expect(body.series.every((s) => s.lowerIsBetter)).toBe(true);
  });

  it('charts the totals per run distance when multiSplitDistance is false', async () => {
    const body = await history({ athleteId: runner, eventTypeId: 1, multiSplitDistance: false });
    expect(
      body.series.map((s) => [s.kind, s.distanceLabel, s.points.map((p) => p.timeMs)]),
    ).toEqual([
      ['total', '10 yd', [1680]],
      ['total', '40 yd', [4950, 4900, 4880, 4700]],
    ]);
    expect(
      (await history({ athleteId: runner, eventTypeId: 1 })).series.map((s) => s.kind),
    ).toEqual(['total', 'total']);
  });

  it('charts jumps by their highest mark, and labels marks', async () => {
    const body = await history({ athleteId: runner, multiSplitDistance: true });
    const jumps = body.series.filter((s) => s.kind === 'mark');
    expect(
      jumps.map((s) => [
        s.eventTypeId,
        s.lowerIsBetter,
        s.points.map((p) => [p.date, p.markMm, p.timeMs]),
      ]),
    ).toEqual([
      [5, false, [['2025-03-01', 650, null]]],
      [6, false, [['2025-03-02', 2550, null]]],
    ]);
    const vertical = body.results.find((r) => r.eventType.id === 5)!;
    expect(vertical).toMatchObject({
      markMm: 610,
      timeMs: null,
      markLabel: '24 in',
      distanceLabel: '',
    });
    expect(body.results.find((r) => r.eventType.id === 6)!.markLabel).toBe('8 ft 4.4 in');
    const metric = await history({ athleteId: runner, isMetric: true });
    expect(metric).toMatchObject({ isMetric: true, distanceUnit: 'm' });
    expect(metric.results.find((r) => r.eventType.id === 5)!.markLabel).toBe('61 cm');
    expect(metric.results.find((r) => r.eventType.id === 6)!.markLabel).toBe('2.55 m');
  });

  it('labels distances in metres when isMetric', async () => {
    const body = await history({
      athleteId: runner,
      eventTypeId: 1,
      isMetric: true,
      multiSplitDistance: true,
    });
    expect(body.series.map((s) => s.distanceLabel)).toEqual(['9.14 m', '18.29 m', '36.58 m']);
    expect(body.results[0]!.distanceLabel).toBe('36.58 m');
    expect(body.results[0]!.splits[0]!.distanceLabel).toBe('9.14 m');
    expect(body.results[0]!.splits[0]!.distanceMm).toBe(yd(10));
  });

  it('reads days and date filters in the time zone tz, both ends inclusive', async () => {
    const chicago = await history({
      athleteId: runner,
      eventTypeId: 1,
      multiSplitDistance: false,
      tz: 'America/Chicago',
    });
    expect(chicago.series[1]!.points.map((p) => p.date)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-05',
    ]);
    const day3 = await history({
      athleteId: runner,
      eventTypeId: 1,
      startDate: '2025-03-03',
      endDate: '2025-03-03',
      tz: 'America/Chicago',
    });
    expect(day3.results.map((r) => r.recordedAt)).toEqual(['2025-03-04T03:00:00.000Z']);
    const utc = await history({
      athleteId: runner,
      eventTypeId: 1,
      startDate: '2025-03-02',
      endDate: '2025-03-04',
    });
    expect(utc.results.map((r) => r.recordedAt)).toEqual([
      '2025-03-02T15:00:00.000Z',
      '2025-03-02T15:05:00.000Z',
      '2025-03-04T03:00:00.000Z',
    ]);
  });

  it('accepts a roster the athlete is on', async () => {
    expect(
      (await history({ athleteId: runner, rosterId: varsity })).results.length,
    ).toBeGreaterThan(0);
  });

  it('answers an athlete without results with empty lists', async () => {
    const body = await history({ athleteId: other, eventTypeId: 5 });
    expect(body).toMatchObject({ results: [], series: [] });
  });

  it.each([
    ["another account's athlete", () => ({ athleteId: theirAthlete })],
    ['an athlete that does not exist', () => ({ athleteId: 99999999 })],
    ['an athlete id at the end of the id range', () => ({ athleteId: 2147483647 })],
    ["another account's roster", () => ({ athleteId: runner, rosterId: theirRoster })],
    ['a roster the athlete is not on', () => ({ athleteId: runner, rosterId: jv })],
    ["another account's event type", () => ({ athleteId: runner, eventTypeId: 99999 })],
  ])('answers 404 for %s', async (_name, params) => {
    const response = await get(params());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 404 to the other account for our athlete', async () => {
    expect((await get({ athleteId: runner }, theirs)).statusCode).toBe(404);
  });

  it.each([
    ['athleteId', {}],
    ['athleteId', { eventTypeId: 1 }],
    ['athleteId', { athleteId: 0 }],
    ['startDate', { athleteId: 1, startDate: '03/01/2025' }],
    ['endDate', { athleteId: 1, startDate: '2025-03-02', endDate: '2025-03-01' }],
    ['isMetric', { athleteId: 1, isMetric: 'metric' }],
    ['tz', { athleteId: 1, tz: 'Nowhere/Special' }],
    ['tz', { athleteId: 1, tz: 'US/Pacific-New' }],
    ['athleteId', { athleteId: 1e20 }],
    ['startDate', { athleteId: 1, startDate: '1899-12-31' }],
    ['endDate', { athleteId: 1, endDate: '9999-12-31' }],
  ])('answers 400 naming %s', async (field, params) => {
    const response = await get(params as Params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { [field]: [expect.any(String)] } });
  });
});
