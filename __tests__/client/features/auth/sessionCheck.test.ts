import { setConfig } from '../../../../src/lib/config';
import { browserAuthDeps, startSessionCheck } from '../../../../src/features/auth/authClient';

// The identity provider's SDK, at its boundary: how many clients the app makes and how
// often each asks the provider (checkSession goes to the provider's silent endpoint).
const made: Array<{ options: unknown; checkSession: jest.Mock }> = [];
let answers: Array<() => Promise<void>> = [];
jest.mock('@auth0/auth0-spa-js', () => ({
  Auth0Client: jest.fn().mockImplementation((options: unknown) => {
    const client = {
      options,
      checkSession: jest.fn(() => (answers.shift() ?? (() => Promise.resolve()))()),
    };
    made.push(client);
    return client;
  }),
}));

const auth = { domain: 'https://id.example', clientId: 'client', audience: 'api' };
const origin = 'https://app.example';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session check started by the boot script', () => {
  beforeEach(() => {
    made.length = 0;
    answers = [];
    setConfig({ apiBase: '/api', auth });
  });
  afterEach(() => setConfig(undefined));

  it("asks the provider at once, and the saga's client and first check are that one", async () => {
    startSessionCheck(new URL(`${origin}/home/leaderboard`));
    await settle();
    expect(made).toHaveLength(1);
    expect(made[0]!.checkSession).toHaveBeenCalledTimes(1);

    const client = await browserAuthDeps.createClient(auth, origin);
    await client.checkSession(); // the one in flight: not a second question
    expect(made).toHaveLength(1);
    expect(made[0]!.checkSession).toHaveBeenCalledTimes(1);

    await client.checkSession(); // a later check asks again
    expect(made[0]!.checkSession).toHaveBeenCalledTimes(2);
  });

  it("gives the early check's failure to the saga, whose next check asks again", async () => {
    const refused = new Error('login_required');
    answers = [() => Promise.reject(refused)];
    startSessionCheck(new URL(`${origin}/home/athlete`));
    await settle(); // no unhandled rejection while nobody waits for it yet
    const client = await browserAuthDeps.createClient(auth, origin);
    await expect(client.checkSession()).rejects.toBe(refused);
    await expect(client.checkSession()).resolves.toBeUndefined();
    expect(made[0]!.checkSession).toHaveBeenCalledTimes(2);
  });

  it("checks nothing on the provider's way back: the saga completes the redirect", async () => {
    startSessionCheck(new URL(`${origin}/login?code=abc&state=xyz`));
    startSessionCheck(new URL(`${origin}/login?error=access_denied&state=xyz`));
    await settle();
    expect(made).toHaveLength(0);
    await browserAuthDeps.createClient(auth, origin);
    expect(made).toHaveLength(1);
    expect(made[0]!.checkSession).not.toHaveBeenCalled();
  });

  it('makes a new client when the settings are not the early one’s, and uses the early one once', async () => {
    startSessionCheck(new URL(`${origin}/home/leaderboard`));
    await settle();
    const other = await browserAuthDeps.createClient({ ...auth, clientId: 'other' }, origin);
    expect(made).toHaveLength(2);
    expect(made[1]!.options).toMatchObject({ clientId: 'other' });
    await other.checkSession();
    expect(made[1]!.checkSession).toHaveBeenCalledTimes(1);
    await browserAuthDeps.createClient(auth, origin); // the early one was given up
    expect(made).toHaveLength(3);
  });

  it('loads the token worker from the file the build names, or the SDK’s own without one', async () => {
    process.env.AUTH_TOKEN_WORKER = '/js/auth0-worker.1234abcd.js';
    try {
      await browserAuthDeps.createClient(auth, origin);
    } finally {
      delete process.env.AUTH_TOKEN_WORKER;
    }
    await browserAuthDeps.createClient(auth, origin);
    expect(made.map(({ options }) => (options as { workerUrl?: string }).workerUrl)).toEqual([
      '/js/auth0-worker.1234abcd.js',
      undefined,
    ]);
  });

  it('fetches the token worker the build names at once, for the SDK to find it cached', async () => {
    const fetched = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response('self.onmessage = null;')));
    process.env.AUTH_TOKEN_WORKER = '/js/auth0-worker.1234abcd.js';
    try {
      startSessionCheck(new URL(`${origin}/login?code=abc&state=xyz`)); // no check: no worker
      expect(fetched).not.toHaveBeenCalled();
      startSessionCheck(new URL(`${origin}/home/leaderboard`));
      expect(fetched).toHaveBeenCalledWith('/js/auth0-worker.1234abcd.js', { priority: 'high' });
      await settle();
    } finally {
      delete process.env.AUTH_TOKEN_WORKER;
      fetched.mockRestore();
    }
  });
});
