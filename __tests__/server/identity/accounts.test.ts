import type { App } from '../../../server/app';
import { Browser, hiddenField } from './browser';
import { buildIdentityApp } from './identity-app';
import { readOutbox, waitForOutbox } from './outbox';

/** Sign-up, sign-in, verification and password reset, as a visitor meets them. */
describe('accounts of the embedded provider', () => {
  let app: App;
  let origin: string;
  const password = 'Sprint-40yd-4.41s';

  beforeAll(async () => {
    ({ app, origin } = await buildIdentityApp({ listen: true }));
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const outbox = () => readOutbox(app.config.dataDir);

  /** A browser at the sign-in page of a fresh interaction. */
  async function atSignIn() {
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id: 'splitline-app',
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 's',
    });
    const interaction =
      (await browser.request(`/authorize?${query}`)).headers.get('location') ?? '';
    const html = await (await browser.request(interaction)).text();
    const signIn = (email: string, pw: string) =>
      browser.post(interaction, { csrf: hiddenField(html, 'csrf'), email, password: pw });
    return { browser, interaction, html, signIn };
  }

  it("signs up at /dbconnections/signup with Auth0's answer and mails a working verification link", async () => {
    const response = await post('/dbconnections/signup', {
      client_id: 'splitline-app',
      email: 'New.Coach@example.com',
      password,
      connection: 'Username-Password-Authentication',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.any(String),
      email: 'new.coach@example.com',
      email_verified: false,
    });

    const [mail] = await outbox();
    expect(mail?.text).toContain('To: new.coach@example.com');
    expect(mail?.link.startsWith(`${origin}/u/email-verification?ticket=`)).toBe(true);
    const page = await fetch(mail?.link ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('E-mail verified');
    const row = await app.db
      .selectFrom('identity_credentials')
      .select('email_verified')
      .where('id', '=', body._id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(true);
    expect((await fetch(mail?.link ?? '')).status).toBe(400); // used once
  });

  it("refuses a weak password and a foreign client in Auth0's shapes", async () => {
    const weak = await post('/dbconnections/signup', {
      client_id: 'splitline-app',
      email: 'weak@example.com',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      name: 'PasswordStrengthError',
      code: 'invalid_password',
      description: 'Use at least 10 characters.',
    });
    const foreign = await post('/dbconnections/signup', {
      client_id: 'someone-else',
      email: 'x@example.com',
      password,
    });
    expect(foreign.json()).toMatchObject({ code: 'invalid_client' });
  });

  it('answers a sign-up with a taken address as a new one, and mails the owner instead', async () => {
    const before = (await outbox()).length;
    const taken = await post('/dbconnections/signup', {
      client_id: 'splitline-app',
      email: 'NEW.COACH@example.com',
      password: 'Another-password-9',
    });
    const fresh = await post('/dbconnections/signup', {
      client_id: 'splitline-app',
      email: 'Fresh.Coach@example.com',
      password: 'Another-password-9',
    });
    for (const [response, email] of [
      [taken, 'new.coach@example.com'],
      [fresh, 'fresh.coach@example.com'],
    ] as const) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email,
        email_verified: false,
      });
    }
    // The taken address's answer names no account, and its password did not change.
    const owner = await app.db
      .selectFrom('identity_credentials')
      .select('id')
      .where('email', '=', 'new.coach@example.com')
      .executeTakeFirstOrThrow();
    expect(taken.json()._id).not.toBe(owner.id);
    const [toOwner, toNew] = (await outbox()).slice(before);
    expect(toOwner?.text).toContain('To: new.coach@example.com');
    expect(toOwner?.text).toContain('already has one');
    expect(toOwner?.link).toMatch(/\/u\/reset-password\?ticket=/);
    expect(toNew?.text).toContain('To: fresh.coach@example.com');
    expect(toNew?.link).toMatch(/\/u\/email-verification\?ticket=/);
    const { signIn } = await atSignIn();
    expect((await signIn('new.coach@example.com', password)).status).toBe(303);
  });

  it('answers change_password the same whether or not the address exists, mailing only a real one', async () => {
    const before = (await outbox()).length;
    const known = await post('/dbconnections/change_password', {
      client_id: 'splitline-app',
      email: 'new.coach@example.com',
      connection: 'Username-Password-Authentication',
    });
    const unknown = await post('/dbconnections/change_password', {
      client_id: 'splitline-app',
      email: 'nobody@example.com',
      connection: 'Username-Password-Authentication',
    });
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("We've just sent you an email to reset your password.");
    }
    const mails = await waitForOutbox(app.config.dataDir, before + 1);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.link).toMatch(/\/u\/reset-password\?ticket=/);
  });

  it('resets the password from the mailed link, once, with the rule enforced', async () => {
    const browser = new Browser(origin);
    const before = (await outbox()).length;
    const forgot = await browser.post('/u/forgot-password', { email: 'new.coach@example.com' });
    expect(await forgot.text()).toContain('If an account exists for that address');
    const link = (await waitForOutbox(app.config.dataDir, before + 1)).at(-1)?.link ?? '';
    const form = await (await browser.request(link)).text();
    expect(form).toContain('new.coach@example.com');
    const ticket = hiddenField(form, 'ticket');
    const weak = await browser.post('/u/reset-password', { ticket, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('too common');
    const done = await browser.post('/u/reset-password', { ticket, password: 'Flying-10-0.95s' });
    expect(await done.text()).toContain('Password changed');
    expect(
      (await browser.post('/u/reset-password', { ticket, password: 'Another-one-123' })).status,
    ).toBe(400);

    const { signIn } = await atSignIn();
    expect((await signIn('new.coach@example.com', 'Flying-10-0.95s')).status).toBe(303);
  });

  it('gives the same answer for an unknown address and a wrong password', async () => {
    const { signIn } = await atSignIn();
    const wrong = await signIn('new.coach@example.com', 'not-the-password');
    const unknown = await signIn('nobody@example.com', 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    expect(strip(await wrong.text())).toBe(strip(await unknown.text()));
  });

  it('makes a client wait after 5 failures at one address, saying how long', async () => {
    await post('/dbconnections/signup', {
      client_id: 'splitline-app',
      email: 'target@example.com',
      password,
    });
    const { signIn } = await atSignIn();
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await signIn('target@example.com', 'guess-number-x')).status).toBe(400);
    const blocked = await signIn('target@example.com', password); // even the right one
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(30);
    expect(await blocked.text()).toContain(
      'Too many failed sign-in attempts for this address. Wait 30 seconds',
    );
  });

  it("refuses forged forms: a wrong form token, another site's origin, a foreign interaction", async () => {
    const { browser, interaction } = await atSignIn();
    const forged = await browser.post(interaction, {
      csrf: 'forged',
      email: 'new.coach@example.com',
      password: 'Flying-10-0.95s',
    });
    expect(forged.status).toBe(403);
    const crossSite = await browser.request(interaction, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a&password=b',
    });
    expect(crossSite.status).toBe(403);
    const stranger = await new Browser(origin).request(interaction);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('expired');
  });
});
