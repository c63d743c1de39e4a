import { loadConfig } from '../../lib/config';
import { createAuth0AuthClient, type AuthClient } from './authClient';

/**
 * The light /login's buttons (./lightLogin.ts), in a chunk of their own: the config,
 * the SDK with the app's own settings (`createAuth0AuthClient`) and the redirect to the
 * provider, with the same parameters as the app's saga (`watchSignInRequests` in
 * ./sessionSagas.ts), so that the way back through `/login?code&state` lands where it
 * does from the React page: `appState.returnTo`, or the leaderboard without one.
 *
 * @example
 * await goToProvider({ screenHint: 'signup' });
 */
export async function goToProvider(
  { screenHint, returnTo }: { screenHint?: 'signup'; returnTo?: string },
  createClient: (
    auth: Awaited<ReturnType<typeof loadConfig>>['auth'],
    origin: string,
  ) => Promise<AuthClient> = createAuth0AuthClient,
): Promise<void> {
  const config = await loadConfig();
  const client = await createClient(config.auth, window.location.origin);
  await client.loginWithRedirect({
    appState: { returnTo },
    authorizationParams: screenHint ? { screen_hint: screenHint } : {},
  });
}
