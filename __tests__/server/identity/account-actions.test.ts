import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../../server/app';
import { auth0AccountActions } from '../../../server/identity/auth0-actions';
import { readOutbox } from './outbox';
import { buildIdentityApp } from './identity-app';

describe('account actions, embedded', () => {
  let app: App;
  let user: { sub: string; email: string };
  const password = 'Sprint-40yd-4.41s';

  beforeAll(async () => {
    ({ app } = await buildIdentityApp());
    const response = await app.inject({
      method: 'POST',
      url: '/dbconnections/signup',
      payload: { client_id: 'splitline-app', email: 'act@example.com', password },
    });
    user = { sub: response.json<{ _id: string }>()._id, email: 'act@example.com' };
  });
  afterAll(() => app.close());

  it('resends the verification mail while the address is unverified', async () => {
    await expect(app.identity.accountActions.resendVerificationEmail(user)).resolves.toBe(true);
    expect(await readOutbox(app.config.dataDir)).toHaveLength(2);
  });

  it('changes the password only with the current one, and by the rule', async () => {
    const actions = app.identity.accountActions;
    await expect(
      actions.changePassword(user, 'wrong-password', 'Flying-10-0.95s'),
    ).resolves.toMatchObject({ ok: false, field: 'currentPassword' });
    await expect(actions.changePassword(user, password, 'short')).resolves.toMatchObject({
      ok: false,
      field: 'newPassword',
    });
    await expect(actions.changePassword(user, password, 'Flying-10-0.95s')).resolves.toEqual({
      ok: true,
    });
    await expect(
      actions.changePassword(user, 'Flying-10-0.95s', 'Pro-agility-4.1s'),
    ).resolves.toEqual({ ok: true });
  });
});

/** A stand-in for Auth0 on 127.0.0.1 that answers as its token endpoint and Management API do. */
async function fakeAuth0() {
  const calls: { method: string; url: string; auth?: string; body: Record<string, string> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, string>;
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        body,
      });
      const send = (status: number, json: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url === '/oauth/token' && body.grant_type === 'client_credentials')
        return send(200, { access_token: 'mgmt-token', expires_in: 86400, token_type: 'Bearer' });
      if (req.url === '/oauth/token') {
        return body.password === 'current-password-1'
          ? send(200, { access_token: 'x', id_token: 'y', token_type: 'Bearer' })
          : send(403, { error: 'invalid_grant', error_description: 'Wrong email or password.' });
      }
      if (req.headers.authorization !== 'Bearer mgmt-token')
        return send(401, { statusCode: 401, error: 'Unauthorized' });
      if (req.url === '/api/v2/jobs/verification-email')
        return send(201, { type: 'verification_email', status: 'pending', id: 'job_1' });
      if (req.url?.startsWith('/api/v2/users/') && req.method === 'PATCH')
        return send(200, { user_id: 'auth0|abc' });
      return send(404, { statusCode: 404 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    domain: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('account actions, Auth0 Management API', () => {
  let auth0: Awaited<ReturnType<typeof fakeAuth0>>;
  const user = { sub: 'auth0|abc', email: 'coach@example.com' };

  beforeAll(async () => {
    auth0 = await fakeAuth0();
  });
  afterAll(() => auth0.close());

  const actions = () =>
    auth0AccountActions({
      domain: auth0.domain,
      appClientId: 'spa',
      managementClientId: 'm2m',
      managementClientSecret: 's3cret',
      connection: 'Username-Password-Authentication',
    });

  it('starts a verification-email job for the user', async () => {
    await expect(actions().resendVerificationEmail(user)).resolves.toBe(true);
    const job = auth0.calls.find((call) => call.url === '/api/v2/jobs/verification-email');
    expect(job).toMatchObject({
      method: 'POST',
      auth: 'Bearer mgmt-token',
      body: { user_id: 'auth0|abc', client_id: 'spa' },
    });
    expect(auth0.calls[0]?.body).toMatchObject({
      grant_type: 'client_credentials',
      audience: `${auth0.domain}/api/v2/`,
    });
  });

  it('checks the current password with the password-realm grant, then patches the user', async () => {
    auth0.calls.length = 0;
    await expect(actions().changePassword(user, 'wrong', 'Flying-10-0.95s')).resolves.toMatchObject(
      { ok: false, field: 'currentPassword' },
    );
    expect(auth0.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await expect(
      actions().changePassword(user, 'current-password-1', 'Flying-10-0.95s'),
    ).resolves.toEqual({ ok: true });
    const realm = auth0.calls.find((call) => call.body.grant_type?.endsWith('password-realm'));
    expect(realm?.body).toMatchObject({
      realm: 'Username-Password-Authentication',
      username: 'coach@example.com',
    });
    const patch = auth0.calls.find((call) => call.method === 'PATCH');
    expect(patch).toMatchObject({
      url: '/api/v2/users/auth0%7Cabc',
      body: { password: 'Flying-10-0.95s', connection: 'Username-Password-Authentication' },
    });
  });
});
