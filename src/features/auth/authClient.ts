import { loadConfig, type RuntimeConfig } from '../../lib/config';
import { paths } from '../../lib/paths';

/** What the app keeps across the redirect to the identity provider and back. */
export interface AuthAppState {
  returnTo?: string;
}

/** The ID token claims the app reads (`getIdTokenClaims`). */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  /** Expiry, epoch seconds. */
  exp?: number;
}

/**
 * The part of `@auth0/auth0-spa-js` the app uses. Sagas talk to this interface only, so
 * tests drive them with a fake client: this is the SDK boundary, not our API.
 */
export interface AuthClient {
  checkSession(): Promise<void>;
  handleRedirectCallback(url: string): Promise<{ appState?: AuthAppState }>;
  isAuthenticated(): Promise<boolean>;
  /** `cacheMode: 'off'` forces a new token from the provider. */
  getTokenSilently(options?: { cacheMode?: 'on' | 'off' }): Promise<string | undefined>;
  getIdTokenClaims(): Promise<IdTokenClaims | undefined>;
  loginWithRedirect(options: {
    appState?: AuthAppState;
    authorizationParams?: { screen_hint?: 'signup' };
  }): Promise<void>;
  logout(options: { logoutParams: { returnTo: string } }): Promise<void>;
}

/** How the auth sagas reach the outside world: the SDK and the page's address. */
export interface AuthDeps {
  createClient(config: RuntimeConfig['auth'], origin: string): Promise<AuthClient> | AuthClient;
  /** The page's full URL at start (the redirect back carries `code` and `state`). */
  currentUrl(): string;
}

let sdk: Promise<typeof import('@auth0/auth0-spa-js')> | undefined;

/**
 * The identity provider's SDK, in a chunk of its own (~53 KiB brotli): the first page
 * renders without waiting for it. src/index.tsx starts loading it at boot, beside the
 * config, since every page's session check needs it (docs/first-load.md).
 */
export function loadAuthSdk(): Promise<typeof import('@auth0/auth0-spa-js')> {
  return (sdk ??= import(/* webpackChunkName: "auth-sdk" */ '@auth0/auth0-spa-js').catch(
    (error: unknown) => {
      sdk = undefined; // a later attempt loads it again
      throw error;
    },
  ));
}

/**
 * The SDK with the settings of IDENTITY.md: refresh tokens kept in the SDK's worker
 * (`cacheMode: 'memory'`), and the silent iframe as fallback so that a reload finds the
 * provider's session again (the memory cache does not survive it). `new Auth0Client`
 * rather than `createAuth0Client`: the saga decides whether to complete a redirect or
 * check the session, and `createAuth0Client` would check first, every time.
 *
 * @example
 * const client = await createAuth0AuthClient(getConfig().auth, window.location.origin);
 */
export async function createAuth0AuthClient(
  auth: RuntimeConfig['auth'],
  origin: string,
  options: { checkSessionNow?: boolean } = {},
): Promise<AuthClient> {
  const { Auth0Client } = await loadAuthSdk();
  const sdk = new Auth0Client({
    domain: auth.domain.replace(/\/+$/, ''),
    clientId: auth.clientId,
    authorizationParams: { audience: auth.audience, redirect_uri: origin + paths.login.path },
    useRefreshTokens: true,
    useRefreshTokensFallback: true,
    authorizeTimeoutInSeconds: 10,
    cacheLocation: 'memory',
    // The token worker as a file of the app (webpack.config.mts), rather than built at
    // start from the copy inside the SDK; where there is none (tests), the SDK's own.
    workerUrl: process.env.AUTH_TOKEN_WORKER || undefined,
  });
  // Started at boot (startSessionCheck): the first checkSession() is that one, in flight.
  let started = options.checkSessionNow ? sdk.checkSession() : undefined;
  started?.catch(() => undefined); // its caller, the auth saga, sees the failure
  return {
    checkSession: () => {
      const check = started ?? sdk.checkSession();
      started = undefined;
      return check;
    },
    handleRedirectCallback: async (url) => {
      const result = await sdk.handleRedirectCallback<AuthAppState>(url);
      return { appState: result.appState };
    },
    isAuthenticated: () => sdk.isAuthenticated(),
    getTokenSilently: (options) => sdk.getTokenSilently(options),
    getIdTokenClaims: async () => {
      const claims = await sdk.getIdTokenClaims();
      // The SDK checked the token already: `sub` is required there (IDENTITY.md).
      return claims?.sub ? { ...claims, sub: claims.sub } : undefined;
    },
    loginWithRedirect: (options) => sdk.loginWithRedirect(options),
    logout: (options) => sdk.logout(options),
  };
}

interface EarlyClient {
  auth: RuntimeConfig['auth'];
  origin: string;
  client: AuthClient;
}

let early: Promise<EarlyClient | undefined> | undefined;

/**
 * Starts a page load's session check from the boot script (src/boot.ts), while the
 * app's chunks are still on their way: /config.json, the SDK and the provider's silent
 * answer (or refresh) then overlap the download and start of the app instead of
 * following them (docs/first-load.md). The auth saga's client is this one
 * (`browserAuthDeps.createClient`), and its first `checkSession()` the one in flight. Not
 * on the provider's way back (`code`, `state` or `error` at /login): the saga completes
 * the redirect there, and checks nothing.
 *
 * @example
 * startSessionCheck(new URL(window.location.href));
 */
export function startSessionCheck(url: URL): void {
  const isWayBack =
    url.pathname === paths.login.path &&
    ['code', 'state', 'error'].some((name) => url.searchParams.has(name));
  if (isWayBack) return;
  warmTokenWorker();
  early = loadConfig()
    .then(async ({ auth }) => ({
      auth,
      origin: url.origin,
      client: await createAuth0AuthClient(auth, url.origin, { checkSessionNow: true }),
    }))
    .catch(() => undefined); // the app's start and the saga load both again and report
}

/**
 * Fetches the SDK's token worker into the browser's cache. The SDK's first silent check
 * asks its worker for a refresh token before it goes to the provider, and the worker it
 * creates fetched its script at the lowest priority, behind every chunk, and the
 * session check stood still meanwhile (docs/first-load.md). From the cache (its name is
 * hashed: kept for good), the worker starts at once. A fetch rather
 * than a preload link: Chrome has no preload for workers, and warns of a script preload
 * that no script element uses.
 */
function warmTokenWorker(): void {
  const file = process.env.AUTH_TOKEN_WORKER;
  if (!file || typeof fetch !== 'function') return;
  fetch(file, { priority: 'high' })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined); // the worker fetches it again, and reports a failure
}

/** The client `startSessionCheck` made, when it was made for these settings; once. */
async function takeEarlyClient(
  auth: RuntimeConfig['auth'],
  origin: string,
): Promise<AuthClient | undefined> {
  const started = early;
  early = undefined;
  const made = await started;
  const same =
    made?.origin === origin &&
    made.auth.domain === auth.domain &&
    made.auth.clientId === auth.clientId &&
    made.auth.audience === auth.audience;
  return same ? made.client : undefined;
}

/** The deps of the running app: the real SDK and the browser's address. */
export const browserAuthDeps: AuthDeps = {
  createClient: async (auth, origin) =>
    (await takeEarlyClient(auth, origin)) ?? createAuth0AuthClient(auth, origin),
  currentUrl: () => window.location.href,
};
