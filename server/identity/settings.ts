import path from 'node:path';
import type { LoginLimits } from './login-throttle';
import type { MailRequestLimits } from './request-limits';

/**
 * What the identity plugin needs to know. The plugin reads these from `fastify.config`
 * (server/config.ts) when present; plugin options override them (tests).
 */
export interface IdentitySettings {
  /** Where users reach the server, without a trailing slash; the issuer is this + '/'. */
  publicUrl: string;
  dataDir: string;
  /**
   * Only under `npm run dev` (NODE_ENV=development): the app client also accepts the
   * webpack dev server's origin (http://localhost:8080) as redirect and CORS origin.
   * Anywhere else that origin could be any page on the user's machine.
   */
  development: boolean;
  /** SMTP URL (smtp://user:pass@host:587); unset: mail goes to <dataDir>/outbox. */
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  /** All three set: sign-in happens at Auth0 and the embedded provider is off. */
  auth0Domain?: string | undefined;
  auth0ClientId?: string | undefined;
  auth0Audience?: string | undefined;
  /** A Management API client (client credentials) for the Auth0 account actions. */
  auth0ManagementClientId?: string | undefined;
  auth0ManagementClientSecret?: string | undefined;
  /** Auth0's database connection name (default Username-Password-Authentication). */
  auth0Connection?: string | undefined;
  /** Lifetime of access tokens in seconds (ACCESS_TOKEN_TTL; default 10 minutes). */
  accessTokenTtl?: number | undefined;
  /** How often expired rows of identity_store are deleted (ms; default 10 minutes). */
  purgeIntervalMs?: number | undefined;
  /** Overrides of the sign-in throttle (login-throttle.ts; tests use short waits). */
  loginLimits?: Partial<LoginLimits> | undefined;
  /** Overrides of the limits on reset and sign-up requests (request-limits.ts). */
  mailRequestLimits?: Partial<MailRequestLimits> | undefined;
}

/** The public client of the single-page app, as auth0-spa-js sends it. */
export const APP_CLIENT_ID = 'splitline-app';

/** The embedded provider's API audience: an absolute URI, as resource indicators need. */
export function apiAudience(settings: IdentitySettings): string {
  return settings.auth0Audience ?? `${settings.publicUrl}/api`;
}

export function issuerOf(settings: IdentitySettings): string {
  return settings.auth0Domain ? `${auth0Origin(settings.auth0Domain)}/` : `${settings.publicUrl}/`;
}

/** AUTH0_DOMAIN may be given as `tenant.eu.auth0.com` or with its scheme. */
export function auth0Origin(domain: string): string {
  return (/^https?:\/\//.test(domain) ? domain : `https://${domain}`).replace(/\/+$/, '');
}

export function usesAuth0(settings: IdentitySettings): boolean {
  return Boolean(settings.auth0Domain && settings.auth0ClientId && settings.auth0Audience);
}

export function outboxDir(settings: IdentitySettings): string {
  return path.join(settings.dataDir, 'outbox');
}

/** The webpack dev server's sign-in return, allowed under `npm run dev` only. */
export const DEV_SERVER_REDIRECT = 'http://localhost:8080/login';

/** Redirect URIs of the app client: the server's /login, plus the dev server's in development. */
export function redirectUris(settings: IdentitySettings): string[] {
  const uris = [`${settings.publicUrl}/login`];
  if (settings.development) uris.push(DEV_SERVER_REDIRECT);
  return [...new Set(uris)];
}

/** Merges `fastify.config` (whatever names it has) with explicit options. */
export function resolveSettings(
  config: Record<string, unknown> | undefined,
  options: Partial<IdentitySettings>,
): IdentitySettings {
  const from = (key: keyof IdentitySettings) => (options[key] ?? config?.[key]) as never;
  const settings: IdentitySettings = {
    publicUrl: String(from('publicUrl') ?? 'http://localhost:3000').replace(/\/+$/, ''),
    dataDir: path.resolve(String(from('dataDir') ?? './data')),
    development: from('development') === true,
    smtpUrl: from('smtpUrl'),
    mailFrom: from('mailFrom'),
    auth0Domain: from('auth0Domain'),
    auth0ClientId: from('auth0ClientId'),
    auth0Audience: from('auth0Audience'),
    auth0ManagementClientId: from('auth0ManagementClientId'),
    auth0ManagementClientSecret: from('auth0ManagementClientSecret'),
    auth0Connection: from('auth0Connection'),
    accessTokenTtl: from('accessTokenTtl'),
    purgeIntervalMs: from('purgeIntervalMs'),
    loginLimits: from('loginLimits'),
    mailRequestLimits: from('mailRequestLimits'),
  };
  return settings;
}
