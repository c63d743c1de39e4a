import type { NewApiKeyBody } from '../../../contract/integration';
import {
  MAX_WEBHOOKS,
  type NewWebhookBody,
  type WebhookBody,
  type WebhookListBody,
} from '../../../contract/webhook';
import type { App } from '../../../server/app';
import { isPublicAddress } from '../../../server/webhook/targets';
import { coach } from '../event/fixtures';
import { buildTestApp } from '../helpers/build-test-app';

/** The subscription routes: made and changed by a coach, scoped to the account, URLs checked. */
describe('webhook subscriptions', () => {
  let app: App;
  let mine: { headers: Record<string, string>; id: string };
  let theirs: { headers: Record<string, string>; id: string };
  beforeAll(async () => {
    // The operator setting off (the default): private targets are refused.
    app = await buildTestApp({ webhooks: { enabled: false } });
    await app.ready();
    mine = await coach(app, 'hooks@example.com');
    theirs = await coach(app, 'other-hooks@example.com');
  });
  afterAll(() => app.close());

  const create = (payload: object, headers = mine.headers) =>
    app.inject({ method: 'POST', url: '/api/integration/webhook', headers, payload });
  const publicUrl = 'https://93.184.215.14/hooks';

  it('shows the secret once and lists the subscription without it', async () => {
    const response = await create({
      url: publicUrl,
      description: ' Results to the club site ',
      events: ['result.created', 'athlete.created'],
    });
    expect(response.statusCode).toBe(201);
    const made = response.json<NewWebhookBody>();
    expect(made).toEqual({
      id: expect.any(Number),
      url: publicUrl,
      description: 'Results to the club site',
      events: ['result.created', 'athlete.created'],
      status: 'active',
      disabledReason: null,
      secretPrefix: made.secret.slice(0, 10),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      createdAt: expect.any(String),
      lastDeliveryAt: null,
      lastStatusCode: null,
      consecutiveFailures: 0,
    });
    const list = (
      await app.inject({ url: '/api/integration/webhook', headers: mine.headers })
    ).json<WebhookListBody>();
    expect(list.items.map((item) => item.id)).toContain(made.id);
    expect(JSON.stringify(list)).not.toContain(made.secret.slice(10));
    const one = await app.inject({
      url: `/api/integration/webhook/${made.id}`,
      headers: mine.headers,
    });
    expect(one.json<WebhookBody>()).not.toHaveProperty('secret');

    // Update keeps the secret; pause and resume change the status.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/integration/webhook/${made.id}`,
      headers: mine.headers,
      payload: { url: `${publicUrl}/v2`, events: ['result.deleted'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<WebhookBody>()).toMatchObject({
      url: `${publicUrl}/v2`,
      description: '',
      events: ['result.deleted'],
      secretPrefix: made.secretPrefix,
    });
    const paused = await app.inject({
      method: 'POST',
      url: `/api/integration/webhook/${made.id}/pause`,
      headers: mine.headers,
    });
    expect(paused.json<WebhookBody>().status).toBe('paused');
    const resumed = await app.inject({
      method: 'POST',
      url: `/api/integration/webhook/${made.id}/resume`,
      headers: mine.headers,
    });
    expect(resumed.json<WebhookBody>().status).toBe('active');
  });

  it.each([
    ['http://127.0.0.1:8080/hooks'],
    ['http://localhost/hooks'],
    ['http://10.1.2.3/'],
    ['http://172.16.0.1/'],
    ['http://192.168.1.10/'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://100.64.0.1/'],
    ['http://0.0.0.0/'],
    ['http://[::1]/'],
    ['http://[fe80::1]/'],
    ['http://[fd00::1]/'],
    ['http://[::ffff:127.0.0.1]/'],
    ['http://[::ffff:10.0.0.1]/'],
    // IPv6 forms that carry an IPv4 address (issue 31): compatible, translated, NAT64,
    // 6to4, Teredo, and the same written out in full.
    ['http://[::127.0.0.1]/'],
    ['http://[::7f00:1]/'],
    ['http://[::a9fe:a9fe]/'],
    ['http://[::10.0.0.1]/'],
    ['http://[::ffff:0:127.0.0.1]/'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/'],
    ['http://[0000:0000:0000:0000:0000:0000:7f00:0001]/'],
    ['http://[64:ff9b::127.0.0.1]/'],
    ['http://[64:ff9b::a9fe:a9fe]/'],
    ['http://[64:ff9b:1::a00:1]/'],
    ['http://[2002:7f00:1::1]/'],
    ['http://[2002:5db8:d70e::1]/'], // 6to4 of a public address: the tunnel is deprecated
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/'], // Teredo, client 127.0.0.1 inverted
    ['http://224.0.0.1/'],
    ['http://2130706433/'], // 127.0.0.1 as a number
  ])('refuses the private target %s when saved', async (url) => {
    const response = await create({ url, events: ['result.created'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: { url: [expect.stringContaining('loopback, private or link-local')] },
    });
  });

  it('refuses URLs that are not http(s) or carry credentials', async () => {
    for (const url of [
      'ftp://93.184.215.14/',
      'file:///etc/passwd',
      'not a url',
      'https://u:p@93.184.215.14/',
    ]) {
      const response = await create({ url, events: ['result.created'] });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['url']);
    }
  });

  it('classifies addresses, IPv6 forms that carry an IPv4 address included', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
    // NAT64 of a public address is how an IPv6-only network reaches it: allowed.
    expect(isPublicAddress('64:ff9b::93.184.215.14')).toBe(true);
    expect(isPublicAddress('64:ff9b::5db8:d70e')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:192.168.0.1',
      '::127.0.0.1',
      '::7f00:1',
      '::a9fe:a9fe',
      '::8.8.8.8', // IPv4-compatible: deprecated, a tunnel, never a receiver
      '::FFFF:7F00:1',
      '::ffff:0:a9fe:a9fe',
      '0:0:0:0:0:0:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b::192.168.1.1',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:101::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      'fe80::1%eth0',
      '100.127.255.255',
      'fc00::1',
      'ff02::1',
      '::',
      'not-an-ip',
    ])
      expect(isPublicAddress(address)).toBe(false);
  });

  it("answers 404 for another account's subscription, on every route", async () => {
    const made = (
      await create({ url: publicUrl, events: ['result.created'] })
    ).json<NewWebhookBody>();
    const base = `/api/integration/webhook/${made.id}`;
    const calls = [
      { method: 'GET' as const, url: base },
      {
        method: 'PUT' as const,
        url: base,
        payload: { url: publicUrl, events: ['result.created'] },
      },
      { method: 'DELETE' as const, url: base },
      { method: 'POST' as const, url: `${base}/pause` },
      { method: 'POST' as const, url: `${base}/resume` },
      { method: 'POST' as const, url: `${base}/test` },
      {
        method: 'POST' as const,
        url: `${base}/recover`,
        payload: { since: new Date().toISOString() },
      },
      { method: 'GET' as const, url: `${base}/delivery` },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: theirs.headers });
      expect([call.method, call.url, response.statusCode]).toEqual([call.method, call.url, 404]);
    }
    const list = (
      await app.inject({ url: '/api/integration/webhook', headers: theirs.headers })
    ).json<WebhookListBody>();
    expect(list.items).toEqual([]);
    expect(
      (await app.inject({ method: 'DELETE', url: base, headers: mine.headers })).statusCode,
    ).toBe(204);
    expect((await app.inject({ url: base, headers: mine.headers })).statusCode).toBe(404);
  });

  it('is for a signed-in coach only: an API key gets 403', async () => {
    const key = (
      await app.inject({
        method: 'POST',
        url: '/api/integration/api-key',
        headers: mine.headers,
        payload: { name: 'gates' },
      })
    ).json<NewApiKeyBody>().key;
    const response = await app.inject({
      url: '/api/integration/webhook',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it(`allows ${MAX_WEBHOOKS} subscriptions per account, then answers 400`, async () => {
    const existing = (
      await app.inject({ url: '/api/integration/webhook', headers: theirs.headers })
    ).json<WebhookListBody>().totalCount;
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOKS + 3 - existing }, () =>
        create({ url: publicUrl, events: ['result.created'] }, theirs.headers),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_WEBHOOKS - existing);
    const refused = answers.filter((r) => r.statusCode === 400);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json()).toEqual({
      errors: { url: [expect.stringContaining(`${MAX_WEBHOOKS} webhooks`)] },
    });
  });
});
