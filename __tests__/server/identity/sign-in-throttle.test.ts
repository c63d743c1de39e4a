import { sql } from 'kysely';
import type { App } from '../../../server/app';
import { createLoginThrottle } from '../../../server/identity/login-throttle';
import { buildTestApp } from '../helpers/build-test-app';
import { Browser, hiddenField } from './browser';
import { buildIdentityApp } from './identity-app';

const password = 'Sprint-40yd-4.41s';
const WRONG = 'Wrong e-mail address or password.';

/**
 * The sign-in throttle against what an attacker does: parallel guesses, guesses at one
 * coach's address to lock them out, guesses across many addresses (decision 018). Each
 * client is an X-Forwarded-For address, which the server believes with TRUST_PROXY.
 */
describe('sign-in throttle', () => {
  let app: App;
  let origin: string;

  beforeAll(async () => {
    ({ app, origin } = await buildIdentityApp({
      listen: true,
      env: { TRUST_PROXY: 'true' },
      // Short waits, so that a test can sit one out; the default free count.
      options: { loginLimits: { firstDelaySeconds: 2, maxDelaySeconds: 4, perIpAddresses: 8 } },
    }));
    for (const email of ['target@example.com', 'owner@example.com', 'slots@example.com'])
      await app.inject({
        method: 'POST',
        url: '/dbconnections/signup',
        payload: { client_id: 'splitline-app', email, password },
        remoteAddress: '10.9.9.9',
      });
  });
  afterAll(() => app.close());

  /** A browser of client `ip` at the sign-in page of a fresh interaction. */
  async function client(ip: string) {
    const browser = new Browser(origin);
    const forwarded = { 'x-forwarded-for': ip };
    const query = new URLSearchParams({
      client_id: 'splitline-app',
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 's',
    });
    const start = await browser.request(`/authorize?${query}`, { headers: forwarded });
    const interaction = start.headers.get('location') ?? '';
    const html = await (await browser.request(interaction, { headers: forwarded })).text();
    const csrf = hiddenField(html, 'csrf');
    return async (email: string, pw: string) => {
      const response = await browser.request(interaction, {
        method: 'POST',
        headers: { ...forwarded, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, email, password: pw }),
      });
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        text: await response.text(),
      };
    };
  }

  it('checks at most 5 of 20 wrong passwords sent at once', async () => {
    const signIn = await client('10.0.0.1');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn('target@example.com', `guess-number-${i}`)),
    );
    const checked = answers.filter((answer) => answer.status === 400);
    expect(checked.length).toBeLessThanOrEqual(5);
    for (const answer of checked) expect(answer.text).toContain(WRONG);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBe(20 - checked.length);
    expect(refused[0]?.text).toMatch(/Wait \d+ seconds? and try again, or reset your password/);
  });

  it('admits 5 of 20 parallel attempts: the count and its check are one statement', async () => {
    // The unit under the page, on the real database: with a pool (PostgreSQL) the 20
    // statements do run side by side.
    const throttle = createLoginThrottle(app.db, { firstDelaySeconds: 60 });
    const admissions = await Promise.all(
      Array.from({ length: 20 }, () => throttle.admit('parallel@example.com', '10.0.0.9')),
    );
    expect(admissions.filter((admission) => admission.ok)).toHaveLength(5);
    const refused = admissions.find((admission) => !admission.ok);
    expect(refused).toMatchObject({ scope: 'address', retryAfterSeconds: 60 });
  });

  it('lets a free attempt through even when a parallel one stamped a later time', async () => {
    // What a parallel attempt whose transaction started a moment later leaves: count 1,
    // its wait of 0 seconds ending at its own (later) now(). An attempt that started
    // earlier reads that end as still ahead; being free, it must go ahead all the same.
    await sql`insert into identity_store (model, id, payload, expires_at)
      values ('LoginThrottle', 'pair:skew@example.com|10.0.0.8',
        jsonb_build_object('count', 1, 'until', extract(epoch from now())::float8 + 0.5),
        now() + interval '1 day')`.execute(app.db);
    const throttle = createLoginThrottle(app.db, { firstDelaySeconds: 60 });
    expect(await throttle.admit('skew@example.com', '10.0.0.8')).toMatchObject({ ok: true });
  });

  it('makes that client wait longer after each failure, without locking the coach out', async () => {
    const attacker = await client('10.0.0.2');
    for (let i = 0; i < 5; i += 1)
      expect((await attacker('owner@example.com', `guess-${i}`)).status).toBe(400);
    const first = await attacker('owner@example.com', password); // even the right one waits
    expect(first.status).toBe(429);
    expect(Number(first.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(first.retryAfter)).toBeLessThanOrEqual(2);
    expect(first.text).toMatch(/Wait [12] seconds? and try again/);

    // The coach, elsewhere, signs in at once.
    expect((await (await client('10.0.0.3'))('owner@example.com', password)).status).toBe(303);

    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await attacker('owner@example.com', 'guess-5')).status).toBe(400);
    const second = await attacker('owner@example.com', 'guess-6'); // the wait has doubled
    expect(second.status).toBe(429);
    expect(Number(second.retryAfter)).toBeGreaterThan(2);
    expect(Number(second.retryAfter)).toBeLessThanOrEqual(4);
  });

  it('lets one client fail at only so many different addresses, but not block its own user', async () => {
    // Someone mistyping their own password ten times does not block the network...
    const office = await client('10.0.1.1');
    let refusedAtOwnAddress = 0;
    for (let i = 0; i < 10; i += 1)
      if ((await office('slots@example.com', `typo-${i}`)).status === 429) refusedAtOwnAddress += 1;
    expect(refusedAtOwnAddress).toBeGreaterThan(0); // the address's own wait, not the network's

    // ...and addresses signed in to successfully give their slot back.
    const sprayer = await client('10.0.1.2');
    expect((await sprayer('target@example.com', password)).status).toBe(303);
    for (let i = 0; i < 8; i += 1)
      expect((await sprayer(`nobody-${i}@example.com`, 'guess')).status).toBe(400);
    const blocked = await sprayer('nobody-8@example.com', 'guess');
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain('Too many failed sign-in attempts from your network');
    expect(Number(blocked.retryAfter)).toBeGreaterThan(14 * 60);
    // Unknown and known addresses alike: a refusal tells nothing about accounts.
    expect((await sprayer('owner@example.com', password)).status).toBe(429);
    expect((await (await client('10.0.1.3'))('nobody-8@example.com', 'guess')).status).toBe(400);
  });
});

describe('TRUST_PROXY', () => {
  async function ipSeen(env: Record<string, string>): Promise<string> {
    const app = await buildTestApp({ env });
    app.get('/test/ip', async (request) => ({ ip: request.ip }));
    try {
      const response = await app.inject({
        url: '/test/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      return response.json<{ ip: string }>().ip;
    } finally {
      await app.close();
    }
  }

  it("is off by default, so a client cannot pick its address; on, the proxy's header names it", async () => {
    expect(await ipSeen({})).toBe('127.0.0.1');
    expect(await ipSeen({ TRUST_PROXY: '127.0.0.1' })).toBe('203.0.113.7');
  }, 90_000); // two fresh servers, each migrating its own database
});
