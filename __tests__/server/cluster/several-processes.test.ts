import type { EventBatchBody } from '../../../contract/event';
import type { App } from '../../../server/app';
import { addAthletes, coach, sprints } from '../event/fixtures';
import { buildTestApp, testDatabase, type Store } from '../helpers/build-test-app';
import { Browser, hiddenField, pkce } from '../identity/browser';
import { freePort } from '../identity/identity-app';
import { eventually, startReceiver, subscribe, type Receiver } from '../webhook/receiver';

/**
 * Several server processes on one PostgreSQL database, as behind a proxy (decision 040):
 * two instances of the app on one schema and one DATA_DIR, with one PUBLIC_URL, each with
 * its own pool, live listener and webhook worker, as two processes have. What one
 * process does, the other must see: a live notice, the sign-in throttle, a sign-in
 * session, the signing keys; and the two workers deliver each webhook message once.
 * PostgreSQL only (`npm run test:pg`): the embedded database is one process's alone.
 * The whole recipe, with nginx and a process killed under load: `npm run bench -- cluster`.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('several processes on one PostgreSQL database', () => {
  let database: Store;
  let origin: string;
  let one: App;
  let two: App;
  let urls: [string, string];

  async function instance(port: number): Promise<App> {
    const app = await buildTestApp({
      database,
      // The proxy's URL for both, as every process behind it must have; clients are
      // told apart by X-Forwarded-For.
      env: { PUBLIC_URL: origin, TRUST_PROXY: 'true' },
      config: { webhookAllowPrivateTargets: true, webhookTimeoutMs: 2_000 },
      webhooks: { retryScheduleMs: [50, 100], pollMs: 20, leaseMs: 5_000 },
      identity: { loginLimits: { firstDelaySeconds: 30 } },
      live: { heartbeatMs: 1_000 },
    });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  }

  beforeAll(async () => {
    database = await testDatabase();
    const ports = [await freePort(), await freePort()];
    origin = `http://127.0.0.1:${ports[0]}`;
    urls = [origin, `http://127.0.0.1:${ports[1]}`];
    // Started together, as a cluster starts: keys and migrations are made once.
    [one, two] = await Promise.all([instance(ports[0]!), instance(ports[1]!)]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await database?.cleanup();
  });

  it('sends a result stored through one process to a live stream on the other', async () => {
    const ada = await coach(one, 'live@cluster.test');
    const [athlete] = await addAthletes(one, ada.id, 1);
    const controller = new AbortController();
    const stream = await fetch(`${urls[1]}/api/event/stream`, {
      headers: { ...ada.headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const nextResults = async (): Promise<{ resultIds: number[] }> => {
      for (;;) {
        const match = /event: results\ndata: (.*)\n\n/.exec(text);
        if (match) {
          text = text.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as { resultIds: number[] };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    await eventually(async () => two.live.subscriberCount(ada.id) === 1);
    const stored = await one.inject({
      method: 'POST',
      url: '/api/event',
      headers: ada.headers,
      payload: { items: sprints('live', [athlete!], 2) },
    });
    expect(stored.statusCode).toBe(201);
    const ids = stored.json<EventBatchBody>().items.map((item) => Number(item.id));
    const notice = await Promise.race([
      nextResults(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no notice')), 5_000)),
    ]);
    expect(notice.resultIds).toEqual([...ids].sort((a, b) => a - b));
    controller.abort();
  });

  describe('webhooks', () => {
    let receiver: Receiver;
    beforeEach(async () => (receiver = await startReceiver()));
    afterEach(() => receiver.close());

    it('are delivered once each by the two workers together', async () => {
      const mine = await coach(one, 'hooks@cluster.test');
      const athletes = await addAthletes(one, mine.id, 3);
      await subscribe(one, mine.headers, { url: receiver.url, events: ['result.created'] });
      // Written through both processes, in small batches: both workers fan out and claim.
      const total = 40;
      for (let i = 0; i < total / 4; i++) {
        const app = i % 2 === 0 ? one : two;
        const response = await app.inject({
          method: 'POST',
          url: '/api/event',
          headers: mine.headers,
          payload: { items: sprints(`hook-${i}`, athletes, 4, i * 4) },
        });
        expect(response.statusCode).toBe(201);
      }
      await receiver.waitFor(total, 20_000);
      // Time for a second delivery of anything, had a claim not been exclusive.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const messageIds = receiver.received.map((request) => request.headers['webhook-id']);
      expect(messageIds).toHaveLength(total);
      expect(new Set(messageIds).size).toBe(total);
      const deliveries = await one.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'attempts'])
        .execute();
      expect(deliveries).toHaveLength(total);
      expect(deliveries.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    });
  });

  /** A browser of client `ip`, at the sign-in form of a new interaction begun on `at`. */
  async function signInForm(ip: string, at: string) {
    const browser = new Browser(origin);
    const forwarded = { 'x-forwarded-for': ip };
    const { verifier, challenge } = pkce();
    const query = new URLSearchParams({
      client_id: 'splitline-app',
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      response_mode: 'query',
      scope: 'openid profile email offline_access',
      audience: `${origin}/api`,
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const start = await browser.request(`${at}/authorize?${query}`, { headers: forwarded });
    const interaction = start.headers.get('location') ?? '';
    expect(interaction).toMatch(/^\/u\/login\//);
    return { browser, forwarded, verifier, interaction };
  }

  /** Posts the form of `interaction` to process `at`, as the browser would. */
  async function submit(
    form: Awaited<ReturnType<typeof signInForm>>,
    at: string,
    email: string,
    password: string,
  ) {
    const page = await form.browser.request(`${at}${form.interaction}`, {
      headers: form.forwarded,
    });
    const csrf = hiddenField(await page.text(), 'csrf');
    return form.browser.request(`${at}${form.interaction}`, {
      method: 'POST',
      headers: { ...form.forwarded, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, email, password }),
    });
  }

  it('counts failed sign-ins of a client together, whichever process it reaches', async () => {
    await one.inject({
      method: 'POST',
      url: '/dbconnections/signup',
      payload: {
        client_id: 'splitline-app',
        email: 'throttle@cluster.test',
        password: 'Sprint-40yd-4.41s',
      },
    });
    const form = await signInForm('10.36.0.1', urls[0]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await submit(form, urls[i % 2]!, 'throttle@cluster.test', `wrong-${i}-x`);
      statuses.push(response.status);
    }
    // As one process: 5 free failures, then the client waits (on either process).
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await submit(form, urls[1], 'throttle@cluster.test', 'Sprint-40yd-4.41s');
    expect(right.status).toBe(429);
  });

  it('keeps a sign-in going across processes, with tokens either one accepts', async () => {
    const email = 'session@cluster.test';
    const password = 'Sprint-40yd-4.41s';
    await two.inject({
      method: 'POST',
      url: '/dbconnections/signup',
      payload: { client_id: 'splitline-app', email, password },
    });
    // Begun on one, the form on two, posted to one, the redirects followed on two.
    const form = await signInForm('10.36.0.2', urls[0]);
    let response = await submit(form, urls[1], email, password);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
      const next = new URL(response.headers.get('location') ?? '', origin);
      if (next.pathname === '/login') break;
      response = await form.browser.request(`${urls[hops % 2]}${next.pathname}${next.search}`, {
        headers: form.forwarded,
      });
    }
    const code = new URL(response.headers.get('location') ?? '', origin).searchParams.get('code');
    expect(code).toBeTruthy();
    const token = async (at: string, fields: Record<string, string>) => {
      const answer = await fetch(`${at}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ client_id: 'splitline-app', ...fields }),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, string> };
    };
    const first = await token(urls[0], {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: `${origin}/login`,
      code_verifier: form.verifier,
    });
    expect(first.status).toBe(200);
    // The refresh token rotates on the other process; both accept the access tokens.
    const refreshed = await token(urls[1], {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    for (const [at, access] of [
      [urls[1], first.body.access_token],
      [urls[0], refreshed.body.access_token],
    ] as const) {
      const user = await fetch(`${at}/api/user`, {
        headers: { authorization: `Bearer ${access}` },
      });
      expect(user.status).toBe(200);
    }
    // A code is used once, whichever process is asked again; its reuse revokes the
    // grant, so the other process refuses the rotated refresh token too.
    const again = await token(urls[1], {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: `${origin}/login`,
      code_verifier: form.verifier,
    });
    expect(again.status).toBe(400);
    const revoked = await token(urls[0], {
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token!,
    });
    expect(revoked.status).toBe(400);
  });
});
