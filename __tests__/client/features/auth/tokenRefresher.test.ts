import { createTokenRefresher } from '../../../../src/features/auth/tokenRefresher';
import { fakeAuth } from '../../test-utils';

async function signedInClient() {
  const auth = fakeAuth();
  await auth.client.checkSession();
  return auth;
}

describe('single-flight token refresh', () => {
  it('shares one provider call among concurrent forced refreshes', async () => {
    const { client } = await signedInClient();
    const { getToken, refresh } = createTokenRefresher(client);
    const tokens = await Promise.all([
      getToken({ forceRefresh: true }),
      getToken({ forceRefresh: true }),
      refresh(),
    ]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(client.getTokenSilently).toHaveBeenCalledTimes(1);
    expect(client.getTokenSilently).toHaveBeenCalledWith({ cacheMode: 'off' });
  });

  it('starts a new refresh once the previous one settled', async () => {
    const { client } = await signedInClient();
    const { refresh } = createTokenRefresher(client);
    await expect(refresh()).resolves.toBe('token-1');
    await expect(refresh()).resolves.toBe('token-2');
  });

  it('lets a plain call wait for a refresh in flight rather than read the old token', async () => {
    const { client } = await signedInClient();
    await client.getTokenSilently();
    const { getToken, refresh } = createTokenRefresher(client);
    const [fresh, plain] = await Promise.all([refresh(), getToken({ forceRefresh: false })]);
    expect(plain).toBe(fresh);
    expect(fresh).toBe('token-2');
  });

  it('shares a failure too, and tries again afterwards', async () => {
    const { client, provider } = await signedInClient();
    const { refresh } = createTokenRefresher(client);
    provider.refuseWith = 'invalid_grant';
    const both = await Promise.allSettled([refresh(), refresh()]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(client.getTokenSilently).toHaveBeenCalledTimes(1);
    provider.refuseWith = null;
    await expect(refresh()).resolves.toBe('token-1');
  });
});
