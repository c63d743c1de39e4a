import type { App } from '../../../server/app';
import { buildIdentityApp } from './identity-app';

describe('identity with Auth0 configured', () => {
  let app: App;

  beforeAll(async () => {
    ({ app } = await buildIdentityApp({
      options: {
        auth0Domain: 'splitline.eu.auth0.com',
        auth0ClientId: 'spa-client',
        auth0Audience: 'https://api.splitline.app',
      },
    }));
  });
  afterAll(() => app.close());

  it('turns the embedded provider off and checks tokens against Auth0', async () => {
    expect(app.identity).toMatchObject({
      mode: 'auth0',
      issuer: 'https://splitline.eu.auth0.com/',
      audience: 'https://api.splitline.app',
    });
    for (const url of ['/authorize', '/.well-known/openid-configuration', '/u/forgot-password']) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/dbconnections/signup', payload: {} })).statusCode,
    ).toBe(404);
    const rows = await app.db.selectFrom('identity_keys').select('kid').execute();
    expect(rows).toEqual([]); // no keys made for a provider that does not run
  });
});
