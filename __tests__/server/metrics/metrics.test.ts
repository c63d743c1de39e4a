import type { App } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { buildTestApp } from '../helpers/build-test-app';
import { signUp } from '../user/accounts';

const TOKEN = 'scrape-0123456789abcdef';
/** A scrape with the token, another one, or (null) none. */
const scrape = (app: App, token: string | null = TOKEN) =>
  app.inject({
    url: '/metrics',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });

/** The value of one sample line of the text format, e.g. `name{label="x"} 3`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics when not configured (the default)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is not there', async () => {
    expect((await scrape(app)).statusCode).toBe(404);
    expect((await scrape(app, null)).statusCode).toBe(404);
  });
});

const embedded = !process.env.DATABASE_URL;

describe('/metrics with METRICS_ENABLED', () => {
  it('is open without a token when enabled alone (private networks)', async () => {
    const app = await buildTestApp({ env: { METRICS_ENABLED: 'true' } });
    try {
      const response = await scrape(app, null);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('splitline_live_stream_clients 0');
    } finally {
      await app.close();
    }
  });

  it('refuses a guessable token at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN');
  });

  it('stays off when METRICS_ENABLED=false, even with a token', async () => {
    const app = await buildTestApp({ env: { METRICS_ENABLED: 'false', METRICS_TOKEN: TOKEN } });
    try {
      expect((await scrape(app)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  (embedded ? it : it.skip)(
    'answers while the admission gate sheds every API request, and counts the sheds',
    async () => {
      const app = await buildTestApp({
        env: { METRICS_ENABLED: 'on' },
        admission: { maxActive: 0, maxQueued: 0 },
      });
      try {
        expect((await app.inject('/api/user')).statusCode).toBe(503);
        const response = await scrape(app, null);
        expect(response.statusCode).toBe(200);
        expect(sample(response.body, 'splitline_admission_refused')).toBe(1);
      } finally {
        await app.close();
      }
    },
  );
});

describe('/metrics with METRICS_TOKEN', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, live: { heartbeatMs: 60_000 } });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers 401 without the token or with a wrong one', async () => {
    for (const token of [null, 'wrong-token-0123456789', `${TOKEN}x`, '']) {
      const response = await scrape(app, token);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('http_request');
    }
  });

  it('times requests per route pattern, never the raw URL', async () => {
    const coach = await signUp(app, 'metrics@example.com');
    await app.inject({ url: '/api/user', headers: coach.headers });
    await app.inject({ url: '/api/athlete/123456', headers: coach.headers });
    const response = await scrape(app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/user",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/user",status_code="200"\}/,
    );
    expect(text).toContain('route="/api/athlete/:id"');
    expect(text).not.toContain('123456');
    // Node's own figures come along.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('reports the database pool and the admission gate', async () => {
    const text = (await scrape(app)).body;
    expect(sample(text, 'splitline_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'splitline_db_pool_connections{state="waiting"}')).toBe(0);
    expect(text).toContain('splitline_admission_requests{state="queued"} 0');
  });

  it('counts live-stream clients as they come and go', async () => {
    const coach = await signUp(app, 'metrics-live@example.com');
    const clients = async () => sample((await scrape(app)).body, 'splitline_live_stream_clients');
    expect(await clients()).toBe(0);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const stream = await fetch(`${address}/api/event/stream`, {
      headers: coach.headers,
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    await until(async () => (await clients()) === 1);
    abort.abort();
    await until(async () => (await clients()) === 0);
  });

  it('shows the webhook queue: a test delivery waiting while the worker is off', async () => {
    const other = await buildTestApp({
      env: { METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      webhooks: { enabled: false },
    });
    try {
      const coach = await signUp(other, 'metrics-webhook@example.com');
      const deliveries = async (status: string) =>
        sample((await scrape(other)).body, `splitline_webhook_deliveries{status="${status}"}`);
      expect(await deliveries('due')).toBe(0);
      expect(sample((await scrape(other)).body, 'splitline_webhook_disabled_subscriptions')).toBe(
        0,
      );
      const created = await other.inject({
        method: 'POST',
        url: '/api/integration/webhook',
        headers: coach.headers,
        payload: { url: 'http://127.0.0.1:9/hook', events: ['result.created'] },
      });
      expect(created.statusCode).toBe(201);
      const test = await other.inject({
        method: 'POST',
        url: `/api/integration/webhook/${created.json<{ id: number }>().id}/test`,
        headers: coach.headers,
      });
      expect(test.statusCode).toBe(202);
      expect(await deliveries('due')).toBe(1);
      expect(await deliveries('failed')).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('reads figures that other domains add', async () => {
    // Added before start, as a domain's plugin does; here on a second app.
    const other = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      other.metricsSources.add({
        name: 'splitline_test_figure',
        help: 'A figure of a test.',
        labelNames: ['kind'],
        read: async () => [{ labels: { kind: 'a' }, value: 3 }],
      });
      await other.ready();
      const text = (await scrape(other)).body;
      expect(sample(text, 'splitline_test_figure{kind="a"}')).toBe(3);
    } finally {
      await other.close();
    }
  });
});

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
