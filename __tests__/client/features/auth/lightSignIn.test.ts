import { setConfig } from '../../../../src/lib/config';
import type { AuthClient } from '../../../../src/features/auth/authClient';
import { goToProvider } from '../../../../src/features/auth/lightSignIn';

const auth = { domain: 'https://id.example', clientId: 'client', audience: 'api' };

describe("the light /login's way to the provider", () => {
  beforeEach(() => setConfig({ apiBase: '/api', auth }));
  afterEach(() => setConfig(undefined));

  const fakeClient = () => {
    const loginWithRedirect = jest.fn<Promise<void>, Parameters<AuthClient['loginWithRedirect']>>();
    loginWithRedirect.mockResolvedValue(undefined);
    const createClient = jest.fn(async () => ({ loginWithRedirect }) as unknown as AuthClient);
    return { loginWithRedirect, createClient };
  };

  it("creates the app's SDK client from the config and redirects as the app's saga does", async () => {
    const { loginWithRedirect, createClient } = fakeClient();
    await goToProvider({}, createClient);
    expect(createClient).toHaveBeenCalledWith(auth, window.location.origin);
    // watchSignInRequests (sessionSagas.ts) for a /login opened directly: no returnTo, so
    // the way back leads to the leaderboard.
    expect(loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: undefined },
      authorizationParams: {},
    });
  });

  it('asks for the sign-up screen and keeps where the user wanted to go', async () => {
    const { loginWithRedirect, createClient } = fakeClient();
    await goToProvider({ screenHint: 'signup', returnTo: '/home/athlete' }, createClient);
    expect(loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/home/athlete' },
      authorizationParams: { screen_hint: 'signup' },
    });
  });

  it("fails with the SDK's error", async () => {
    const { loginWithRedirect, createClient } = fakeClient();
    loginWithRedirect.mockRejectedValue(new Error('no crypto'));
    await expect(goToProvider({}, createClient)).rejects.toThrow('no crypto');
  });
});
