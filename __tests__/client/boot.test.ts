/**
 * The boot script (src/boot.ts), index.html's only script: the light sign-in card for a
 * first visit to /login signed out, else the session check and the app.
 */
const startSessionCheck = jest.fn();
const showLightLogin = jest.fn();
let appLoaded: jest.Mock;

/** Runs the boot script once, at `address`, with the app's import answered by `app`. */
async function boot(address: string, cookie = '', app: () => object = () => ({})) {
  window.history.replaceState(null, '', address);
  document.cookie = cookie;
  document.body.innerHTML =
    '<div id="root"><div class="boot-splash">Loading Splitline…</div></div>';
  appLoaded = jest.fn(app);
  // A fresh registry: the app's import (resolved after this function) is not cached.
  jest.resetModules();
  jest.doMock('../../src/features/auth/authClient', () => ({ startSessionCheck }));
  jest.doMock('../../src/features/auth/lightLogin', () => ({
    ...jest.requireActual('../../src/features/auth/lightLogin'),
    showLightLogin,
  }));
  jest.doMock('../../src/index', () => appLoaded());
  jest.requireActual('../../src/boot');
  // The app's import settles (or fails) in a later microtask.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('boot', () => {
  afterEach(() => {
    jest.clearAllMocks();
    document.cookie = 'auth0.abc.is.authenticated=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('shows the light sign-in card at /login without a session, and no app', async () => {
    await boot('/login');
    expect(showLightLogin).toHaveBeenCalledWith(document, document.getElementById('root'));
    expect(startSessionCheck).not.toHaveBeenCalled();
    expect(appLoaded).not.toHaveBeenCalled();
  });

  it('starts the session check and the app at any other address', async () => {
    await boot('/home/leaderboard?x=1');
    expect(startSessionCheck).toHaveBeenCalledWith(
      new URL('http://localhost/home/leaderboard?x=1'),
    );
    expect(appLoaded).toHaveBeenCalledTimes(1);
    expect(showLightLogin).not.toHaveBeenCalled();
  });

  it("starts the app at /login with the SDK's session hint or on the way back", async () => {
    await boot('/login', 'auth0.abc.is.authenticated=true');
    expect(appLoaded).toHaveBeenCalledTimes(1);
    await boot('/login?code=1&state=2', 'auth0.abc.is.authenticated=; max-age=0');
    expect(appLoaded).toHaveBeenCalledTimes(1);
    expect(startSessionCheck).toHaveBeenCalledTimes(2); // it skips the way back itself
    expect(showLightLogin).not.toHaveBeenCalled();
  });

  it("says so in the splash's place when the app cannot be loaded", async () => {
    await boot('/home/leaderboard', '', () => {
      throw new Error('ChunkLoadError');
    });
    expect(document.querySelector('.boot-splash')).toHaveTextContent(
      'Splitline could not be loaded. Reload the page.',
    );
  });
});
