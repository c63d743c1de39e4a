import 'fake-indexeddb/auto';
import type { EventInput } from '../../../../contract/event';
import {
  closeQueueDatabase,
  entryQueue,
  ownerKey,
  QUEUE_DB_NAME,
} from '../../../../src/lib/offline/entryQueue';
import {
  backoffMs,
  flushQueue,
  nextDueAt,
  type PostAnswer,
  type PostBatch,
} from '../../../../src/lib/offline/flushQueue';

const item = (clientId: string, timeMs = 4620): EventInput => ({
  clientId,
  athleteId: 7,
  eventTypeId: 1,
  recordedAt: '2026-11-28T10:00:00Z',
  distanceMm: 36576,
  timeMs,
  source: 'manual',
  program: 'manualentry',
  timingMethod: 'hand',
});
const label = { athleteName: 'Ada Okafor', eventName: '40 yd', value: '4.62 s' };

const stored = (items: EventInput[], created = items.length): PostAnswer => ({
  status: created > 0 ? 201 : 200,
  body: {
    items: items.map((one, index) => ({
      id: index + 1,
      clientId: one.clientId,
      implausible: false,
    })),
    created,
  },
});

/** A fake server: answers from the list given, one per call, and records what was sent. */
function server(...answers: Array<PostAnswer | ((items: EventInput[]) => PostAnswer)>) {
  const calls: string[][] = [];
  const post: PostBatch = async (items) => {
    calls.push(items.map((one) => one.clientId));
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return typeof next === 'function' ? next(items) : next;
  };
  return { post, calls };
}

beforeEach(async () => {
  await closeQueueDatabase();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

const owner = ownerKey('auth0|ada', 'account-1');

describe('the offline entry queue', () => {
  it('keeps rows in the order saved, per user and account, and sends them in that order', async () => {
    const queue = entryQueue(owner);
    await queue.add([{ item: item('b'), label }], 1000);
    await queue.add([{ item: item('a'), label }], 1000);
    await queue.add([{ item: item('c'), label }], 2000);
    await entryQueue(ownerKey('auth0|ada', 'account-2')).add([{ item: item('x'), label }]);
    await entryQueue(ownerKey('auth0|bo', 'account-1')).add([{ item: item('y'), label }]);

    expect((await queue.list()).map((row) => row.clientId)).toEqual(['b', 'a', 'c']);
    const { post, calls } = server(stored);
    const outcome = await flushQueue(queue, post, () => 5000);

    expect(calls).toEqual([['b', 'a', 'c']]);
    expect(outcome).toEqual({ sent: 3, refused: 0, failed: false });
    expect((await queue.list()).map((row) => [row.clientId, row.state, row.serverId])).toEqual([
      ['b', 'sent', 1],
      ['a', 'sent', 2],
      ['c', 'sent', 3],
    ]);
    // The other user's and the other account's rows were neither listed nor sent.
    expect((await entryQueue(ownerKey('auth0|bo', 'account-1')).list())[0]!.state).toBe('waiting');
  });

  it('keeps a client id queued once, and the first content', async () => {
    const queue = entryQueue(owner);
    await queue.add([{ item: item('a', 4620), label }]);
    await queue.add([{ item: item('a', 4999), label }]);
    const rows = await queue.list();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.item.timeMs).toBe(4620);
  });

  it('waits longer after each failure, and sends once the server is back', async () => {
    const queue = entryQueue(owner);
    await queue.add(
      [
        { item: item('a'), label },
        { item: item('b'), label },
      ],
      0,
    );
    let clock = 0;
    const { post, calls } = server(
      { status: 'network' },
      { status: 503, message: 'The database is unavailable' },
      stored,
    );

    expect(await flushQueue(queue, post, () => clock)).toEqual({
      sent: 0,
      refused: 0,
      failed: true,
    });
    let rows = await queue.list();
    expect(rows.map((row) => [row.state, row.attempts, row.nextAttemptAt])).toEqual([
      ['waiting', 1, backoffMs(1)],
      ['waiting', 1, backoffMs(1)],
    ]);

    // Not due yet: nothing is sent.
    clock = backoffMs(1) - 1;
    await flushQueue(queue, post, () => clock);
    expect(calls).toHaveLength(1);

    clock = backoffMs(1);
    await flushQueue(queue, post, () => clock);
    rows = await queue.list();
    expect(rows.map((row) => row.attempts)).toEqual([2, 2]);
    expect(nextDueAt(rows)).toBe(clock + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
    expect(backoffMs(30)).toBe(60_000);

    clock += backoffMs(2);
    expect(await flushQueue(queue, post, () => clock)).toEqual({
      sent: 2,
      refused: 0,
      failed: false,
    });
    expect(calls).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(nextDueAt(await queue.list())).toBeNull();
  });

  it('refuses the row a 400 names with the reason, and sends the rest', async () => {
    const queue = entryQueue(owner);
    await queue.add(['a', 'b', 'c'].map((id) => ({ item: item(id), label })));
    const { post, calls } = server(
      { status: 400, fields: { 'items.1.timeMs': ['must be at most 3600000'] } },
      stored,
    );

    expect(await flushQueue(queue, post)).toEqual({ sent: 2, refused: 1, failed: false });
    expect(calls).toEqual([
      ['a', 'b', 'c'],
      ['a', 'c'],
    ]);
    const rows = await queue.list();
    expect(rows.map((row) => row.state)).toEqual(['sent', 'refused', 'sent']);
    expect(rows[1]).toMatchObject({
      reason: 'timeMs: must be at most 3600000',
      fields: { timeMs: ['must be at most 3600000'] },
    });
  });

  it('keeps aside, with the reason, only the rows a 403 refuses (one row at a time)', async () => {
    const queue = entryQueue(owner);
    await queue.add(['a', 'b'].map((id) => ({ item: item(id), label })));
    const outside = 'Athlete 7 is not on your rosters.';
    const { post, calls } = server(
      { status: 403, message: outside },
      { status: 403, message: outside },
      stored,
    );

    expect(await flushQueue(queue, post)).toEqual({ sent: 1, refused: 1, failed: false });
    expect(calls).toEqual([['a', 'b'], ['a'], ['b']]);
    const rows = await queue.list();
    expect(rows.map((row) => row.state)).toEqual(['refused', 'sent']);
    expect(rows[0]).toMatchObject({ reason: outside });
  });

  it('counts a duplicate answer and a 409 for a stored client id as sent', async () => {
    const queue = entryQueue(owner);
    await queue.add(['a', 'b', 'c'].map((id) => ({ item: item(id), label })));
    const reused =
      '1 result(s) reuse a clientId already stored with other content (items.1.clientId "b"). Nothing was stored.';
    const { post, calls } = server(
      { status: 409, message: reused },
      (items) => stored(items, 0), // 200: every row was stored before (a lost answer)
    );

    expect(await flushQueue(queue, post)).toEqual({ sent: 3, refused: 0, failed: false });
    expect(calls).toEqual([
      ['a', 'b', 'c'],
      ['a', 'c'],
    ]);
    expect((await queue.list()).map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends one row at a time when a 409 does not say which row', async () => {
    const queue = entryQueue(owner);
    await queue.add(['a', 'b'].map((id) => ({ item: item(id), label })));
    const reused = '7 result(s) reuse a clientId already stored with other content (...)';
    const { post, calls } = server(
      { status: 409, message: reused },
      { status: 409, message: reused },
      stored,
    );

    expect(await flushQueue(queue, post)).toEqual({ sent: 2, refused: 0, failed: false });
    expect(calls).toEqual([['a', 'b'], ['a'], ['b']]);
  });

  it('retries a 409 that asks to send again, like a failure', async () => {
    const queue = entryQueue(owner);
    await queue.add([{ item: item('a'), label }], 0);
    const { post } = server({
      status: 409,
      message: 'Another request was storing these results; send them again.',
    });
    expect(await flushQueue(queue, post, () => 0)).toEqual({ sent: 0, refused: 0, failed: true });
    expect((await queue.list())[0]).toMatchObject({ state: 'waiting', attempts: 1 });
  });
});
