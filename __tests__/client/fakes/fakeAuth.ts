import type {
  AuthAppState,
  AuthClient,
  AuthDeps,
  IdTokenClaims,
} from '../../../src/features/auth/authClient';

export interface FakeAuthOptions {
  /** Whether the provider knows a session at start. */
  signedIn?: boolean;
  claims?: Partial<IdTokenClaims>;
  /** Lifetime of each ID token, in seconds from the moment it is read. */
  idTokenSeconds?: number;
  /** The page's URL at start; `/login?code&state` means back from the provider. */
  url?: string;
  /** What `handleRedirectCallback` answers as app state. */
  appState?: AuthAppState;
}

export const defaultClaims: IdTokenClaims = {
  sub: 'coach-1',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Okafor',
};

/**
 * A stand-in for the SDK behind the `AuthClient` interface: a provider that holds a
 * session or not, hands out numbered tokens and ID tokens with the given claims. Tests
 * change `provider` to play the provider's side (a verified address, a refused refresh).
 *
 * @example
 * const auth = fakeAuth({ claims: { email_verified: false } });
 * renderRoute('/home', { auth });
 * auth.provider.claims.email_verified = true;
 */
export function fakeAuth({
  signedIn = true,
  claims = {},
  idTokenSeconds = 3600,
  url = 'http://localhost/',
  appState,
}: FakeAuthOptions = {}) {
  const provider = {
    session: signedIn,
    claims: { ...defaultClaims, ...claims },
    issued: 0,
    /** Set to make every token call fail with this SDK error code. */
    refuseWith: null as string | null,
  };
  let authenticated = false;
  const client = {
    checkSession: jest.fn(async () => {
      authenticated = provider.session;
    }),
    handleRedirectCallback: jest.fn(async (_url: string) => {
      provider.session = true;
      authenticated = true;
      return { appState };
    }),
    isAuthenticated: jest.fn(async () => authenticated),
    /** The cached token, or a new one (`token-1`, `token-2`, ...) when forced or none yet. */
    getTokenSilently: jest.fn(async (options?: { cacheMode?: 'on' | 'off' }) => {
      if (provider.refuseWith || !authenticated)
        throw Object.assign(new Error('refused'), {
          error: provider.refuseWith ?? 'login_required',
        });
      if (provider.issued === 0 || options?.cacheMode === 'off') provider.issued += 1;
      return `token-${provider.issued}`;
    }),
    getIdTokenClaims: jest.fn(async () =>
      authenticated
        ? { ...provider.claims, exp: Math.floor(Date.now() / 1000) + idTokenSeconds }
        : undefined,
    ),
    loginWithRedirect: jest.fn(async () => {}),
    logout: jest.fn(async () => {
      authenticated = false;
      provider.session = false;
    }),
  } satisfies AuthClient;
  const deps: AuthDeps = { createClient: () => client, currentUrl: () => url };
  return { client, provider, deps };
}

export type FakeAuth = ReturnType<typeof fakeAuth>;
