import type { LeaderboardBody } from '../../../contract/leaderboard';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { accountId, signUp } from '../user/accounts';
import { boardFixtures, yd, type BoardFixtures } from './fixtures';

/** GET /api/leaderboard: what a coach's boards show, over HTTP with a real access token. */
describe('GET /api/leaderboard', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
  });
  afterAll(() => app.close());

  let coaches = 0;
  /** A new account of its own (boards are per account, so tests do not see each other). */
  async function coach(): Promise<{
    headers: Record<string, string>;
    id: string;
    fx: BoardFixtures;
  }> {
    const { headers } = await signUp(app, `coach${++coaches}@board.test`);
    const id = await accountId(app, headers);
    return { headers, id, fx: boardFixtures(app.db, id) };
  }

  async function board(headers: Record<string, string>, query = ''): Promise<LeaderboardBody> {
    const response = await app.inject({ url: `/api/leaderboard${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<LeaderboardBody>();
  }

  /** Each board as `label: athlete value rank; ...` for compact expectations. */
  const summary = (body: LeaderboardBody) =>
    body.boards.map(
      (b) =>
        `${b.label}: ${b.entries.map((e) => `${e.athlete.firstName} ${e.value} #${e.rank}`).join('; ')}`,
    );

  it('answers the spec defaults: linear sprint, three boards (10, 20, 40 yd), five entries each, not distinct', async () => {
    const { headers, fx } = await coach();
    const ada = await fx.athlete({ first: 'Ada', last: 'Quick' });
    await fx.results(
      [5100, 5000, 4900, 4800, 4700, 4600, 4500].map((value, i) => ({
        athleteId: ada,
        value,
        recordedAt: `2025-03-0${i + 1}T15:00:00Z`,
      })),
    );
    const body = await board(headers);
    expect(body).toMatchObject({
      eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
      isDistinct: false,
      athletesPerLeaderboard: 5,
    });
    expect(body.boards.map((b) => [b.distanceMm, b.label])).toEqual([
      [yd(10), '10 yd'],
      [yd(20), '20 yd'],
      [yd(40), '40 yd'],
    ]);
    expect(body.boards[2]!.entries.map((e) => e.value)).toEqual([4500, 4600, 4700, 4800, 4900]);
    expect(body.boards[0]!.entries).toEqual([]);
  });

  it('ranks ties together (1, 2, 2, 2, 5), the earlier run first, then the lower result id', async () => {
    const { headers, fx } = await coach();
    const [ada, ben, cal, dee] = await Promise.all(
      ['Ada', 'Ben', 'Cal', 'Dee'].map((first) => fx.athlete({ first, last: 'Runner' })),
    );
    const ids = await fx.results([
      { athleteId: ada!, value: 4500, recordedAt: '2025-03-01T10:00:00Z', laneId: 2 },
      { athleteId: ben!, value: 4500, recordedAt: '2025-03-01T09:00:00Z', laneId: 1 },
      { athleteId: cal!, value: 4400, recordedAt: '2025-03-02T12:00:00Z' },
      { athleteId: dee!, value: 4600, recordedAt: '2025-03-01T08:00:00Z' },
      { athleteId: dee!, value: 4500, recordedAt: '2025-03-01T09:00:00Z', laneId: 3 },
      { athleteId: ada!, value: 4700, recordedAt: '2025-03-01T07:00:00Z' },
    ]);
    const body = await board(headers, `?distance=${yd(40)}`);
    expect(body.boards).toHaveLength(1);
    const entries = body.boards[0]!.entries;
    expect(entries.map((e) => [e.rank, e.athlete.firstName, e.value, e.resultId])).toEqual([
      [1, 'Cal', 4400, Number(ids[2])],
      [2, 'Ben', 4500, Number(ids[1])],
      [2, 'Dee', 4500, Number(ids[4])],
      [2, 'Ada', 4500, Number(ids[0])],
      [5, 'Dee', 4600, Number(ids[3])],
    ]);
    expect(entries[1]).toEqual({
      rank: 2,
      resultId: Number(ids[1]),
      athlete: { id: Number(ben), firstName: 'Ben', middleName: '', lastName: 'Runner' },
      value: 4500,
      recordedAt: '2025-03-01T09:00:00.000Z',
      laneId: 1,
    });
    expect(entries[0]!.laneId).toBeNull();
  });

  it('with isDistinct shows each athlete once, with their best run (earliest of equal bests)', async () => {
    const { headers, fx } = await coach();
    const [ada, ben, cal] = await Promise.all(
      ['Ada', 'Ben', 'Cal'].map((first) => fx.athlete({ first, last: 'Runner' })),
    );
    const ids = await fx.results([
      { athleteId: ada!, value: 4400, recordedAt: '2025-03-02T10:00:00Z' },
      { athleteId: ada!, value: 4400, recordedAt: '2025-03-01T10:00:00Z' },
      { athleteId: ada!, value: 4450, recordedAt: '2025-03-03T10:00:00Z' },
      { athleteId: ben!, value: 4420, recordedAt: '2025-03-01T10:00:00Z' },
      { athleteId: ben!, value: 4500, recordedAt: '2025-03-01T11:00:00Z' },
      { athleteId: cal!, value: 4600, recordedAt: '2025-03-01T10:00:00Z' },
    ]);
    const all = await board(headers, `?distance=${yd(40)}&isDistinct=false`);
    expect(all.boards[0]!.entries.map((e) => e.athlete.firstName)).toEqual([
      'Ada',
      'Ada',
      'Ben',
      'Ada',
      'Ben',
    ]);
    const distinct = await board(headers, `?distance=${yd(40)}&isDistinct=true`);
    expect(distinct.isDistinct).toBe(true);
    expect(distinct.boards[0]!.entries.map((e) => [e.rank, e.athlete.firstName, e.value])).toEqual([
      [1, 'Ada', 4400],
      [2, 'Ben', 4420],
      [3, 'Cal', 4600],
    ]);
    expect(distinct.boards[0]!.entries[0]!.resultId).toBe(Number(ids[1]));
    const top2 = await board(
      headers,
      `?distance=${yd(40)}&isDistinct=true&athletesPerLeaderboard=2`,
    );
    expect(top2.boards[0]!.entries.map((e) => e.athlete.firstName)).toEqual(['Ada', 'Ben']);
  });

  it('ranks each split distance: the 10-yd board holds 10-yd sprints and the 10-yd splits of longer runs', async () => {
    const { headers, fx } = await coach();
    const [ada, ben, cal, dee, eve] = await Promise.all(
      ['Ada', 'Ben', 'Cal', 'Dee', 'Eve'].map((first) => fx.athlete({ first, last: 'Sprinter' })),
    );
    const at = '2025-04-01T15:00:00Z';
    const ids = await fx.results([
      {
        athleteId: ada!,
        value: 5000,
        splits: [
          [yd(10), 1700],
          [yd(20), 2900],
          [yd(40), 5000],
        ],
        recordedAt: at,
      },
      {
        athleteId: ben!,
        value: 4950,
        splits: [
          [yd(10), 1650],
          [yd(20), 2950],
          [yd(40), 4950],
        ],
        recordedAt: at,
      },
      {
        athleteId: cal!,
        distanceMm: yd(10),
        value: 1600,
        splits: [[yd(10), 1600]],
        recordedAt: at,
      },
      // Hand timed: the total only.
      { athleteId: dee!, value: 4800, splits: [[yd(40), 4800]], recordedAt: at },
      { athleteId: eve!, distanceMm: yd(20), value: 2800, recordedAt: at },
    ]);
    const body = await board(headers);
    expect(summary(body)).toEqual([
      '10 yd: Cal 1600 #1; Ben 1650 #2; Ada 1700 #3',
      '20 yd: Eve 2800 #1; Ada 2900 #2; Ben 2950 #3',
      '40 yd: Dee 4800 #1; Ben 4950 #2; Ada 5000 #3',
    ]);
    // A split entry names the run it comes from.
    expect(body.boards[0]!.entries[2]!.resultId).toBe(Number(ids[0]));

    const only20 = await board(headers, `?distance=${yd(20)}`);
    expect(summary(only20)).toEqual(['20 yd: Eve 2800 #1; Ada 2900 #2; Ben 2950 #3']);
    const thirty = await board(headers, `?distance=${yd(30)}`);
    expect(thirty.boards).toEqual([{ distanceMm: yd(30), label: '30 yd', entries: [] }]);
    const metric = await board(headers, '?distance=20000');
    expect(metric.boards[0]!.label).toBe('20 m');
  });

  it('leaves implausible (mistimed) runs off every board', async () => {
    const { headers, fx } = await coach();
    const [ada, ben] = await Promise.all(
      ['Ada', 'Ben'].map((first) => fx.athlete({ first, last: 'Fast' })),
    );
    const at = '2025-04-01T15:00:00Z';
    await fx.results([
      {
        athleteId: ada!,
        value: 3500,
        splits: [
          [yd(10), 900],
          [yd(20), 1900],
          [yd(40), 3500],
        ],
        recordedAt: at,
        implausible: true,
      },
      {
        athleteId: ben!,
        value: 4900,
        splits: [
          [yd(10), 1690],
          [yd(20), 2880],
          [yd(40), 4900],
        ],
        recordedAt: at,
      },
    ]);
    for (const query of [
      '',
      '?isDistinct=true',
      '?startDate=2025-04-01&endDate=2025-04-01',
      '?laneId=0',
    ]) {
      const body = await board(headers, query);
      const names = body.boards.flatMap((b) => b.entries.map((e) => e.athlete.firstName));
      expect(names).not.toContain('Ada');
    }
    expect(summary(await board(headers))).toEqual([
      '10 yd: Ben 1690 #1',
      '20 yd: Ben 2880 #1',
      '40 yd: Ben 4900 #1',
    ]);
  });

  it('ranks jumps highest first, on one board named after the event', async () => {
    const { headers, fx } = await coach();
    const [ada, ben, cal] = await Promise.all(
      ['Ada', 'Ben', 'Cal'].map((first) => fx.athlete({ first, last: 'Jumper' })),
    );
    const at = '2025-04-01T15:00:00Z';
    await fx.results([
      { athleteId: ada!, eventTypeId: 5, distanceMm: 0, value: 600, recordedAt: at },
      { athleteId: ben!, eventTypeId: 5, distanceMm: 0, value: 700, recordedAt: at },
      { athleteId: cal!, eventTypeId: 5, distanceMm: 0, value: 650, recordedAt: at },
      {
        athleteId: cal!,
        eventTypeId: 5,
        distanceMm: 0,
        value: 700,
        recordedAt: '2025-04-02T15:00:00Z',
      },
    ]);
    const body = await board(headers, '?eventTypeId=5');
    expect(body.eventType).toEqual({
      id: 5,
      name: 'Vertical jump',
      unit: 'height',
      lowerIsBetter: false,
    });
    expect(body.boards.map((b) => [b.distanceMm, b.label])).toEqual([[0, 'Vertical jump']]);
    expect(summary(body)).toEqual([
      'Vertical jump: Ben 700 #1; Cal 700 #1; Cal 650 #3; Ada 600 #4',
    ]);
    expect(summary(await board(headers, '?eventTypeId=5&isDistinct=true'))).toEqual([
      'Vertical jump: Ben 700 #1; Cal 700 #1; Ada 600 #3',
    ]);
  });

  describe('filters', () => {
    let headers: Record<string, string>;
    let roster: string;
    beforeAll(async () => {
      const c = await coach();
      headers = c.headers;
      const { fx } = c;
      // Football: 1 (WR 103, QB 101); basketball: 2.
      const ada = await fx.athlete({ first: 'Ada', last: 'A', sportId: 1, positionId: 103 });
      const ben = await fx.athlete({ first: 'Ben', last: 'B', sportId: 1, positionId: 101 });
      const cal = await fx.athlete({ first: 'Cal', last: 'C', sportId: 2, positionId: 201 });
      const dee = await fx.athlete({ first: 'Dee', last: 'D' });
      roster = await fx.roster('Skill', [ada, dee]);
      await fx.roster('Other', [ben]);
      await fx.results([
        { athleteId: ada, value: 4600, recordedAt: '2025-05-01T00:00:00Z', laneId: 1 },
        { athleteId: ada, value: 4500, recordedAt: '2025-05-03T23:59:59Z', laneId: 2 },
        { athleteId: ben, value: 4400, recordedAt: '2025-05-04T00:00:00Z', laneId: 1 },
        { athleteId: cal, value: 4300, recordedAt: '2025-04-30T23:59:59Z', laneId: 2 },
        { athleteId: dee, value: 4700, recordedAt: '2025-05-02T12:00:00Z', laneId: 1 },
      ]);
    });
    const names = async (query: string) => {
      const body = await board(headers, `?distance=${yd(40)}${query}`);
      return body.boards[0]!.entries.map((e) => `${e.athlete.firstName} ${e.value}`);
    };

    it('takes whole days from startDate to endDate, both inclusive (UTC)', async () => {
      expect(await names('&startDate=2025-05-01&endDate=2025-05-03')).toEqual([
        'Ada 4500',
        'Ada 4600',
        'Dee 4700',
      ]);
      expect(await names('&startDate=2025-05-03&endDate=2025-05-03')).toEqual(['Ada 4500']);
      expect(await names('&startDate=2025-05-02')).toEqual(['Ben 4400', 'Ada 4500', 'Dee 4700']);
      expect(await names('&endDate=2025-04-30')).toEqual(['Cal 4300']);
      expect(await names('&startDate=2025-05-01&endDate=2025-05-03&isDistinct=true')).toEqual([
        'Ada 4500',
        'Dee 4700',
      ]);
    });

    it('takes the days of the coach’s time zone (tz), across the date line', async () => {
      // 2025-05-04T00:00Z is the evening of May 3 in Chicago (UTC-5 in May): a coach there
      // who picks May 3 sees Ben's run; in UTC it is May 4.
      const chicago = '&tz=America/Chicago';
      expect(await names(`&startDate=2025-05-03&endDate=2025-05-03${chicago}`)).toEqual([
        'Ben 4400',
        'Ada 4500',
      ]);
      expect(await names(`&startDate=2025-05-04${chicago}`)).toEqual([]);
      // Auckland is UTC+12: Cal's 2025-04-30T23:59:59Z is already May 1 there, and Ada's
      // 2025-05-01T00:00Z is noon of May 1.
      expect(await names('&startDate=2025-05-01&endDate=2025-05-01&tz=Pacific/Auckland')).toEqual([
        'Cal 4300',
        'Ada 4600',
      ]);
    });

    it('filters by lane, sport, position and roster, alone and together', async () => {
      expect(await names('&laneId=2')).toEqual(['Cal 4300', 'Ada 4500']);
      expect(await names('&sportId=1')).toEqual(['Ben 4400', 'Ada 4500', 'Ada 4600']);
      expect(await names('&positionId=103')).toEqual(['Ada 4500', 'Ada 4600']);
      expect(await names('&sportId=2&positionId=103')).toEqual([]);
      expect(await names(`&rosterId=${roster}`)).toEqual(['Ada 4500', 'Ada 4600', 'Dee 4700']);
      expect(await names(`&rosterId=${roster}&laneId=1`)).toEqual(['Ada 4600', 'Dee 4700']);
      expect(await names(`&rosterId=${roster}&sportId=1&isDistinct=true`)).toEqual(['Ada 4500']);
      expect(
        await names(`&rosterId=${roster}&laneId=1&startDate=2025-05-02&endDate=2025-05-31`),
      ).toEqual(['Dee 4700']);
      expect(await names('&rosterId=999999')).toEqual([]);
    });
  });

  it("never shows another account's results, rosters or event types", async () => {
    const mine = await coach();
    const theirs = await coach();
    const ada = await mine.fx.athlete({ first: 'Ada', last: 'Mine' });
    const zed = await theirs.fx.athlete({ first: 'Zed', last: 'Theirs', sportId: 1 });
    const at = '2025-04-01T15:00:00Z';
    await mine.fx.result({ athleteId: ada, value: 4900, splits: [[yd(10), 1700]], recordedAt: at });
    await theirs.fx.result({
      athleteId: zed,
      value: 4200,
      splits: [[yd(10), 1500]],
      recordedAt: at,
    });
    const theirRoster = await theirs.fx.roster('Theirs', [zed]);

    for (const query of [
      '',
      '?isDistinct=true',
      '?sportId=1',
      '?startDate=2025-04-01',
      '?laneId=0',
    ]) {
      const body = await board(mine.headers, query);
      const shown = body.boards.flatMap((b) => b.entries.map((e) => e.athlete.firstName));
      expect(shown).not.toContain('Zed');
    }
    expect(summary(await board(mine.headers))).toEqual([
      '10 yd: Ada 1700 #1',
      '20 yd: ',
      '40 yd: Ada 4900 #1',
    ]);
    const viaTheirRoster = await board(mine.headers, `?rosterId=${theirRoster}`);
    expect(viaTheirRoster.boards.every((b) => b.entries.length === 0)).toBe(true);

    const custom = await app.db
      .insertInto('event_types')
      .values({
        account_id: theirs.id,
        code: 'sled-push',
        name: 'Sled push',
        unit: 'time',
        lower_is_better: true,
        default_distance_mm: yd(20),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await app.inject({
      url: `/api/leaderboard?eventTypeId=${custom.id}`,
      headers: mine.headers,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      errors: { eventTypeId: ['is not an event type of this account'] },
    });
    const own = await board(theirs.headers, `?eventTypeId=${custom.id}`);
    expect(own.boards.map((b) => b.label)).toEqual(['20 yd']);
  });

  it('refuses what cannot be a leaderboard with 400 and the field, and strangers with 401', async () => {
    const { headers } = await coach();
    const cases: [string, string][] = [
      ['?athletesPerLeaderboard=0', 'athletesPerLeaderboard'],
      ['?athletesPerLeaderboard=101', 'athletesPerLeaderboard'],
      ['?athletesPerLeaderboard=five', 'athletesPerLeaderboard'],
      ['?eventTypeId=0', 'eventTypeId'],
      ['?eventTypeId=424242', 'eventTypeId'],
      ['?isDistinct=maybe', 'isDistinct'],
      ['?distance=-5', 'distance'],
      ['?startDate=2025-13-01', 'startDate'],
      ['?startDate=2025-05-02&endDate=2025-05-01', 'startDate'],
      ['?laneId=north', 'laneId'],
      ['?laneId=100', 'laneId'],
      ['?rosterId=abc', 'rosterId'],
      ['?tz=Mars/Olympus_Mons', 'tz'],
    ];
    for (const [query, field] of cases) {
      const response = await app.inject({ url: `/api/leaderboard${query}`, headers });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([field]);
    }
    const stranger = await app.inject({ url: '/api/leaderboard' });
    expect(stranger.statusCode).toBe(401);
  });
});
