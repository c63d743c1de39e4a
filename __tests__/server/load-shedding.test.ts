import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../server/app';
import { buildTestApp } from './helpers/build-test-app';
import { addAthletes, coach, countRows, sprints } from './event/fixtures';

const embedded = !process.env.DATABASE_URL;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
  /** When the answer was complete (performance.now()). */
  at: number;
}

/** One request over a real socket; `fresh`: on a new connection, as a load balancer's. */
function send(
  port: number,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string },
  fresh = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: fresh ? false : undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            body: Buffer.concat(chunks).toString('utf8'),
            at: performance.now(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * The embedded database under more load than it can take (decision 016): a few
 * requests work, a bounded queue waits, the rest are answered 503 with Retry-After at
 * once; the health check still answers; what was acknowledged is stored and what was
 * shed is not. PostgreSQL has no gate: every batch is stored.
 */
describe('load shedding in front of the database', () => {
  let app: App;
  let port: number;
  let headers: Record<string, string>;
  let account: string;
  let athletes: number[];
  beforeAll(async () => {
    app = await buildTestApp({ admission: { maxActive: 1, maxQueued: 2, maxWaitMs: 60_000 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    ({ headers, id: account } = await coach(app, 'load@example.com'));
    athletes = await addAthletes(app, account, 50);
  });
  afterAll(() => app.close());

  /** Ten batches of 600 results at once, and a fresh health check once they are sent. */
  async function overload() {
    const batches = Array.from({ length: 10 }, (_, b) =>
      JSON.stringify({ items: sprints(`load-${b}`, athletes, 600) }),
    );
    const sent = performance.now();
    const posts = batches.map((body) =>
      send(port, {
        method: 'POST',
        path: '/api/event',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      }),
    );
    const health = send(port, { path: '/api/health' }, true);
    return { sent, answers: await Promise.all(posts), health: await health };
  }

  (embedded ? it : it.skip)(
    'answers the excess 503 with Retry-After before the admitted work is done, and loses nothing acknowledged',
    async () => {
      const { answers, health } = await overload();
      const stored = answers.filter((a) => a.status === 201);
      const shed = answers.filter((a) => a.status === 503);
      // One works and two wait their turn; the others are turned away (a request that
      // arrives after the first batch is done may find a place).
      expect(stored.length + shed.length).toBe(10);
      expect(shed.length).toBeGreaterThanOrEqual(5);
      for (const answer of shed) {
        expect(answer.retryAfter).toBe('1');
        expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      }
      // Shed at once, not after queueing behind the batches that were let in.
      const lastStored = Math.max(...stored.map((a) => a.at));
      expect(Math.max(...shed.map((a) => a.at))).toBeLessThan(lastStored);
      expect(health.status).toBe(200);
      // Exactly the acknowledged batches are stored: nothing lost, nothing half-written.
      expect(await countRows(app, account)).toEqual({
        results: stored.length * 600,
        splits: stored.length * 600 * 3,
      });
    },
  );

  (embedded ? it : it.skip)(
    'answers 503 to a request that waited in the queue longer than allowed',
    async () => {
      const impatient = await buildTestApp({
        admission: { maxActive: 1, maxQueued: 10, maxWaitMs: 1 },
      });
      try {
        await impatient.listen({ port: 0, host: '127.0.0.1' });
        const own = (impatient.server.address() as AddressInfo).port;
        const signedIn = await coach(impatient, 'impatient@example.com');
        const ids = await addAthletes(impatient, signedIn.id, 10);
        const answers = await Promise.all(
          [0, 1, 2].map((b) =>
            send(own, {
              method: 'POST',
              path: '/api/event',
              headers: { ...signedIn.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ items: sprints(`wait-${b}`, ids, 600) }),
            }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([201, 503, 503]);
        expect((await countRows(impatient, signedIn.id)).results).toBe(600);
      } finally {
        await impatient.close();
      }
    },
  );

  (embedded ? it.skip : it)('does not gate PostgreSQL, which has a pool of its own', async () => {
    const { answers, health } = await overload();
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(health.status).toBe(200);
    expect((await countRows(app, account)).results).toBe(10 * 600);
  });
});
