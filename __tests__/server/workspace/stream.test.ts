import type { App } from '../../../server/app';
import { newCoach } from '../athlete/helpers';
import { sprint } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';
import { join } from './helpers';

/** Reads an event stream until `pattern` appears in it; fails after `ms`. */
async function readUntil(stream: NodeJS.ReadableStream, pattern: RegExp, ms = 10_000) {
  let text = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in: ${text}`)), ms);
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (pattern.test(text)) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    stream.on('end', () => {
      clearTimeout(timer);
      if (pattern.test(text)) resolve(text);
      else reject(new Error(`stream ended without ${pattern}: ${text}`));
    });
  });
}

interface ResultsFrame {
  count: number;
  eventTypeIds: number[];
  resultIds: number[];
}

/** The `results` events of an event stream, in order; `next()` waits for the next one. */
function resultsOf(stream: NodeJS.ReadableStream) {
  const frames: ResultsFrame[] = [];
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    let cut: number;
    while ((cut = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const data = /^event: results\ndata: (.*)$/m.exec(block)?.[1];
      if (data) frames.push(JSON.parse(data) as ResultsFrame);
    }
  });
  return {
    async next(ms = 5_000): Promise<ResultsFrame> {
      const deadline = Date.now() + ms;
      while (frames.length === 0) {
        if (Date.now() > deadline) throw new Error(`no results event within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return frames.shift()!;
    },
  };
}

/** A removed member's open live stream ends, and opening it again is refused (decision 035). */
describe('the live stream of a member', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ live: { memberCheckMs: 50 } });
    await app.ready();
  }, 120_000);
  afterAll(() => app.close());

  it('ends with `expired` once the member is removed; the next open is a 403', async () => {
    const owner = await newCoach(app);
    const viewer = await join(app, owner, 'viewer');
    const open = () =>
      app.inject({
        url: '/api/event/stream',
        headers: viewer.headers,
        payloadAsStream: true,
      });
    const response = await open();
    expect(response.statusCode).toBe(200);
    const stream = response.stream();
    await readUntil(stream, /: connected/);
    const ended = readUntil(stream, /event: expired/);
    expect((await owner.del(`/api/member/${viewer.userId}`)).statusCode).toBe(204);
    expect(await ended).toMatch(/event: expired/);
    const again = await app.inject({ url: '/api/event/stream', headers: viewer.headers });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toMatch(/not a member of this workspace/);
  });

  it("tells a roster-limited member of their rosters' results only, and follows a new limit", async () => {
    const owner = await newCoach(app, { spots: 10 });
    const mine = await owner.createRoster('Mine');
    const other = await owner.createRoster('Other');
    const athlete = (lastName: string, rosterIds: number[]) =>
      owner.createAthlete({ firstName: 'A', lastName, rosterIds });
    const inMine = await athlete('Mine', [mine.id]);
    const inOther = await athlete('Other', [other.id]);
    const limited = await join(app, owner, 'coach', [mine.id]);
    const open = async (headers: Record<string, string>) => {
      const response = await app.inject({
        url: '/api/event/stream',
        headers,
        payloadAsStream: true,
      });
      expect(response.statusCode).toBe(200);
      const stream = response.stream();
      const results = resultsOf(stream);
      await readUntil(stream, /: connected/);
      return { next: results.next, close: () => stream.destroy() };
    };
    const theirs = await open(limited.headers);
    const everyone = await open(owner.headers);
    let n = 0;
    const post = async (...athleteIds: number[]) => {
      const items = athleteIds.map((id) => sprint(`live-${++n}`, id, {}, n));
      const response = await owner.post('/api/event', { items });
      expect(response.statusCode).toBe(201);
      return response.json<{ items: { id: number }[] }>().items.map((item) => item.id);
    };
    try {
      // Another roster's result reaches the owner only; the first the coach hears is theirs.
      const [otherId] = await post(inOther.id);
      expect((await everyone.next()).resultIds).toEqual([otherId]);
      const [mineId, otherId2] = await post(inMine.id, inOther.id);
      const seen = await theirs.next();
      expect(seen).toEqual({ count: 1, eventTypeIds: [1], resultIds: [mineId] });
      expect((await everyone.next()).resultIds).toEqual([mineId, otherId2]);
      // A correction moving their result to another roster's athlete: they see it go.
      const moved = await owner.put(`/api/event/${mineId}`, {
        ...sprint('ignored', inOther.id),
        clientId: undefined,
      });
      expect(moved.statusCode).toBe(200);
      expect(await theirs.next()).toEqual({ count: 1, eventTypeIds: [1], resultIds: [mineId] });
      // Limited to the other roster now: the stream follows within a member check.
      expect(
        (await owner.put(`/api/member/${limited.userId}`, { role: 'coach', rosterIds: [other.id] }))
          .statusCode,
      ).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await post(inMine.id);
      const [laterOther] = await post(inOther.id);
      expect((await theirs.next()).resultIds).toEqual([laterOther]);
    } finally {
      theirs.close();
      everyone.close();
    }
  });
});
