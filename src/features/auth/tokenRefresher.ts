import type { TokenGetter } from '../../lib/api';
import type { AuthClient } from './authClient';

export interface TokenRefresher {
  /** For the base query: the cached token, or a forced new one after a 401. */
  getToken: TokenGetter;
  /** Forces a new token from the provider; concurrent calls share one request. */
  refresh(): Promise<string | undefined>;
}

/**
 * The one owner of token refresh (STYLE.md): the saga calls `refresh` ahead of expiry and
 * when the user says the address is verified, the base query calls `getToken` with
 * `forceRefresh` after a 401. All forced refreshes in flight share one promise, so ten
 * parallel 401s cost one call to the provider, and a rotated refresh token is used once.
 *
 * @example
 * const refresher = createTokenRefresher(client);
 * setTokenGetter(refresher.getToken);
 * await Promise.all([refresher.refresh(), refresher.refresh()]); // one provider call
 */
export function createTokenRefresher(client: AuthClient): TokenRefresher {
  let inFlight: Promise<string | undefined> | null = null;

  function refresh(): Promise<string | undefined> {
    inFlight ??= client.getTokenSilently({ cacheMode: 'off' }).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    refresh,
    // While a forced refresh runs, plain callers wait for it too rather than read a token
    // the refresh is about to replace.
    getToken: ({ forceRefresh }) =>
      forceRefresh ? refresh() : (inFlight ?? client.getTokenSilently()),
  };
}
