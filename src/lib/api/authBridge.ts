/**
 * The seam between the API layer and whoever owns the session (the auth feature). The
 * base query never imports the auth feature; the auth feature registers itself here.
 * Tokens therefore stay in memory, outside the Redux store and outside localStorage.
 */

/** Returns the current access token, or nothing when signed out. */
export type TokenGetter = (options: {
  forceRefresh: boolean;
}) => Promise<string | null | undefined>;

let tokenGetter: TokenGetter | null = null;
let unauthorizedHandler: (() => void) | null = null;
let forbiddenHandler: (() => void) | null = null;

/**
 * Registers the function the base query asks for a bearer token. `forceRefresh: true`
 * comes after a 401 and must bypass any cache. Pass `null` to unregister (sign-out, tests).
 *
 * @example
 * setTokenGetter(({ forceRefresh }) => auth0.getTokenSilently({ cacheMode: forceRefresh ? 'off' : 'on' }));
 */
export function setTokenGetter(getter: TokenGetter | null): void {
  tokenGetter = getter;
}

/**
 * Registers what happens when the API still answers 401 after one forced refresh,
 * e.g. dispatching a "session expired" event. Pass `null` to unregister.
 *
 * @example
 * setUnauthorizedHandler(() => store.dispatch(sessionExpired()));
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** Asks the registered getter for a token; a getter that fails counts as "no token". */
export async function getAccessToken(forceRefresh = false): Promise<string | null> {
  if (!tokenGetter) return null;
  try {
    return (await tokenGetter({ forceRefresh })) || null;
  } catch {
    return null;
  }
}

export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}

/**
 * Registers what happens when the API refuses a signed-in call (403): the membership may
 * have changed since the app read it, e.g. read `/user` again. Pass `null` to unregister.
 */
export function setForbiddenHandler(handler: (() => void) | null): void {
  forbiddenHandler = handler;
}

export function notifyForbidden(): void {
  forbiddenHandler?.();
}
