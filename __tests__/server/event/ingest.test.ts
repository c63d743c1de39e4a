import { sql } from 'kysely';
import { MAX_EVENT_BATCH, type EventBatchBody, type EventBody } from '../../../contract/event';
import type { App } from '../../../server/app';
import { buildTestApp } from '../helpers/build-test-app';
import { addAthletes, coach, countRows, sprint, sprints, yd } from './fixtures';

/** POST /api/event: one result or a batch, all or nothing, idempotent by clientId. */
describe('POST /api/event', () => {
  let app: App;
  let headers: Record<string, string>;
  let account: string;
  let athletes: number[];
  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    ({ headers, id: account } = await coach(app, 'ingest@example.com'));
    athletes = await addAthletes(app, account, 20);
  });
  afterAll(() => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/event', headers, payload: payload as object });

  it('stores one result with its splits and answers it (201), then answers the same again (200)', async () => {
    const input = sprint('single-1', athletes[0]!, { laneId: 2, program: 'gamespeed' });
    const first = await post(input);
    expect(first.statusCode).toBe(201);
    const body = first.json<EventBody>();
    expect(body).toEqual({
      id: expect.any(Number),
      clientId: 'single-1',
      athleteId: athletes[0],
      eventTypeId: 1,
      eventAliasId: null,
      laneId: 2,
      recordedAt: input.recordedAt,
      distanceMm: 36576,
      timeMs: 4800,
      markMm: null,
      splits: input.splits,
      program: 'gamespeed',
      source: 'device',
      timingMethod: 'electronic',
      implausible: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const again = await post(input);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    const splits = await app.db
      .selectFrom('result_splits')
      .selectAll()
      .where('result_id', '=', String(body.id))
      .orderBy('split_distance_mm')
      .execute();
    expect(splits.map((s) => [s.split_distance_mm, s.split_ms])).toEqual([
      [9144, 1704],
      [18288, 2798],
      [36576, 4800],
    ]);
    // The denormalised copies the boards read.
    expect(splits[0]).toMatchObject({
      account_id: account,
      athlete_id: String(athletes[0]),
      event_type_id: 1,
      distance_mm: 36576,
      lane_id: 2,
      implausible: false,
    });
  });

  it('fills the defaults: program none, electronic timing, no lane, no alias', async () => {
    const { laneId: _lane, ...input } = sprint('defaults-1', athletes[1]!);
    const body = (await post(input)).json<EventBody>();
    expect(body).toMatchObject({
      program: 'none',
      timingMethod: 'electronic',
      laneId: null,
      eventAliasId: null,
    });
  });

  it('stores a batch and answers every item in the order sent, with the number created', async () => {
    const items = sprints('batch-a', athletes, 50);
    const response = await post({ items });
    expect(response.statusCode).toBe(201);
    const body = response.json<EventBatchBody>();
    expect(body.created).toBe(50);
    expect(body.items.map((item) => item.clientId)).toEqual(items.map((item) => item.clientId));
    expect(new Set(body.items.map((item) => item.id)).size).toBe(50);
    expect(body.items.every((item) => item.implausible === false)).toBe(true);
  });

  it('changes nothing when the same batch comes again, and answers the same items (200)', async () => {
    const items = sprints('twice', athletes, 40);
    const first = await post({ items });
    const before = await countRows(app, account);
    const second = await post({ items });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<EventBatchBody>().items).toEqual(first.json<EventBatchBody>().items);
    expect(second.json<EventBatchBody>().created).toBe(0);
    expect(await countRows(app, account)).toEqual(before);
  });

  it('stores only the new rows of a retry that mixes stored and new ones', async () => {
    const stored = sprints('retry', athletes, 30);
    const first = (await post({ items: stored })).json<EventBatchBody>();
    const before = await countRows(app, account);
    // A device that crashed after sending 30 sends all 45 again, in another order.
    const retry = [...sprints('retry', athletes, 15, 30), ...stored].reverse();
    const response = await post({ items: retry });
    expect(response.statusCode).toBe(201);
    const body = response.json<EventBatchBody>();
    expect(body.created).toBe(15);
    const idOf = new Map(body.items.map((item) => [item.clientId, item.id]));
    for (const item of first.items) expect(idOf.get(item.clientId)).toBe(item.id);
    expect(body.items.map((item) => item.clientId)).toEqual(retry.map((item) => item.clientId));
    const after = await countRows(app, account);
    expect(after.results - before.results).toBe(15);
    expect(after.splits - before.splits).toBe(45);
  });

  it('refuses a whole batch when row 4 of 100 is wrong: 400 naming the row, nothing stored', async () => {
    const items = sprints('all-or-nothing', athletes, 100);
    items[3] = sprint('all-or-nothing-3', athletes[3]!, {
      splits: [
        { distanceMm: yd(10), timeMs: 1700 },
        { distanceMm: yd(20), timeMs: 1600 },
        { distanceMm: yd(40), timeMs: 4800 },
      ],
    });
    const before = await countRows(app, account);
    const response = await post({ items });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { 'items.3.splits.1.timeMs': ['must be more than the split before (1700)'] },
    });
    expect(await countRows(app, account)).toEqual(before);
    const stored = await app.db
      .selectFrom('results')
      .select('id')
      .where('client_id', 'like', 'all-or-nothing-%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('names schema errors by row and field too, and coerces nothing', async () => {
    const items = sprints('schema', athletes, 5);
    const bad = [...items];
    bad[1] = { ...items[1]!, timeMs: '4800' as unknown as number };
    bad[2] = { ...items[2]!, surprise: true } as never;
    const { source: _source, ...withoutSource } = items[4]!;
    bad[4] = withoutSource as never;
    const response = await post({ items: bad });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        'items.1.timeMs': ['must be integer'],
        'items.2.surprise': ['is not allowed'],
        'items.4.source': ['is required'],
      },
    });
  });

  it(`accepts ${MAX_EVENT_BATCH} results in one batch and refuses one more`, async () => {
    const items = sprints('max', athletes, MAX_EVENT_BATCH + 1);
    const tooMany = await post({ items });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ errors: { items: ['must NOT have more than 5000 items'] } });
    const before = await countRows(app, account);
    const most = await post({ items: items.slice(0, MAX_EVENT_BATCH) });
    expect(most.statusCode).toBe(201);
    expect(most.json<EventBatchBody>().created).toBe(MAX_EVENT_BATCH);
    const after = await countRows(app, account);
    expect(after.results - before.results).toBe(MAX_EVENT_BATCH);
    expect(after.splits - before.splits).toBe(3 * MAX_EVENT_BATCH);
  });

  it('takes any printable ASCII in a clientId, and refuses other characters', async () => {
    const odd = ['a"b', 'back\\slash', 'comma,{brace}', 'with space', "quote'", 'NULL'];
    const items = odd.map((clientId, i) => sprint(clientId, athletes[i]!));
    const response = await post({ items });
    expect(response.statusCode).toBe(201);
    expect(response.json<EventBatchBody>().items.map((item) => item.clientId)).toEqual(odd);
    const stored = await app.db
      .selectFrom('results')
      .select('client_id')
      .where('client_id', 'in', odd)
      .execute();
    expect(stored.map((row) => row.client_id).sort()).toEqual([...odd].sort());
    expect((await post({ items })).json<EventBatchBody>().created).toBe(0);

    const refused = await post({
      items: [sprint('tab\there', athletes[0]!), sprint('é', athletes[0]!)],
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['items.0.clientId', 'items.1.clientId']);
  });

  it('refuses an empty batch', async () => {
    const response = await post({ items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { items: ['must NOT have fewer than 1 items'] } });
  });

  it('answers 409 when a clientId was stored with other content, and stores nothing of the batch', async () => {
    const original = sprint('reused', athletes[0]!);
    await post(original);
    const before = await countRows(app, account);
    const items = [sprint('reused-new', athletes[1]!), { ...original, timeMs: 4900, splits: [] }];
    const response = await post({ items });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('items.1.clientId "reused"');
    expect(await countRows(app, account)).toEqual(before);
    // The single form too.
    const single = await post({ ...original, laneId: 4 });
    expect(single.statusCode).toBe(409);
  });

  it('stores a clientId repeated in one batch once when the content is the same; refuses it otherwise', async () => {
    const row = sprint('in-batch', athletes[0]!);
    const same = await post({ items: [row, sprint('in-batch-2', athletes[1]!), row] });
    expect(same.statusCode).toBe(201);
    const body = same.json<EventBatchBody>();
    expect(body.created).toBe(2);
    expect(body.items[2]!.id).toBe(body.items[0]!.id);

    const other = await post({
      items: [
        sprint('in-batch-3', athletes[0]!),
        { ...sprint('in-batch-3', athletes[0]!), laneId: 3 },
      ],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      errors: { 'items.1.clientId': ['repeats items.0.clientId with other content'] },
    });
  });

  it('stores two identical batches sent at the same moment once, and answers both with the same ids', async () => {
    const items = sprints('race', athletes, 300);
    const before = await countRows(app, account);
    const answers = await Promise.all([post({ items }), post({ items }), post({ items })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const bodies = answers.map((a) => a.json<EventBatchBody>());
    expect(bodies.map((b) => b.created).sort((x, y) => x - y)).toEqual([0, 0, 300]);
    expect(bodies[1]!.items).toEqual(bodies[0]!.items);
    expect(bodies[2]!.items).toEqual(bodies[0]!.items);
    const after = await countRows(app, account);
    expect(after.results - before.results).toBe(300);
    expect(after.splits - before.splits).toBe(900);
    const { rows } = await sql<{ n: number }>`
      select count(*)::integer as n from (select client_id from results where account_id = ${account}
      group by client_id having count(*) > 1) t`.execute(app.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('stores overlapping batches sent at the same moment without duplicates', async () => {
    const all = sprints('overlap', athletes, 200);
    const before = await countRows(app, account);
    const answers = await Promise.all([
      post({ items: all.slice(0, 120) }),
      post({ items: all.slice(80, 200) }),
      post({ items: [...all.slice(50, 150)].reverse() }),
    ]);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    const created = answers.reduce((sum, a) => sum + a.json<EventBatchBody>().created, 0);
    expect(created).toBe(200);
    expect((await countRows(app, account)).results - before.results).toBe(200);
  });

  it('refuses a body too large to be a batch with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/event',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"items":[${'"x",'.repeat(5_000_000)}"x"]}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('needs a sign-in or an API key', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/event',
      payload: sprint('anon', 1),
    });
    expect(response.statusCode).toBe(401);
  });
});
