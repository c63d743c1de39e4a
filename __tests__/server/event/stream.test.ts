import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp, type App } from '../../../server/app';
import { listenerName, type FeedEvent, type ResultsSummary } from '../../../server/live/feed';
import { buildTestApp } from '../helpers/build-test-app';
import { mintAccessToken } from '../identity/mint-token';
import { accountId, signUp } from '../user/accounts';

/**
 * GET /api/event/stream over real HTTP (a listening server on a loopback port, read
 * with fetch as the app reads it), on the embedded database and, with DATABASE_URL, on
 * PostgreSQL, where two server instances on one database must hear each other.
 */

interface Frame {
  event?: string;
  data?: unknown;
}

/** Reads text/event-stream frames as they come; comment lines are counted. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let comments = 0;
  let done = false;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            else if (line.startsWith('event: ')) frame.event = line.slice(7);
            else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
          }
          if (frame.event) frames.push(frame);
          wake();
        }
      }
    } catch {
      // aborted
    } finally {
      done = true;
      wake();
    }
  })();
  return {
    response,
    ended,
    comments: () => comments,
    isDone: () => done,
    /** The next event, or a rejection after `ms`. */
    async next(ms = 3000): Promise<Frame> {
      const deadline = Date.now() + ms;
      while (frames.length === 0) {
        if (done) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return frames.shift()!;
    },
    pending: () => frames.length,
    close: () => controller.abort(),
  };
}
type Stream = Awaited<ReturnType<typeof openStream>>;

async function until(condition: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What a writer publishes: each result as [id, eventTypeId] (athlete 1; the stream of every athlete). */
const stored = (...results: [id: number | string, eventTypeId: number][]): ResultsSummary => ({
  results: results.map(([id, eventTypeId]) => ({ id, eventTypeId, athleteId: 1 })),
});

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/api/event/stream`;
}

describe('GET /api/event/stream', () => {
  let app: App;
  let url: string;
  const streams: Stream[] = [];
  beforeAll(async () => {
    app = await buildTestApp({ live: { heartbeatMs: 100, listenerCheckMs: 200 } });
    url = await listen(app);
  });
  afterEach(() => streams.splice(0).forEach((s) => s.close()));
  afterAll(() => app.close());

  let coaches = 0;
  async function coach() {
    const { headers, sub } = await signUp(app, `live${++coaches}@stream.test`);
    return { headers, sub, id: await accountId(app, headers) };
  }
  async function stream(headers: Record<string, string>, at = url): Promise<Stream> {
    const s = await openStream(at, headers);
    streams.push(s);
    return s;
  }

  it('refuses a request without a valid access token, and a token in the query', async () => {
    const { sub } = await coach();
    expect((await fetch(url)).status).toBe(401);
    const expired = await mintAccessToken(app, { sub, expiresIn: -120 });
    expect((await fetch(url, { headers: { authorization: `Bearer ${expired}` } })).status).toBe(
      401,
    );
    const valid = await mintAccessToken(app, { sub });
    const inQuery = await fetch(`${url}?access_token=${valid}`);
    expect(inQuery.status).toBe(401);
    expect(await inQuery.json()).toEqual({
      message: 'Sign in first: this call needs an access token.',
    });
  });

  it("sends the account's new results as they are published, to that account only", async () => {
    const ada = await coach();
    const ben = await coach();
    const adas = await stream(ada.headers);
    const bens = await stream(ben.headers);
    expect(adas.response.status).toBe(200);
    expect(adas.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(adas.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(adas.response.headers.get('x-request-id')).toBeTruthy();
    await until(
      () => app.live.subscriberCount(ada.id) === 1 && app.live.subscriberCount(ben.id) === 1,
    );

    await app.live.publishResults(ada.id, stored(['12', 5], [3, 1], [3, 1]));
    expect(await adas.next()).toEqual({
      event: 'results',
      data: { count: 2, eventTypeIds: [1, 5], resultIds: [3, 12] },
    });
    await app.live.publishResults(ben.id, stored([7, 1]));
    // Ben's first event is his own: Ada's never reached him.
    expect(await bens.next()).toEqual({
      event: 'results',
      data: { count: 1, eventTypeIds: [1], resultIds: [7] },
    });
    expect(adas.pending()).toBe(0);
    // Nothing to tell: nothing is sent.
    await app.live.publishResults(ada.id, stored());
    await app.live.publishResults(ada.id, stored([21, 2]));
    expect((await adas.next()).data).toEqual({ count: 1, eventTypeIds: [2], resultIds: [21] });
  });

  it('sends at most 100 result ids, and the count of all', async () => {
    const ada = await coach();
    const adas = await stream(ada.headers);
    await until(() => app.live.subscriberCount(ada.id) === 1);
    const ids = Array.from({ length: 250 }, (_, i) => 1000 + i);
    await app.live.publishResults(ada.id, stored(...ids.map((id): [number, number] => [id, 1])));
    const { data } = (await adas.next()) as { data: { count: number; resultIds: number[] } };
    expect(data.count).toBe(250);
    expect(data.resultIds).toEqual(ids.slice(0, 100));
  });

  it('keeps an idle stream alive with comment lines', async () => {
    const ada = await coach();
    const adas = await stream(ada.headers);
    await until(() => adas.comments() >= 3, 2000);
  });

  it('ends the stream when its access token expires, saying so first', async () => {
    const ada = await coach();
    const token = await mintAccessToken(app, { sub: ada.sub, expiresIn: 2 });
    const started = Date.now();
    const adas = await stream({ authorization: `Bearer ${token}` });
    expect(await adas.next(5000)).toEqual({ event: 'expired', data: {} });
    await adas.ended;
    expect(Date.now() - started).toBeLessThan(4000);
    expect(app.live.subscriberCount(ada.id)).toBe(0);
  });

  it('lets go of a client that goes away', async () => {
    const ada = await coach();
    const first = await stream(ada.headers);
    await stream(ada.headers);
    await until(() => app.live.subscriberCount(ada.id) === 2);
    first.close();
    await until(() => app.live.subscriberCount(ada.id) === 1);
  });

  it('ends its open streams when the server shuts down', async () => {
    const other = await buildTestApp({ live: { heartbeatMs: 100 } });
    const at = await listen(other);
    const { headers } = await signUp(other, 'closing@stream.test');
    const s = await openStream(at, headers);
    await until(() => s.comments() >= 1);
    await other.close();
    await s.ended;
    expect(s.isDone()).toBe(true);
  });

  const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
  onPostgres('on PostgreSQL', () => {
    let second: App;
    let secondUrl: string;
    beforeAll(async () => {
      // Another server process's view: the same database and schema, its own listener.
      second = buildApp({
        config: app.config,
        logger: false,
        live: { heartbeatMs: 100, listenerCheckMs: 200 },
      });
      secondUrl = await listen(second);
    });
    afterAll(() => second.close());

    it('reaches the streams of every server instance on the database', async () => {
      const ada = await coach();
      const onSecond = await stream(ada.headers, secondUrl);
      const onFirst = await stream(ada.headers);
      await until(
        () => second.live.subscriberCount(ada.id) === 1 && app.live.subscriberCount(ada.id) === 1,
      );
      await app.live.publishResults(ada.id, stored([1, 1]));
      expect((await onSecond.next()).data).toEqual({ count: 1, eventTypeIds: [1], resultIds: [1] });
      expect((await onFirst.next()).data).toEqual({ count: 1, eventTypeIds: [1], resultIds: [1] });
      await second.live.publishResults(ada.id, stored([2, 3]));
      expect((await onFirst.next()).data).toEqual({ count: 1, eventTypeIds: [3], resultIds: [2] });
      expect((await onSecond.next()).data).toEqual({ count: 1, eventTypeIds: [3], resultIds: [2] });
    });

    it('carries a commit too large for one notice in parts, delivered once whole', async () => {
      const ada = await coach();
      const onSecond = await stream(ada.headers, secondUrl);
      await until(() => second.live.subscriberCount(ada.id) === 1);
      const heard: FeedEvent[] = [];
      const unsubscribe = second.live.subscribe(ada.id, (event) => heard.push(event));
      try {
        // 5,000 results of 5,000 athletes: well over PostgreSQL's 8,000 bytes a notice.
        const big = Array.from({ length: 5000 }, (_, i) => ({
          id: 1_000_000 + i,
          eventTypeId: 1 + (i % 3),
          athleteId: 2_000_000 + i,
        }));
        await app.live.publishResults(ada.id, { results: big });
        const { data } = (await onSecond.next(5000)) as { data: { count: number } };
        expect(data).toMatchObject({ count: 5000, eventTypeIds: [1, 2, 3] });
        await until(() => heard.length === 1);
        expect(heard[0]).toMatchObject({ type: 'results', results: big });
        expect(onSecond.pending()).toBe(0);
      } finally {
        unsubscribe();
      }
    });

    it('listens again after losing its connection, and tells its streams to resync', async () => {
      const ada = await coach();
      const onSecond = await stream(ada.headers, secondUrl);
      await until(() => second.live.subscriberCount(ada.id) === 1);
      // Kill the listening connections of this schema's channel (both instances').
      const { rows: schema } = await sql<{ name: string }>`select current_schema() as name`.execute(
        app.db,
      );
      const { rows } = await sql<{ killed: boolean }>`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where application_name = ${listenerName(`splitline_results:${schema[0]!.name}`)}`.execute(
        app.db,
      );
      expect(rows).toEqual([{ killed: true }, { killed: true }]);
      expect(await onSecond.next(5000)).toEqual({ event: 'resync', data: {} });
      await app.live.publishResults(ada.id, stored([9, 1]));
      expect((await onSecond.next(5000)).data).toEqual({
        count: 1,
        eventTypeIds: [1],
        resultIds: [9],
      });
    });
  });
});
