import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, sprint, yd } from '../event/fixtures';

/**
 * `board_bests` (migrations 009 and 012) is kept exact by triggers: after every kind of
 * write it must equal the bests computed from scratch (a plain window-function reference
 * here), for every account, event type, board, athlete and lane key (-1: every lane).
 */
describe('board bests (migrations 009 and 012)', () => {
  let app: App;
  let mine: { headers: Record<string, string>; id: string };
  let theirs: { headers: Record<string, string>; id: string };
  let athletes: number[];

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    mine = await coach(app, 'bests-mine@board.test');
    theirs = await coach(app, 'bests-theirs@board.test');
    athletes = await addAthletes(app, mine.id, 4);
  });
  afterAll(() => app.close());

  interface BestRow {
    account_id: string;
    event_type_id: number;
    athlete_id: string;
    lane_key: number;
    board_mm: number;
    value: number;
    recorded_at: Date;
    result_id: string;
    lane_id: number | null;
  }

  const key = (r: BestRow) =>
    `${r.account_id} ${r.event_type_id} ${r.athlete_id} ${r.lane_key} ${r.board_mm} ${r.value} ` +
    `${new Date(r.recorded_at).toISOString()} ${r.result_id} ${r.lane_id}`;

  async function stored(): Promise<string[]> {
    const { rows } = await sql<BestRow>`select account_id, event_type_id, athlete_id, lane_key,
        board_mm, value, recorded_at, result_id, lane_id from board_bests`.execute(app.db);
    return rows.map(key).sort();
  }

  /**
   * The rules, from scratch: every entry of every board, the first per athlete, of all
   * lanes (-1) and of each lane.
   */
  async function expected(): Promise<string[]> {
    const { rows } = await sql<BestRow>`select account_id, event_type_id, athlete_id, lane_key,
        board_mm, value, recorded_at, result_id, lane_id
      from (
        select e.*, k.lane_key, row_number() over (
          partition by e.account_id, e.event_type_id, e.athlete_id, k.lane_key, e.board_mm
          order by case when et.lower_is_better then e.value else -e.value end, e.recorded_at,
            e.result_id) as n
        from (
          select account_id, event_type_id, athlete_id, distance_mm as board_mm, result as value,
            recorded_at, id as result_id, lane_id, implausible
          from results
          union all
          select s.account_id, s.event_type_id, s.athlete_id, s.split_distance_mm, s.split_ms,
            r.recorded_at, s.result_id, r.lane_id, r.implausible
          from result_splits s join results r on r.id = s.result_id
          join event_types t on t.id = r.event_type_id
          where s.split_distance_mm < r.distance_mm and t.unit = 'time'
        ) e join event_types et on et.id = e.event_type_id
        join (select -1 as lane_key union all select generate_series(0, 99)) k
          on k.lane_key = -1 or k.lane_key = e.lane_id
        where not e.implausible
      ) x where n = 1`.execute(app.db);
    return rows.map(key).sort();
  }

  async function expectExact(): Promise<void> {
    const want = await expected();
    expect(await stored()).toEqual(want);
  }

  /** A 40 with splits at 10, 20 and 40 yd that fit its total. */
  const run = (clientId: string, athlete: number, total: number, n: number) =>
    sprint(
      clientId,
      athlete,
      {
        timeMs: total,
        splits: [
          { distanceMm: yd(10), timeMs: Math.round(total * 0.355) },
          { distanceMm: yd(20), timeMs: Math.round(total * 0.583) },
          { distanceMm: yd(40), timeMs: total },
        ],
      },
      n,
    );

  const post = async (who: typeof mine, items: ReturnType<typeof sprint>[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: who.headers,
      payload: { items },
    });
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    return res.json<{ items: { id: number }[] }>().items.map((i) => i.id);
  };

  async function bestOf(athlete: number, board: number, lane = -1): Promise<BestRow | undefined> {
    const { rows } = await sql<BestRow>`select * from board_bests
      where account_id = ${mine.id} and event_type_id = 1 and athlete_id = ${athlete}
        and lane_key = ${lane} and board_mm = ${board}`.execute(app.db);
    return rows[0];
  }

  it('offers each batch: totals and splits, ties to the earlier run, flagged runs left out', async () => {
    const [a, b] = athletes as [number, number];
    const items = [
      run('t-1', a, 4900, 1),
      run('t-2', a, 4800, 2),
      // Same total, later: not a's best.
      run('t-3', a, 4800, 3),
      run('t-4', b, 5000, 4),
      // A 10-yd run: its total counts on the 10-yd board with the 40s' splits.
      {
        ...sprint('t-5', b, {}, 5),
        distanceMm: yd(10),
        timeMs: 1500,
        splits: [{ distanceMm: yd(10), timeMs: 1500 }],
      },
      // Humanly impossible: stored, flagged, never a best.
      sprint('t-6', b, { timeMs: 3000, splits: [] }, 6),
    ];
    await post(mine, items);
    const ids = await post(theirs, [sprint('o-1', (await addAthletes(app, theirs.id, 1))[0]!)]);
    expect(ids).toHaveLength(1);
    await expectExact();
    expect((await bestOf(a, yd(40)))?.value).toBe(4800);
    expect((await bestOf(b, yd(40)))?.value).toBe(5000);
    expect((await bestOf(b, yd(10)))?.value).toBe(1500);
    // Each lane's best too (lane 1 + n % 4): t-1 ran in lane 2, t-2 in 3, t-3 in 4.
    expect((await bestOf(a, yd(40), 2))?.value).toBe(4900);
    const lane4 = await bestOf(a, yd(40), 4);
    expect([lane4?.value, lane4?.lane_id]).toEqual([4800, 4]);
    expect(lane4?.result_id).not.toBe((await bestOf(a, yd(40)))?.result_id);
    expect(await bestOf(a, yd(40), 1)).toBeUndefined();
    // Every board a run has a time at; the 40's own split is its total (once).
    const boards = await sql<{ board_mm: number }>`select distinct board_mm from board_bests
      where account_id = ${mine.id} order by 1`.execute(app.db);
    expect(boards.rows.map((r) => r.board_mm)).toEqual([yd(10), yd(20), yd(40)]);
  });

  it('keeps a best against worse, tied and later-tied offers, and takes an earlier tie (023)', async () => {
    const c = athletes[3]!;
    // n sets the time (30 s apart) and the lane (1 + n % 4); the total is given.
    await post(mine, [run('k-1', c, 5000, 100)]);
    const kept = await bestOf(c, yd(40));
    // Worse, and the same total later (in the same lane and in others): the stored best
    // stays, in every lane key (expectExact compares every row, ids and times).
    await post(mine, [
      run('k-2', c, 5100, 101),
      run('k-3', c, 5000, 104),
      run('k-4', c, 5000, 105),
    ]);
    await expectExact();
    expect(await bestOf(c, yd(40))).toEqual(kept);
    // The same total earlier than the best: it ranks first (ties go to the earlier run).
    const [earlier] = await post(mine, [run('k-5', c, 5000, 96)]);
    await expectExact();
    expect((await bestOf(c, yd(40)))?.result_id).toBe(String(earlier));
  });

  it('follows a changed time both ways, and a flag, falling back to the next best', async () => {
    const a = athletes[0]!;
    const best = (await bestOf(a, yd(40)))!;
    // Worse than the tie (4800, t-3): t-3 takes over.
    await sql`update results set result = 4950 where id = ${best.result_id}`.execute(app.db);
    await expectExact();
    const next = (await bestOf(a, yd(40)))!;
    expect([next.value, next.result_id !== best.result_id]).toEqual([4800, true]);
    // Better again.
    await sql`update results set result = 4700 where id = ${best.result_id}`.execute(app.db);
    await expectExact();
    expect((await bestOf(a, yd(40)))?.result_id).toBe(best.result_id);
    // Flagged (its splits follow through the 005 trigger): off every board.
    await sql`update results set implausible = true where id = ${best.result_id}`.execute(app.db);
    await expectExact();
    expect((await bestOf(a, yd(40)))?.result_id).toBe(next.result_id);
    await sql`update results set implausible = false where id = ${best.result_id}`.execute(app.db);
    await expectExact();
    // A split changed on its own, the lane, the athlete, the date.
    await sql`update result_splits set split_ms = 1000 where result_id = ${next.result_id}
      and split_distance_mm = ${yd(10)}`.execute(app.db);
    await expectExact();
    await sql`update results set lane_id = 7 where id = ${best.result_id}`.execute(app.db);
    await expectExact();
    await sql`update results set athlete_id = ${athletes[1]!} where id = ${next.result_id}`.execute(
      app.db,
    );
    await expectExact();
    await sql`update results set recorded_at = recorded_at - interval '1 day'
      where account_id = ${mine.id}`.execute(app.db);
    await expectExact();
  });

  it('follows a corrected result (PUT) and deletes, down to no entry', async () => {
    const a = athletes[2]!;
    const ids = await post(mine, [run('d-1', a, 4600, 10), run('d-2', a, 4650, 11)]);
    await expectExact();
    // A correction carries every field but the clientId, which stays.
    const { clientId: _clientId, ...correction } = run('d-1', a, 4700, 10);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/event/${ids[0]}`,
      headers: mine.headers,
      payload: correction,
    });
    expect(put.statusCode).toBe(200);
    await expectExact();
    expect((await bestOf(a, yd(40)))?.result_id).toBe(String(ids[1]));
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/event/${ids[1]}`,
      headers: mine.headers,
    });
    expect(del.statusCode).toBe(204);
    await expectExact();
    expect((await bestOf(a, yd(40)))?.result_id).toBe(String(ids[0]));
    await sql`delete from results where id = ${ids[0]}`.execute(app.db);
    await expectExact();
    expect(await bestOf(a, yd(40))).toBeUndefined();
  });

  it('rebuilds an event type whose direction changes, and agrees with the rebuild', async () => {
    await sql`update event_types set lower_is_better = false where id = 1`.execute(app.db);
    await expectExact();
    await sql`update event_types set lower_is_better = true where id = 1`.execute(app.db);
    await expectExact();
    const before = await stored();
    await sql`select board_bests_rebuild(null, null)`.execute(app.db);
    expect(await stored()).toEqual(before);
  });

  it("leaves nothing of a purged account, and the other account's rows", async () => {
    const theirsBefore = (await stored()).filter((k) => k.startsWith(theirs.id));
    const purge = await app.inject({
      method: 'DELETE',
      url: '/api/user/purge',
      headers: mine.headers,
    });
    expect(purge.statusCode).toBe(204);
    await expectExact();
    expect(await stored()).toEqual(theirsBefore);
    expect(theirsBefore).toHaveLength(6); // three boards, of every lane and of its lane
  });
});
