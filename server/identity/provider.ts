import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../db/schema';
import { createAdapterClass } from './adapter';
import { createFindAccount } from './credentials';
import type { IdentityKeys } from './keys';
import { logoutSource, postLogoutSuccessSource, renderError } from './provider-pages';
import {
  APP_CLIENT_ID,
  apiAudience,
  issuerOf,
  redirectUris,
  type IdentitySettings,
} from './settings';

/**
 * Access tokens are JWTs nobody can revoke: keep them short, refresh tokens do the rest.
 * The default; ACCESS_TOKEN_TTL sets another (settings.accessTokenTtl).
 */
export const ACCESS_TOKEN_TTL = 10 * 60;
const DAY = 24 * 3600;

/** The paths the provider answers, as Auth0 lays out its tenant domain. */
export const PROVIDER_ROUTES = {
  authorization: '/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  userinfo: '/userinfo',
  end_session: '/v2/logout',
  jwks: '/.well-known/jwks.json',
} as const;

/**
 * The embedded OpenID provider, shaped so that @auth0/auth0-spa-js works against it
 * unchanged (docs: /work/shared/IDENTITY.md, kept in docs/decisions).
 */
export function createProvider(
  settings: IdentitySettings,
  db: Kysely<Database>,
  keys: IdentityKeys,
): Provider {
  const audience = apiAudience(settings);
  const accessTokenTtl = settings.accessTokenTtl ?? ACCESS_TOKEN_TTL;
  const uris = redirectUris(settings);
  const configuration: Configuration = {
    adapter: createAdapterClass(db),
    clients: [
      {
        client_id: APP_CLIENT_ID,
        client_name: 'Splitline',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: uris,
        post_logout_redirect_uris: uris,
      },
    ],
    jwks: { keys: [keys.signingKey] },
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    findAccount: createFindAccount(db),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    conformIdTokenClaims: false, // else the ID token carries only `sub` and getUser() is empty
    extraParams: ['audience', 'screen_hint'],
    pkce: { required: () => true },
    // The app client may use the code flow only: discovery advertises nothing else
    // (no id_token response types, hence no implicit grant).
    responseTypes: ['code'],
    routes: PROVIDER_ROUTES,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        // Every token is for our API, whether or not the app names the audience.
        defaultResource: () => audience,
        useGrantedResource: () => true, // else the access token is opaque
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/u/login/${interaction.uid}` },
    loadExistingGrant,
    // auth0-spa-js never sends prompt=consent, without which offline_access would be dropped.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 30 * DAY,
      // A rotated refresh token inherits what is left of the first one's 30 days.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 30 * DAY,
    },
    renderError,
  };
  const provider = new Provider(issuerOf(settings), configuration);
  // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto for its cookies.
  provider.proxy = settings.publicUrl.startsWith('https://');
  return provider;
}

/** Consent for our own (only) client is implied: grant what it asks for. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  if (!oidc.client || !oidc.session?.accountId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
  const grant =
    (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
    new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
  grant.addOIDCScope('openid profile email offline_access');
  grant.addOIDCClaims(['email', 'email_verified', 'name']);
  for (const resource of Object.keys(oidc.resourceServers ?? {}))
    grant.addResourceScope(resource, 'api');
  await grant.save();
  return grant;
}
