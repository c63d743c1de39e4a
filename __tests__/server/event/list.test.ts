import {
  RESULT_SORTS,
  type ResultListBody,
  type ResultListQuery,
  type ResultSort,
} from '../../../contract/event-query';
import type { App } from '../../../server/app';
import { listResults } from '../../../server/event/list';
import { resolveFilters } from '../../../server/event/list/filters';
import { nameKey } from '../../../server/athlete/name-key';
import { buildTestApp } from '../helpers/build-test-app';
import {
  addAlias,
  addAthletes,
  addEventType,
  addResults,
  addRoster,
  coach,
  qs,
  yd,
  type Coach,
  type ResultSpec,
  type StoredResult,
} from './read-fixtures';

type Params = Record<string, string | number | boolean | undefined | null>;

/**
 * A reference implementation of the table's filters, sorts and bests, written from the
 * spec of GET /api/event (docs/api-results.md): the API must answer the same rows in the
 * same order, page by page and cursor by cursor.
 */
interface World {
  athletes: { id: number; first: string; middle: string; last: string }[];
  rosters: Map<number, Set<number>>;
  types: Map<number, { name: string; lowerIsBetter: boolean }>;
  aliases: Map<number, string>;
  rows: (StoredResult & { atKey: string })[];
}

function matches(world: World, row: World['rows'][number], q: Params): boolean {
  const athlete = world.athletes.find((a) => a.id === row.athlete)!;
  const prefix = (value: string, query: unknown) =>
    typeof query !== 'string' ||
    query.trim() === '' ||
    nameKey(value).startsWith(nameKey(query.trim()));
  if (
    q.rosterId !== undefined &&
    q.rosterId !== -1 &&
    !world.rosters.get(Number(q.rosterId))?.has(row.athlete)
  )
    return false;
  if (!prefix(athlete.first, q.firstNameQuery)) return false;
  if (!prefix(athlete.middle, q.middleNameQuery)) return false;
  if (!prefix(athlete.last, q.lastNameQuery)) return false;
  if (typeof q.typeQuery === 'string' && q.typeQuery.trim() !== '') {
    const key = nameKey(q.typeQuery.trim());
    const byType = nameKey(world.types.get(row.type)!.name).startsWith(key);
    const byAlias = row.alias !== null && nameKey(world.aliases.get(row.alias)!).startsWith(key);
    if (!byType && !byAlias) return false;
  }
  if (typeof q.laneIdQuery === 'string' && q.laneIdQuery !== '') {
    if (row.lane === null || !String(row.lane).startsWith(q.laneIdQuery)) return false;
  }
  if (typeof q.startDate === 'string' && row.atKey.slice(0, 10) < q.startDate) return false;
  if (typeof q.endDate === 'string' && row.atKey.slice(0, 10) > q.endDate) return false;
  if (q.eventTypeId !== undefined && row.type !== q.eventTypeId) return false;
  if (q.distance !== undefined && row.distanceMm !== q.distance) return false;
  if (q.eventAliasId !== undefined && row.alias !== q.eventAliasId) return false;
  if (q.program !== undefined && row.program !== q.program) return false;
  return true;
}

/** Each athlete's best per event type and distance (and program), implausible ones never. */
function bestsOf(world: World, rows: World['rows'], byProgram: boolean): World['rows'] {
  const best = new Map<string, World['rows'][number]>();
  for (const row of rows) {
    if (row.implausible) continue;
    const key = [row.athlete, row.type, row.distanceMm, byProgram ? row.program : ''].join('/');
    const current = best.get(key);
    const lower = world.types.get(row.type)!.lowerIsBetter;
    const better =
      !current ||
      (lower ? row.value < current.value : row.value > current.value) ||
      (row.value === current.value &&
        (row.atKey < current.atKey || (row.atKey === current.atKey && row.id < current.id)));
    if (better) best.set(key, row);
  }
  return [...best.values()];
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function comparator(world: World, sort: ResultSort) {
  const athlete = (id: number) => world.athletes.find((a) => a.id === id)!;
  const newest = (a: World['rows'][number], b: World['rows'][number]) =>
    -text(a.atKey, b.atKey) || b.id - a.id;
  const typeKey = (id: number) => nameKey(world.types.get(id)!.name);
  return (a: World['rows'][number], b: World['rows'][number]): number => {
    switch (sort) {
      case 'DateAsc':
        return text(a.atKey, b.atKey) || a.id - b.id;
      case 'DateDesc':
        return -text(a.atKey, b.atKey) || b.id - a.id;
      case 'None':
        return a.id - b.id;
      case 'ResultAsc':
        return a.value - b.value || a.id - b.id;
      case 'ResultDesc':
        return b.value - a.value || b.id - a.id;
      case 'FirstName':
      case 'MiddleName':
      case 'LastName': {
        const field = ({ FirstName: 'first', MiddleName: 'middle', LastName: 'last' } as const)[
          sort
        ];
        return (
          text(nameKey(athlete(a.athlete)[field]), nameKey(athlete(b.athlete)[field])) ||
          a.athlete - b.athlete ||
          newest(a, b)
        );
      }
      case 'EventAsc':
        return text(typeKey(a.type), typeKey(b.type)) || a.type - b.type || newest(a, b);
      case 'EventDesc':
        return text(typeKey(b.type), typeKey(a.type)) || b.type - a.type || newest(a, b);
    }
  };
}

function expected(world: World, q: Params): number[] {
  let rows = world.rows.filter((row) => matches(world, row, q));
  if (q.getBestByAthlete === true) rows = bestsOf(world, rows, q.program !== undefined);
  return rows
    .sort(comparator(world, (q.sort as ResultSort | undefined) ?? 'DateDesc'))
    .map((row) => row.id);
}

describe('GET /api/event', () => {
  let app: App;
  let mine: Coach;
  let theirs: Coach;
  const world: World = {
    athletes: [],
    rosters: new Map(),
    types: new Map(),
    aliases: new Map(),
    rows: [],
  };
  let varsity: number;
  let emptyRoster: number;
  let agility: number;
  let zebra: number;
  let gsFlying: number;
  let theirRoster: number;
  let theirAlias: number;
  let theirType: number;

  const get = (params: Params, who: Coach = mine) =>
    app.inject({ url: `/api/event${qs(params)}`, headers: who.headers });
  const list = async (params: Params, who: Coach = mine): Promise<ResultListBody> => {
    const response = await get(params, who);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json<ResultListBody>();
  };
  const ids = async (params: Params) =>
    (await list({ pageSize: 500, ...params })).items.map((i) => i.id);

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'reader@example.com');
    theirs = await coach(app, 'other-reader@example.com');

    const specs = [
      { first: 'Zoë', middle: 'Marie', last: 'Ávila' },
      { first: 'Zoe', last: 'Avila' },
      { first: 'Ana', middle: 'Beth', last: 'Lee' },
      { first: 'Bob', last: 'Lee' },
      { first: 'Émile', middle: 'Jean', last: 'Durand' },
      { first: 'ana', middle: 'beth', last: 'Smith_' },
    ];
    const athleteIds = await addAthletes(app, mine.id, specs);
    world.athletes = specs.map((s, i) => ({
      id: athleteIds[i]!,
      first: s.first,
      middle: s.middle ?? '',
      last: s.last,
    }));
    varsity = await addRoster(app, mine.id, 'Varsity', [
      athleteIds[0]!,
      athleteIds[2]!,
      athleteIds[4]!,
    ]);
    emptyRoster = await addRoster(app, mine.id, 'Nobody', []);
    world.rosters.set(varsity, new Set([athleteIds[0]!, athleteIds[2]!, athleteIds[4]!]));
    world.rosters.set(emptyRoster, new Set());
    agility = await addEventType(app, mine.id, { name: 'Agility T-test' });
    zebra = await addAlias(app, mine.id, 1, 'Zebra dash');
    gsFlying = await addAlias(app, mine.id, 3, 'GS flying');
    for (const row of await app.db
      .selectFrom('event_types')
      .select(['id', 'name', 'lower_is_better'])
      .execute()) {
      world.types.set(row.id, { name: row.name, lowerIsBetter: row.lower_is_better });
    }
    world.aliases.set(zebra, 'Zebra dash');
    world.aliases.set(gsFlying, 'GS flying');

    // 40 results: every program, four event types (time and jump, built in and custom),
    // ties on date and on value, lanes 1-21 and none, one mistimed run, splits.
    const programs = ['none', 'gamespeed', 'eapi', 'manualentry'] as const;
    const lanes = [1, 2, 10, null, 12, 21];
    const results: (ResultSpec & { atKey: string })[] = [];
    for (let i = 0; i < 36; i++) {
      const athlete = athleteIds[i % 6]!;
      const day = `2025-03-0${1 + (i % 4)}`;
      const atKey = `${day}T${15 + (i % 3)}:00:00.000000Z`;
      const program = programs[Math.floor(i / 4) % 4]!;
      const common = { athlete, at: atKey, atKey, lane: lanes[i % 6]!, program };
      switch (i % 5) {
        case 0: {
          const total = 4800 + ((i * 37) % 300);
          results.push({
            ...common,
            type: 1,
            distanceMm: yd(40),
            value: total,
            splits: [
              [yd(10), Math.round(total * 0.36)],
              [yd(20), Math.round(total * 0.58)],
              [yd(40), total],
            ],
          });
          break;
        }
        case 1: {
          const total = 1700 + ((i * 13) % 60);
          results.push({
            ...common,
            type: 1,
            distanceMm: yd(10),
            value: total,
            splits: [[yd(10), total]],
            alias: program === 'gamespeed' ? zebra : null,
          });
          break;
        }
        case 2:
          results.push({ ...common, type: 5, distanceMm: 0, value: 500 + ((i * 29) % 200) });
          break;
        case 3:
          results.push({
            ...common,
            type: agility,
            distanceMm: 10000,
            value: 9000 + ((i * 7) % 50),
          });
          break;
        case 4:
          results.push({
            ...common,
            type: 3,
            distanceMm: yd(10),
            value: 1000 + ((i * 11) % 40),
            alias: program === 'gamespeed' ? gsFlying : null,
            splits: [[yd(10), 1000 + ((i * 11) % 40)]],
          });
          break;
      }
    }
    // Ties: same athlete, type, distance, value and instant; a later better one; a mistimed
    // run (the fastest 10 yd, flagged); two instants a microsecond apart, ids inverted.
    const tie = {
      athlete: athleteIds[1]!,
      type: 1,
      distanceMm: yd(40),
      value: 4700,
      lane: 3,
      program: 'none' as const,
    };
    results.push({
      ...tie,
      at: '2025-03-05T10:00:00.000000Z',
      atKey: '2025-03-05T10:00:00.000000Z',
    });
    results.push({
      ...tie,
      at: '2025-03-05T10:00:00.000000Z',
      atKey: '2025-03-05T10:00:00.000000Z',
    });
    results.push({
      athlete: athleteIds[2]!,
      type: 1,
      distanceMm: yd(10),
      value: 1150,
      implausible: true,
      at: '2025-03-05T11:00:00.000000Z',
      atKey: '2025-03-05T11:00:00.000000Z',
      program: 'none',
      splits: [[yd(10), 1150]],
    });
    results.push({
      athlete: athleteIds[3]!,
      type: 5,
      distanceMm: 0,
      value: 640,
      program: 'eapi',
      at: '2025-03-06T12:00:00.123457Z',
      atKey: '2025-03-06T12:00:00.123457Z',
    });
    results.push({
      athlete: athleteIds[3]!,
      type: 5,
      distanceMm: 0,
      value: 640,
      program: 'eapi',
      at: '2025-03-06T12:00:00.123456Z',
      atKey: '2025-03-06T12:00:00.123456Z',
    });
    const stored = await addResults(app, mine.id, results);
    world.rows = stored.map((row, i) => ({ ...row, atKey: results[i]!.atKey }));

    // The other account: its own athletes, roster, alias, type and results, never ours.
    const [other] = await addAthletes(app, theirs.id, [{ first: 'Ana', last: 'Lee' }]);
    theirRoster = await addRoster(app, theirs.id, 'Varsity', [other!]);
    theirAlias = await addAlias(app, theirs.id, 1, 'Zebra dash');
    theirType = await addEventType(app, theirs.id, { name: 'Agility T-test' });
    await addResults(app, theirs.id, [
      {
        athlete: other!,
        type: 1,
        distanceMm: yd(40),
        value: 4000 + 500,
        at: '2025-03-02T15:00:00Z',
        lane: 1,
        alias: theirAlias,
      },
      {
        athlete: other!,
        type: theirType,
        distanceMm: 10000,
        value: 8000,
        at: '2025-03-03T15:00:00Z',
      },
    ]);
  });
  afterAll(() => app.close());

  it('answers a page with every field of a result and the paging fields', async () => {
    const body = await list({});
    expect(body).toMatchObject({
      totalCount: world.rows.length,
      totalCountCapped: false,
      pageNumber: 1,
      pageSize: 20,
    });
    expect(body.items).toHaveLength(20);
    expect(typeof body.nextCursor).toBe('string');
    expect(body.items.map((i) => i.id)).toEqual(expected(world, {}).slice(0, 20));

    const sprint = world.rows.find(
      (r) => r.type === 1 && r.distanceMm === yd(40) && r.splits.length === 3,
    )!;
    const athlete = world.athletes.find((a) => a.id === sprint.athlete)!;
    const item = (await list({ pageSize: 500 })).items.find((i) => i.id === sprint.id);
    expect(item).toEqual({
      id: sprint.id,
      athlete: {
        id: athlete.id,
        firstName: athlete.first,
        middleName: athlete.middle,
        lastName: athlete.last,
      },
      eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
      eventAlias: null,
      laneId: sprint.lane,
      recordedAt: sprint.at,
      distanceMm: yd(40),
      timeMs: sprint.value,
      markMm: null,
      splits: sprint.splits.map(([distanceMm, timeMs]) => ({ distanceMm, timeMs })),
      program: sprint.program,
      source: 'device',
      timingMethod: 'electronic',
      implausible: false,
    });
  });

  it('shows a jump as markMm, an alias by name, and flags a mistimed run', async () => {
    const items = (await list({ pageSize: 500 })).items;
    const jump = items.find((i) => i.eventType.id === 5)!;
    expect(jump).toMatchObject({
      timeMs: null,
      distanceMm: 0,
      eventType: { unit: 'height', lowerIsBetter: false },
    });
    expect(jump.markMm).toBeGreaterThan(0);
    expect(items.find((i) => i.eventAlias?.id === zebra)?.eventAlias).toEqual({
      id: zebra,
      name: 'Zebra dash',
    });
    const flagged = items.filter((i) => i.implausible);
    expect(flagged.map((i) => i.timeMs)).toEqual([1150]);
  });

  describe('filters', () => {
    const cases: [string, () => Params][] = [
      ['rosterId', () => ({ rosterId: varsity })],
      ['rosterId -1 (all)', () => ({ rosterId: -1 })],
      ['an empty roster', () => ({ rosterId: emptyRoster })],
      ['firstNameQuery, ignoring case and accents', () => ({ firstNameQuery: 'ZOË' })],
      ['firstNameQuery without the accent', () => ({ firstNameQuery: 'emi' })],
      ['middleNameQuery', () => ({ middleNameQuery: 'bE' })],
      ['lastNameQuery', () => ({ lastNameQuery: 'avi' })],
      ['lastNameQuery with a LIKE wildcard taken literally', () => ({ lastNameQuery: 'smith_' })],
      ['lastNameQuery "_" matching no one', () => ({ lastNameQuery: 'l_e' })],
      ['names together with a roster', () => ({ firstNameQuery: 'ana', rosterId: varsity })],
      ['typeQuery on an event type name', () => ({ typeQuery: 'linear' })],
      ['typeQuery on several types', () => ({ typeQuery: 'L' })],
      ['typeQuery on an alias only', () => ({ typeQuery: 'zebra' })],
      ['typeQuery on an alias of another type', () => ({ typeQuery: 'gs' })],
      ['typeQuery on a custom type', () => ({ typeQuery: 'agility t' })],
      ['typeQuery matching nothing', () => ({ typeQuery: 'xyz' })],
      ['laneIdQuery "1" (lanes 1, 10-19)', () => ({ laneIdQuery: '1' })],
      ['laneIdQuery "2"', () => ({ laneIdQuery: '2' })],
      ['laneIdQuery that is no lane', () => ({ laneIdQuery: 'x' })],
      ['startDate (inclusive)', () => ({ startDate: '2025-03-03' })],
      ['endDate (inclusive)', () => ({ endDate: '2025-03-02' })],
      ['one day', () => ({ startDate: '2025-03-02', endDate: '2025-03-02' })],
      ['eventTypeId', () => ({ eventTypeId: 1 })],
      ['eventTypeId of a custom type', () => ({ eventTypeId: agility })],
      ['distance', () => ({ distance: yd(10) })],
      ['a distance one variable type was never run at', () => ({ distance: yd(40) })],
      ['eventTypeId and distance', () => ({ eventTypeId: 1, distance: yd(10) })],
      ['eventAliasId', () => ({ eventAliasId: zebra })],
      ['program', () => ({ program: 'eapi' })],
      [
        'everything at once',
        () => ({
          program: 'gamespeed',
          typeQuery: 'l',
          laneIdQuery: '1',
          startDate: '2025-03-01',
          endDate: '2025-03-04',
          firstNameQuery: 'z',
        }),
      ],
    ];
    it.each(cases)('%s', async (_name, params) => {
      const q = params();
      const want = expected(world, q);
      const body = await list({ pageSize: 500, ...q });
      expect(body.items.map((i) => i.id)).toEqual(want);
      expect(body.totalCount).toBe(want.length);
    });

    it("walks only the types with a result at the distance in the account's own rows", async () => {
      // The flying sprint (type 3, any distance) was run at 10 yd only; the linear sprint
      // (type 1) at 10 and 40 yd, plus one flagged 10-yd run.
      const scopeOf = async (accountId: string, distance: number) =>
        (await resolveFilters(app.db, accountId, { distance })).typeScope?.map((e) => e.typeId);
      expect(await scopeOf(mine.id, yd(40))).toEqual([1]);
      expect((await scopeOf(mine.id, yd(10)))?.sort()).toEqual([1, 3]);
      // Their linear sprints are all 40 yd: our 10-yd runs do not put the type in their scope.
      expect(await scopeOf(theirs.id, yd(10))).toEqual([]);
      const probe = await coach(app, 'flagged-only@example.com');
      const [athlete] = await addAthletes(app, probe.id, [{ first: 'Flo', last: 'Gate' }]);
      await addResults(app, probe.id, [
        {
          athlete: athlete!,
          type: 3,
          distanceMm: yd(30),
          value: 2000,
          implausible: true,
          at: '2025-03-01T10:00:00Z',
        },
      ]);
      expect(await scopeOf(probe.id, yd(30))).toEqual([3]);
      expect((await list({ distance: yd(30), sort: 'DateAsc' }, probe)).totalCount).toBe(1);
    });

    it('reads dates as days of the time zone tz', async () => {
      // 2025-03-01T15:00Z .. 17:00Z is still the 1st in Honolulu (UTC-10): 05:00-07:00;
      // in Tokyo (UTC+9) it is 00:00-02:00 on the 2nd.
      const firstDayUtc = world.rows
        .filter((r) => r.atKey.startsWith('2025-03-01'))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const honolulu = await ids({
        startDate: '2025-03-01',
        endDate: '2025-03-01',
        tz: 'Pacific/Honolulu',
        sort: 'None',
      });
      expect(honolulu).toEqual(firstDayUtc);
      const tokyo = await ids({
        startDate: '2025-03-02',
        endDate: '2025-03-02',
        tz: 'Asia/Tokyo',
        sort: 'None',
      });
      expect(tokyo).toEqual(firstDayUtc);
      expect(
        await ids({ startDate: '2025-03-01', endDate: '2025-03-01', tz: 'Asia/Tokyo' }),
      ).toEqual([]);
    });
  });

  describe('sorts and paging', () => {
    const variants: [string, Params][] = [
      ['individual', {}],
      ['gamespeed', { program: 'gamespeed' }],
      ['eapi', { program: 'eapi' }],
      ['manualentry', { program: 'manualentry' }],
    ];
    const modes: [string, Params][] = [
      ['all results', {}],
      ['best by athlete (stored flags)', { getBestByAthlete: true }],
      ['best by athlete among a date range', { getBestByAthlete: true, startDate: '2000-01-01' }],
    ];
    // Over HTTP the test tables are small (sorted whole); called directly with
    // smallTable 0, the same pages come from the index walks a large table uses.
    const plans: [string, (params: Params) => Promise<ResultListBody>][] = [
      ['sorted whole', (params) => list(params)],
      [
        'walked',
        (params) => {
          const query = Object.fromEntries(
            Object.entries(params).filter(([, value]) => value !== undefined && value !== null),
          ) as ResultListQuery;
          return listResults(app.db, mine.id, query, { countCap: 10_000, smallTable: 0 });
        },
      ],
    ];
    const combos = variants.flatMap(([variant, v]) =>
      modes.flatMap(([mode, m]) =>
        plans.flatMap(([how, fetch]) =>
          RESULT_SORTS.map(
            (sort) => [variant, mode, sort, how, fetch, { ...v, ...m, sort }] as const,
          ),
        ),
      ),
    );

    it.each(combos)(
      '%s, %s, %s, %s: every page by number and by cursor',
      async (_v, _m, _s, _h, fetch, params) => {
        const want = expected(world, params);
        expect(want.length).toBeGreaterThan(3);
        const pageSize = 4;
        const byNumber: number[] = [];
        for (let pageNumber = 1; ; pageNumber++) {
          const body = await fetch({ ...params, pageSize, pageNumber });
          expect(body.totalCount).toBe(want.length);
          expect(body.pageNumber).toBe(pageNumber);
          byNumber.push(...body.items.map((i) => i.id));
          if (body.items.length < pageSize || body.nextCursor === null) break;
        }
        expect(byNumber).toEqual(want);

        const byCursor: number[] = [];
        let cursor: string | null = null;
        for (let page = 1; page <= want.length; page++) {
          const body: ResultListBody = await fetch({
            ...params,
            pageSize,
            pageNumber: page,
            cursor,
          });
          byCursor.push(...body.items.map((i) => i.id));
          cursor = body.nextCursor;
          if (!cursor) break;
        }
        expect(byCursor).toEqual(want);
      },
    );

    // Result sorts of one distance walk its plausible runs (results_board) and its
    // flagged ones (results_flagged) and merge them, and count both (migration 033): the
    // flagged 10-yd run of the fixtures must come out in its place, on every page.
    it.each(
      plans.flatMap(([how, fetch]) =>
        (['ResultAsc', 'ResultDesc'] as const).flatMap((sort) =>
          [{}, { laneIdQuery: '1' }].map((lane) => [how, sort, fetch, lane] as const),
        ),
      ),
    )(
      'one distance, %s, %s: the flagged run in its place (%#)',
      async (_how, sort, fetch, lane) => {
        const params = { distance: yd(10), sort, ...lane };
        const want = expected(world, params);
        expect(want.length).toBeGreaterThan(3);
        const flagged = world.rows.filter(
          (r) => r.implausible && r.distanceMm === yd(10) && matches(world, r, params),
        );
        if (Object.keys(lane).length === 0) expect(flagged.length).toBeGreaterThan(0);
        const got: number[] = [];
        for (let pageNumber = 1; ; pageNumber++) {
          const body = await fetch({ ...params, pageSize: 4, pageNumber });
          // Counted the same way: the plausible runs and the flagged ones (count.ts).
          expect(body.totalCount).toBe(want.length);
          got.push(...body.items.map((i) => i.id));
          if (body.items.length < 4 || body.nextCursor === null) break;
        }
        expect(got).toEqual(want);
      },
    );

    it.each(['walked', 'sorted whole'])('applies every filter when %s', async (how) => {
      const fetch = plans.find(([name]) => name === how)![1];
      for (const q of [
        { rosterId: varsity, sort: 'LastName' },
        { typeQuery: 'L', sort: 'DateAsc' },
        { typeQuery: 'zebra', sort: 'EventDesc' },
        { typeQuery: 'gs', sort: 'ResultDesc' },
        { laneIdQuery: '1', sort: 'ResultAsc' },
        { distance: yd(10), sort: 'ResultAsc' },
        { distance: yd(10), sort: 'DateDesc' },
        { eventAliasId: zebra, sort: 'None' },
        { startDate: '2025-03-02', endDate: '2025-03-03', sort: 'FirstName' },
        { firstNameQuery: 'z', getBestByAthlete: true, sort: 'EventAsc' },
        { program: 'gamespeed', typeQuery: 'l', laneIdQuery: '1', sort: 'ResultAsc' },
      ] as Params[]) {
        const body = await fetch({ pageSize: 500, ...q });
        expect([q, body.items.map((i) => i.id)]).toEqual([q, expected(world, q)]);
      }
    });

    it('walks when the first try finds more rows than a small table holds', async () => {
      for (const q of [
        { sort: 'LastName' },
        { sort: 'EventAsc', pageNumber: 2 },
        { sort: 'None', typeQuery: 'l' },
        { sort: 'ResultDesc', firstNameQuery: 'ana' },
        { sort: 'DateAsc', lastNameQuery: 'lee', pageNumber: 3 },
      ] as Params[]) {
        const want = expected(world, q);
        const page = ((q.pageNumber as number | undefined) ?? 1) - 1;
        const body = await listResults(
          app.db,
          mine.id,
          { ...(q as ResultListQuery), pageSize: 4 },
          {
            countCap: 10_000,
            smallTable: 5,
          },
        );
        expect([q, body.items.map((i) => i.id), body.totalCount]).toEqual([
          q,
          want.slice(page * 4, page * 4 + 4),
          want.length,
        ]);
      }
    });

    it('continues page 2 by its cursor exactly as page 3', async () => {
      const two = await list({ sort: 'LastName', pageSize: 5, pageNumber: 2 });
      const three = await list({ sort: 'LastName', pageSize: 5, pageNumber: 3 });
      const next = await list({
        sort: 'LastName',
        pageSize: 5,
        pageNumber: 3,
        cursor: two.nextCursor,
      });
      expect(next.items.map((i) => i.id)).toEqual(three.items.map((i) => i.id));
    });

    it('sorts by DateDesc by default and by id for None', async () => {
      expect(await ids({})).toEqual(expected(world, { sort: 'DateDesc' }));
      expect(await ids({ sort: 'None' })).toEqual(
        world.rows.map((r) => r.id).sort((a, b) => a - b),
      );
    });

    it('orders instants a microsecond apart by the microsecond', async () => {
      const [later, earlier] = world.rows.filter((r) => r.atKey.startsWith('2025-03-06'));
      expect(later!.id).toBeLessThan(earlier!.id);
      const order = await ids({ sort: 'DateAsc', startDate: '2025-03-06' });
      expect(order).toEqual([earlier!.id, later!.id]);
      const first = await list({ sort: 'DateAsc', startDate: '2025-03-06', pageSize: 1 });
      const second = await list({
        sort: 'DateAsc',
        startDate: '2025-03-06',
        pageSize: 1,
        cursor: first.nextCursor,
      });
      expect(second.items.map((i) => i.id)).toEqual([later!.id]);
    });
  });

  describe('getBestByAthlete', () => {
    it('keeps the lowest time and the highest jump per athlete, type and distance', async () => {
      const items = (await list({ getBestByAthlete: true, pageSize: 500 })).items;
      const key = (i: (typeof items)[number]) =>
        `${i.athlete.id}/${i.eventType.id}/${i.distanceMm}`;
      expect(new Set(items.map(key)).size).toBe(items.length);
      for (const item of items) {
        const group = world.rows.filter(
          (r) =>
            r.athlete === item.athlete.id &&
            r.type === item.eventType.id &&
            r.distanceMm === item.distanceMm &&
            !r.implausible,
        );
        const values = group.map((r) => r.value);
        expect(item.timeMs ?? item.markMm).toBe(
          item.eventType.lowerIsBetter ? Math.min(...values) : Math.max(...values),
        );
      }
      expect(items.some((i) => i.eventType.id === 5)).toBe(true);
      expect(items.every((i) => !i.implausible)).toBe(true);
    });

    it('takes the earlier of two equal bests', async () => {
      const tied = world.rows.filter((r) => r.value === 4700);
      const best = (
        await list({ getBestByAthlete: true, eventTypeId: 1, distance: yd(40), pageSize: 500 })
      ).items;
      expect(best.filter((i) => i.athlete.id === tied[0]!.athlete).map((i) => i.id)).toEqual([
        Math.min(...tied.map((r) => r.id)),
      ]);
    });

    it('ranks within the program on a program page, and within a date range', async () => {
      expect(await ids({ getBestByAthlete: true, program: 'eapi' })).toEqual(
        expected(world, { getBestByAthlete: true, program: 'eapi' }),
      );
      const range = { getBestByAthlete: true, startDate: '2025-03-02', endDate: '2025-03-03' };
      expect(await ids(range)).toEqual(expected(world, range));
      const lanes = { getBestByAthlete: true, laneIdQuery: '1', sort: 'ResultAsc' };
      expect(await ids(lanes)).toEqual(expected(world, lanes));
    });

    it('follows results that are added, changed and deleted', async () => {
      const [athlete] = await addAthletes(app, mine.id, [{ first: 'Kai', last: 'Moves' }]);
      const q = { getBestByAthlete: true, firstNameQuery: 'kai', sort: 'None' };
      const [slow] = await addResults(app, mine.id, [
        { athlete: athlete!, type: 1, distanceMm: yd(40), value: 5200, at: '2025-04-01T10:00:00Z' },
      ]);
      expect(await ids(q)).toEqual([slow!.id]);
      const [fast, jump] = await addResults(app, mine.id, [
        {
          athlete: athlete!,
          type: 1,
          distanceMm: yd(40),
          value: 5000,
          at: '2025-04-02T10:00:00Z',
          program: 'eapi',
        },
        { athlete: athlete!, type: 6, distanceMm: 0, value: 2500, at: '2025-04-02T10:05:00Z' },
      ]);
      expect(await ids(q)).toEqual([fast!.id, jump!.id]);
      expect(await ids({ ...q, program: 'none' })).toEqual([slow!.id, jump!.id]);
      // A correction makes the fast one slow; then a flag; then a deletion.
      await app.db
        .updateTable('results')
        .set({ result: 5300 })
        .where('id', '=', String(fast!.id))
        .execute();
      expect(await ids(q)).toEqual([slow!.id, jump!.id]);
      await app.db
        .updateTable('results')
        .set({ result: 4900 })
        .where('id', '=', String(fast!.id))
        .execute();
      expect(await ids(q)).toEqual([fast!.id, jump!.id]);
      await app.db
        .updateTable('results')
        .set({ implausible: true })
        .where('id', '=', String(fast!.id))
        .execute();
      expect(await ids(q)).toEqual([slow!.id, jump!.id]);
      await app.db.deleteFrom('results').where('id', '=', String(slow!.id)).execute();
      expect(await ids(q)).toEqual([jump!.id]);
      const [better] = await addResults(app, mine.id, [
        { athlete: athlete!, type: 6, distanceMm: 0, value: 2600, at: '2025-04-03T10:00:00Z' },
      ]);
      expect(await ids(q)).toEqual([better!.id]);
      await app.db.deleteFrom('athletes').where('id', '=', String(athlete!)).execute();
      expect(await ids(q)).toEqual([]);
    });
  });

  describe('counts', () => {
    let capped: App;
    let who: Coach;
    beforeAll(async () => {
      capped = await buildTestApp({ config: { resultCountCap: 5 } });
      await capped.ready();
      who = await coach(capped, 'capped@example.com');
      const [athlete] = await addAthletes(capped, who.id, [{ first: 'Cap', last: 'Ped' }]);
      await addResults(
        capped,
        who.id,
        Array.from({ length: 8 }, (_, i) => ({
          athlete: athlete!,
          type: 1,
          distanceMm: yd(40),
          value: 5000 + i,
          at: `2025-03-0${i + 1}T10:00:00Z`,
        })),
      );
    });
    afterAll(() => capped.close());
    const count = async (params: Params) =>
      (
        await capped.inject({ url: `/api/event${qs(params)}`, headers: who.headers })
      ).json<ResultListBody>();

    it('stops counting at the cap and says so', async () => {
      const body = await count({ pageSize: 3 });
      expect(body).toMatchObject({ totalCount: 5, totalCountCapped: true });
      expect(body.items).toHaveLength(3);
      // Pages past the cap are still served (by number up to the offset limit, or cursor).
      const third = await count({ pageSize: 3, pageNumber: 3 });
      expect(third.items).toHaveLength(2);
      expect(third.nextCursor).toBeNull();
      // One distance is counted in two parts (plausible, flagged), capped together.
      expect(await count({ pageSize: 3, distance: yd(40) })).toMatchObject({
        totalCount: 5,
        totalCountCapped: true,
      });
    });

    it('counts exactly below the cap', async () => {
      expect(await count({ endDate: '2025-03-04' })).toMatchObject({
        totalCount: 4,
        totalCountCapped: false,
      });
      expect(await count({ endDate: '2025-03-05' })).toMatchObject({
        totalCount: 5,
        totalCountCapped: false,
      });
      expect(await count({ getBestByAthlete: true })).toMatchObject({
        totalCount: 1,
        totalCountCapped: false,
      });
    });
  });

  describe('accounts', () => {
    it('never shows another account its results', async () => {
      const ours = new Set(world.rows.map((r) => r.id));
      const theirItems = (await list({ pageSize: 500 }, theirs)).items;
      expect(theirItems).toHaveLength(2);
      expect(theirItems.some((i) => ours.has(i.id))).toBe(false);
      expect((await list({ pageSize: 500 })).items.every((i) => ours.has(i.id))).toBe(true);
      expect(await ids({ typeQuery: 'agility' })).toEqual(
        expected(world, { typeQuery: 'agility' }),
      );
    });

    it.each([
      ['rosterId', () => ({ rosterId: theirRoster })],
      ['eventAliasId', () => ({ eventAliasId: theirAlias })],
      ['eventTypeId', () => ({ eventTypeId: theirType })],
      ['rosterId that does not exist', () => ({ rosterId: 999999 })],
      ['eventTypeId that does not exist', () => ({ eventTypeId: 2147483647 })],
    ])("answers 404 for another account's %s", async (_name, params) => {
      const response = await get(params());
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect((await get({ ...params(), getBestByAthlete: true })).statusCode).toBe(404);
    });

    it('answers 401 without a token', async () => {
      expect((await app.inject({ url: '/api/event' })).statusCode).toBe(401);
    });
  });

  describe('bad input', () => {
    it.each([
      ['sort', { sort: 'Fastest' }],
      ['pageSize', { pageSize: 0 }],
      ['pageSize', { pageSize: 501 }],
      ['pageNumber', { pageNumber: 0 }],
      ['pageNumber', { pageNumber: 502 }],
      ['startDate', { startDate: '2025-02-30' }],
      ['endDate', { endDate: 'yesterday' }],
      ['endDate', { startDate: '2025-03-02', endDate: '2025-03-01' }],
      ['tz', { tz: 'Mars/Olympus_Mons' }],
      ['program', { program: 'speed' }],
      ['distance', { distance: 0 }],
      ['getBestByAthlete', { getBestByAthlete: 'maybe' }],
      ['cursor', { cursor: 'not-a-cursor' }],
      ['cursor', { cursor: Buffer.from('{"s":"DateDesc","id":"1"}').toString('base64url') }],
      [
        'cursor',
        {
          cursor: Buffer.from(
            '{"s":"DateDesc","id":"1","at":"2024-02-30T00:00:00.000000Z"}',
          ).toString('base64url'),
        },
      ],
      ['rosterId', { rosterId: 1e20 }],
      ['eventTypeId', { eventTypeId: 2147483648 }],
      ['pageSize', { pageSize: 'Infinity' }],
      ['endDate', { endDate: '9999-12-31' }],
      ['tz', { tz: 'US/Pacific-New' }],
      ['lastNameQuery', { lastNameQuery: 'Ann\u0000Lee' }],
    ])('answers 400 naming %s', async (field, params) => {
      const response = await get(params as Params);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([
        field,
      ]);
    });

    it('refuses a cursor of another sort', async () => {
      const { nextCursor } = await list({ sort: 'DateAsc', pageSize: 2 });
      const response = await get({ sort: 'ResultAsc', cursor: nextCursor });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { cursor: [expect.stringMatching(/another sort/)] },
      });
    });

    it('pages past the first 10,000 rows only by cursor', async () => {
      const response = await get({ pageSize: 500, pageNumber: 21 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { pageNumber: [expect.stringMatching(/nextCursor/)] },
      });
      expect((await get({ pageSize: 500, pageNumber: 20 })).statusCode).toBe(200);
    });
  });
});
