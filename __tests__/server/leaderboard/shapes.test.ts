import type { LeaderboardBody } from '../../../contract/leaderboard';
import type { App } from '../../../server/app';
import {
  planFor,
  readBoards,
  readFacts,
  readLeaderboard,
  type LeaderboardRequest,
} from '../../../server/leaderboard/leaderboard';
import {
  bestsApply,
  chooseShape,
  DEFAULT_SHAPE_LIMITS,
  leadersApply,
  type Shape,
  type ShapeLimits,
} from '../../../server/leaderboard/queries';
import { buildTestApp } from '../helpers/build-test-app';
import { accountId, signUp } from '../user/accounts';
import { boardFixtures, yd, type ResultSpec } from './fixtures';

/**
 * The three query shapes of the leaderboard (walk, athletes, window: server/leaderboard/
 * queries.ts) must give the same boards for every filter combination. Random data with
 * many ties, flagged runs, several run distances and another account's rows, against a
 * plain reference implementation of the rules in contract/leaderboard.ts.
 */

/** mulberry32: the same data on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Athlete {
  id: string;
  sportId: number | null;
  positionId: number | null;
  rosters: string[];
}
interface Row extends ResultSpec {
  id: string;
  recordedAt: Date;
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

describe('leaderboard query shapes', () => {
  let app: App;
  let account: string;
  const athletes: Athlete[] = [];
  const rows: Row[] = [];
  const rosters: string[] = [];
  const next = random(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    account = await accountId(app, (await signUp(app, 'shapes@board.test')).headers);
    const other = await accountId(app, (await signUp(app, 'other@board.test')).headers);
    for (const [owner, count] of [
      [other, 60],
      [account, 400],
    ] as const) {
      const fx = boardFixtures(app.db, owner);
      const mine = owner === account;
      const people: Athlete[] = [];
      for (let i = 0; i < 24; i++) {
        const sportId = pick([1, 1, 2, null]);
        const positionId = sportId === 1 ? pick([101, 103]) : sportId === 2 ? 201 : null;
        const id = await fx.athlete({ first: `P${i}`, last: 'Shape', sportId, positionId });
        people.push({ id, sportId, positionId, rosters: [] });
      }
      for (const name of ['Team', 'Group', 'Empty']) {
        const members = name === 'Empty' ? [] : people.filter(() => next() < 0.4);
        const roster = await fx.roster(
          name,
          members.map((p) => p.id),
        );
        for (const p of members) p.rosters.push(roster);
        if (mine) rosters.push(roster);
      }
      const specs: ResultSpec[] = [];
      for (let i = 0; i < count; i++) {
        const athlete = pick(people);
        const recordedAt = new Date(
          START + Math.floor(next() * 60) * DAY + Math.floor(next() * 3) * 3600_000,
        );
        const laneId = pick([null, 1, 2, 3]);
        const implausible = next() < 0.05;
        const kind = pick(['40', '40', '40hand', '10', '20', 'jump'] as const);
        // Coarse values: many ties.
        const v = (base: number) => base + Math.floor(next() * 8) * 20;
        if (kind === 'jump') {
          specs.push({
            athleteId: athlete.id,
            eventTypeId: 5,
            distanceMm: 0,
            value: v(500),
            recordedAt,
            laneId,
            implausible,
          });
        } else if (kind === '10') {
          const t = v(1500);
          specs.push({
            athleteId: athlete.id,
            distanceMm: yd(10),
            value: t,
            splits: [[yd(10), t]],
            recordedAt,
            laneId,
            implausible,
          });
        } else if (kind === '20') {
          specs.push({
            athleteId: athlete.id,
            distanceMm: yd(20),
            value: v(2600),
            recordedAt,
            laneId,
            implausible,
          });
        } else {
          const t = v(4500);
          const splits: [number, number][] =
            kind === '40hand'
              ? [[yd(40), t]]
              : [
                  [yd(10), v(1500)],
                  [yd(20), v(2600)],
                  [yd(40), t],
                ];
          specs.push({ athleteId: athlete.id, value: t, splits, recordedAt, laneId, implausible });
        }
      }
      const ids = await fx.results(specs);
      if (mine) {
        athletes.push(...people);
        specs.forEach((spec, i) =>
          rows.push({ ...spec, id: ids[i]!, recordedAt: spec.recordedAt as Date }),
        );
      }
    }
  });
  afterAll(() => app.close());

  /** The rules of contract/leaderboard.ts, straight from the rows. */
  function reference(request: LeaderboardRequest): { distanceMm: number; entries: string[] }[] {
    const jump = request.eventTypeId === 5;
    const distances =
      request.distanceMm !== undefined
        ? [request.distanceMm]
        : jump
          ? [0]
          : [yd(10), yd(20), yd(40)];
    const f = request.filters;
    const byId = new Map(athletes.map((a) => [a.id, a]));
    const keep = (row: Row) => {
      const a = byId.get(row.athleteId)!;
      return (
        !row.implausible &&
        (row.eventTypeId ?? 1) === request.eventTypeId &&
        (!f.from || row.recordedAt >= f.from) &&
        (!f.to || row.recordedAt < f.to) &&
        (f.laneId === undefined || row.laneId === f.laneId) &&
        (f.sportId === undefined || a.sportId === f.sportId) &&
        (f.positionId === undefined || a.positionId === f.positionId) &&
        (f.rosterId === undefined || a.rosters.includes(String(f.rosterId)))
      );
    };
    return distances.map((board) => {
      const candidates = rows.filter(keep).flatMap((row) => {
        const run = row.distanceMm ?? yd(40);
        if (run === board) return [{ row, value: row.value }];
        const split = row.splits?.find(([mm]) => mm === board);
        return run > board && split ? [{ row, value: split[1] }] : [];
      });
      const sign = jump ? -1 : 1;
      candidates.sort(
        (a, b) =>
          sign * (a.value - b.value) ||
          a.row.recordedAt.getTime() - b.row.recordedAt.getTime() ||
          Number(a.row.id) - Number(b.row.id),
      );
      const seen = new Set<string>();
      const chosen = candidates.filter(({ row }) => {
        if (!request.isDistinct) return true;
        if (seen.has(row.athleteId)) return false;
        seen.add(row.athleteId);
        return true;
      });
      const top = chosen.slice(0, request.athletesPerLeaderboard);
      return {
        distanceMm: board,
        entries: top.map(
          (c) =>
            `#${1 + top.filter((o) => sign * (o.value - c.value) < 0).length} ${c.row.id} ${c.value}`,
        ),
      };
    });
  }

  const asEntries = (body: LeaderboardBody) =>
    body.boards.map((b) => ({
      distanceMm: b.distanceMm,
      entries: b.entries.map((e) => `#${e.rank} ${e.resultId} ${e.value}`),
    }));

  function randomRequest(): LeaderboardRequest {
    const from = next() < 0.5 ? new Date(START + Math.floor(next() * 60) * DAY) : undefined;
    const to =
      next() < 0.5
        ? new Date((from?.getTime() ?? START) + Math.ceil(next() * 30) * DAY)
        : undefined;
    const sportId = next() < 0.25 ? pick([1, 2]) : undefined;
    return {
      accountId: account,
      eventTypeId: next() < 0.2 ? 5 : 1,
      athletesPerLeaderboard: pick([1, 3, 5, 12]),
      isDistinct: next() < 0.5,
      distanceMm: next() < 0.3 ? pick([yd(10), yd(20), yd(40), yd(30)]) : undefined,
      filters: {
        from,
        to,
        laneId: next() < 0.3 ? pick([1, 2, 3]) : undefined,
        sportId,
        positionId: next() < 0.2 ? (sportId === 2 ? 201 : pick([101, 103])) : undefined,
        rosterId: next() < 0.3 ? Number(pick(rosters)) : undefined,
      },
    };
  }

  /**
   * A leaderboard read with a forced shape (where `bests` cannot answer, the choice
   * stands), and with `leaders` the athletes shape led by the set's leaders.
   */
  async function readForced(
    request: LeaderboardRequest,
    shape: Shape,
    limits: ShapeLimits,
    leaders?: boolean,
  ) {
    const facts = (await readFacts(app.db, request, limits))!;
    const forced =
      shape === 'bests' && !bestsApply(facts.boardRequest)
        ? chooseShape(facts.boardRequest, facts.facts, limits)
        : shape;
    const plan = planFor(facts, limits, forced);
    if (forced === 'athletes' && leaders)
      plan.leaders ??= limits.leaders * request.athletesPerLeaderboard;
    return readBoards(app.db, facts, plan);
  }

  /** Every shape against the reference for `count` requests; counts what they covered. */
  async function compareShapes(count: number, make: () => LeaderboardRequest) {
    const mismatches: string[] = [];
    let nonEmpty = 0;
    let fallbacks = 0;
    let led = 0;
    let ledAndRead = 0;
    for (let i = 0; i < count; i++) {
      const request = make();
      const expected = reference(request);
      if (expected.some((b) => b.entries.length > 0)) nonEmpty++;
      const variants: [string, Shape, ShapeLimits, boolean?][] = [
        ['walk', 'walk', DEFAULT_SHAPE_LIMITS],
        // A walk cut after a few entries hands its sources to the athletes shape.
        ['bounded walk', 'walk', { ...DEFAULT_SHAPE_LIMITS, walkBudget: 0.5 }],
        ['athletes', 'athletes', DEFAULT_SHAPE_LIMITS],
        ['window', 'window', DEFAULT_SHAPE_LIMITS],
        // board_bests (where it applies: no date filter; a lane's bests with a lane), by
        // the athlete set and by a walk over the bests.
        ['bests', 'bests', DEFAULT_SHAPE_LIMITS],
        ['bests walk', 'bests', { ...DEFAULT_SHAPE_LIMITS, maxAthletes: 0 }],
        // The athletes shape led by the set's bests (of the lane, if any): one leader per entry (many
        // sources left incomplete, read whole), and four.
        ['leaders, 1 per entry', 'athletes', { ...DEFAULT_SHAPE_LIMITS, leaders: 1 }, true],
        ['leaders, 4 per entry', 'athletes', DEFAULT_SHAPE_LIMITS, true],
      ];
      for (const [name, shape, limits, leaders] of variants) {
        const { body, shape: used } = await readForced(request, shape, limits, leaders);
        if (used === 'walk+athletes') fallbacks++;
        if (used === 'leaders') led++;
        if (used === 'leaders+athletes') ledAndRead++;
        const got = asEntries(body);
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          mismatches.push(
            `${name} ${JSON.stringify(request)}\n  got ${JSON.stringify(got)}\n  want ${JSON.stringify(expected)}`,
          );
        }
      }
    }
    return { mismatches, nonEmpty, fallbacks, led, ledAndRead };
  }

  it('gives the reference answer with every shape, for 60 random filter combinations', async () => {
    const { mismatches, nonEmpty, fallbacks, led, ledAndRead } = await compareShapes(
      60,
      randomRequest,
    );
    expect(mismatches).toEqual([]);
    // The combinations must exercise something: most boards have entries; bounded walks
    // hand over; the leaders settle some boards alone and hand some sources over.
    expect(nonEmpty).toBeGreaterThan(30);
    expect(fallbacks).toBeGreaterThan(3);
    expect(led).toBeGreaterThan(3);
    expect(ledAndRead).toBeGreaterThan(3);
  });

  it('gives the reference answer from the bests, for 40 combinations without a date', async () => {
    let lanes = 0;
    const { mismatches, nonEmpty } = await compareShapes(40, () => {
      const request = randomRequest();
      if (request.filters.laneId !== undefined) lanes++;
      return { ...request, filters: { ...request.filters, from: undefined, to: undefined } };
    });
    expect(mismatches).toEqual([]);
    expect(nonEmpty).toBeGreaterThan(25);
    // The lanes' bests (migration 012) answer some of them.
    expect(lanes).toBeGreaterThan(4);
  });

  it('reads the leaders first only for a long date range, on a large set', () => {
    const first = new Date('2024-01-01T00:00:00Z');
    const last = new Date('2026-12-31T00:00:00Z');
    const year = { from: new Date('2026-01-01T00:00:00Z') };
    const facts = (athletes: number) => ({ athletes, window: undefined, first, last });
    const leads = (filters: object, athletes: number, limit = 5) =>
      leadersApply({ filters, limit }, facts(athletes), DEFAULT_SHAPE_LIMITS);
    expect(leads({ ...year, rosterId: 1 }, 475)).toBe(true);
    // A lane: the leaders are the set's best in that lane (migration 012).
    expect(leads({ ...year, rosterId: 1, laneId: 2 }, 475)).toBe(true);
    expect(leads({ rosterId: 1 }, 475)).toBe(false); // no range: the bests shape's
    const day = { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2026-06-02T00:00:00Z') };
    expect(leads({ ...day, rosterId: 1 }, 475)).toBe(false); // one day
    expect(leads({ ...year, positionId: 605 }, 123)).toBe(false); // a small set
    expect(leads({ ...year, rosterId: 1 }, 475, 20)).toBe(false); // 80 leaders of 475
  });

  it('chooses the shape by the sizes it probes', async () => {
    const shapeOf = async (
      filters: LeaderboardRequest['filters'],
      limits?: Partial<ShapeLimits>,
      isDistinct = true,
    ) => {
      const read = await readLeaderboard(
        app.db,
        {
          accountId: account,
          eventTypeId: 1,
          athletesPerLeaderboard: 5,
          isDistinct,
          filters,
        },
        { ...DEFAULT_SHAPE_LIMITS, ...limits },
      );
      return read?.shape;
    };
    const roster = { rosterId: Number(rosters[0]) };
    // Distinct without a date: the bests (board_bests, of a lane or all), with or without athletes.
    expect(await shapeOf({})).toBe('bests');
    expect(await shapeOf(roster)).toBe('bests');
    expect(await shapeOf(roster, { maxAthletes: 1 })).toBe('bests');
    expect(await shapeOf({}, {}, false)).toBe('walk');
    expect(await shapeOf({ laneId: 1 })).toBe('bests');
    expect(await shapeOf({ laneId: 1 }, {}, false)).toBe('walk');
    // Not distinct: a few athletes' bests tell whose entries to read; a large set walks.
    expect(await shapeOf(roster, {}, false)).toBe('bests');
    expect(await shapeOf(roster, { maxAthletes: 1 }, false)).toBe('walk');
    // The roster in a lane: their bests in that lane.
    expect(await shapeOf({ ...roster, laneId: 1 })).toBe('bests');
    expect(await shapeOf({ ...roster, laneId: 1 }, {}, false)).toBe('bests');
    expect(await shapeOf({ ...roster, laneId: 1 }, { maxAthletes: 1 }, false)).toBe('walk');
    // Few athletes on the roster under a date range: their own entries.
    const month = { from: new Date(START), to: new Date(START + 30 * DAY) };
    expect(await shapeOf({ ...roster, ...month, laneId: 1 })).toBe('athletes');
    // One day of a long history: the results of that day.
    const day = new Date(START + 10 * DAY);
    expect(await shapeOf({ from: day, to: new Date(day.getTime() + DAY) })).toBe('window');
    expect(await shapeOf({ from: day, to: new Date(day.getTime() + DAY) }, { maxWindow: 0 })).toBe(
      'walk',
    );
  });
});
