import net from 'node:net';
import type { App } from '../../../server/app';
import { SIGNUP_NOTICE } from '../../../server/identity/routes/interaction';
import { Browser, hiddenField } from './browser';
import { buildIdentityApp } from './identity-app';
import { readOutbox, waitForOutbox } from './outbox';

const password = 'Sprint-40yd-4.41s';
const client_id = 'splitline-app';

/**
 * Password-reset and sign-up requests against what an attacker does: bursts at one inbox,
 * many addresses from one client, and reading the answer (or its time) to learn which
 * addresses have accounts (decision 018). Clients are X-Forwarded-For addresses.
 */
describe('reset and sign-up requests', () => {
  let app: App;
  let origin: string;

  beforeAll(async () => {
    ({ app, origin } = await buildIdentityApp({ listen: true, env: { TRUST_PROXY: 'true' } }));
    await post('/dbconnections/signup', { email: 'inbox@example.com', password }, '10.1.9.9');
  });
  afterAll(() => app.close());

  function post(url: string, payload: Record<string, string>, ip: string) {
    return app.inject({
      method: 'POST',
      url,
      payload: { client_id, ...payload },
      headers: { 'x-forwarded-for': ip },
    });
  }
  const mailsTo = async (address: string) =>
    (await readOutbox(app.config.dataDir)).filter((mail) => mail.text.includes(`To: ${address}`));

  it('puts at most 3 reset mails in one inbox from a burst of 40', async () => {
    const before = (await readOutbox(app.config.dataDir)).length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post('/dbconnections/change_password', { email: 'inbox@example.com' }, '10.1.0.1'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'too_many_requests', statusCode: 429 });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    await waitForOutbox(app.config.dataDir, before + 3);
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more comes
    expect(await mailsTo('inbox@example.com')).toHaveLength(1 + 3); // verification + resets

    // The address's count holds for every client, on the page as at the endpoint.
    const page = await app.inject({
      method: 'POST',
      url: '/u/forgot-password',
      payload: 'email=inbox%40example.com',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '10.1.0.5',
        origin,
      },
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Too many requests for this e-mail address. Wait 60 minutes');
  });

  it('lets one client ask for 10 resets an hour, whatever the addresses', async () => {
    for (let i = 0; i < 10; i += 1) {
      const answer = await post(
        '/dbconnections/change_password',
        { email: `someone-${i}@example.com` },
        '10.1.0.2',
      );
      expect(answer.statusCode).toBe(200);
    }
    const refused = await post(
      '/dbconnections/change_password',
      { email: 'someone-10@example.com' },
      '10.1.0.2',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().description).toBe(
      'Too many requests from your network. Wait 60 minutes and try again.',
    );
    const elsewhere = await post(
      '/dbconnections/change_password',
      { email: 'someone-10@example.com' },
      '10.1.0.3',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers a sign-up page the same for a new and a taken address, signing nobody in', async () => {
    const browser = new Browser(origin);
    const query = new URLSearchParams({
      client_id,
      redirect_uri: `${origin}/login`,
      response_type: 'code',
      scope: 'openid email',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 's',
      screen_hint: 'signup',
    });
    const interaction =
      (await browser.request(`/authorize?${query}`)).headers.get('location') ?? '';
    const csrf = hiddenField(await (await browser.request(interaction)).text(), 'csrf');
    const signUp = (email: string) =>
      browser.post(`${interaction}/signup`, { csrf, email, password: 'Another-password-9' });
    const taken = await signUp('inbox@example.com');
    const fresh = await signUp('brand.new@example.com');
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(taken.headers.get('set-cookie')).toBeNull();
    const strip = (html: string) => html.replace(/value="[^"]*"/g, '');
    const [takenPage, freshPage] = [await taken.text(), await fresh.text()];
    expect(strip(takenPage)).toBe(strip(freshPage));
    expect(takenPage).toContain(SIGNUP_NOTICE.slice(0, 40));
    expect(takenPage).toContain('<h1>Sign in</h1>');
  });

  it('lets one client sign up 20 times an hour, and one address be tried 3 times', async () => {
    for (let i = 0; i < 20; i += 1) {
      const answer = await post(
        '/dbconnections/signup',
        { email: `club-${i}@example.com`, password },
        '10.1.0.4',
      );
      expect(answer.statusCode).toBe(200);
    }
    const refused = await post(
      '/dbconnections/signup',
      { email: 'club-20@example.com', password },
      '10.1.0.4',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });

    const tries = [];
    for (const ip of ['10.1.0.6', '10.1.0.7', '10.1.0.8', '10.1.0.9'])
      tries.push(
        await post('/dbconnections/signup', { email: 'popular@example.com', password }, ip),
      );
    expect(tries.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(tries[3]?.json().description).toContain('Too many requests for this e-mail address');
  });
});

/**
 * An SMTP server that greets only once `open()` is called: until then every mail hangs,
 * which shows what an answer waits for. Records the recipients it accepted.
 */
async function gatedSmtpServer() {
  const recipients: string[] = [];
  const sockets = new Set<net.Socket>();
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let inData = false;
    let buffer = '';
    void opened.then(() => socket.write('220 test ESMTP\r\n'));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (inData) {
        if (!buffer.includes('\r\n.\r\n')) return;
        inData = false;
        buffer = '';
        socket.write('250 queued\r\n');
        return;
      }
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
          return;
        }
        socket.write(verb === 'QUIT' ? '221 bye\r\n' : '250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recipients,
    open,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a reset request answers before it looks the address up', () => {
  it('answers alike for an account and for none, while the mail is still on its way', async () => {
    const smtp = await gatedSmtpServer();
    const { app } = await buildIdentityApp({ env: { SMTP_URL: smtp.url } });
    try {
      await app.db
        .insertInto('identity_credentials')
        .values({ email: 'owner@example.com', password_hash: 'scrypt$unused' })
        .execute();
      const ask = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/dbconnections/change_password',
          payload: { client_id, email },
        });
      const known = await ask('owner@example.com');
      const unknown = await ask('nobody@example.com');
      const shape = (answer: typeof known) => ({
        status: answer.statusCode,
        type: answer.headers['content-type'],
        body: answer.body,
      });
      expect(shape(known)).toEqual(shape(unknown));
      expect(known.statusCode).toBe(200);
      // Both answered while the SMTP server had not even greeted: the mail comes after.
      expect(smtp.recipients).toEqual([]);

      smtp.open();
      const deadline = Date.now() + 5000;
      while (smtp.recipients.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(smtp.recipients).toEqual(['owner@example.com']);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
