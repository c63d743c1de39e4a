import { Type, type Static } from 'typebox';
import type { VariableGroup } from '../plugins/env';

/** Mail (server/identity/mailer.ts, also the webhooks' notices) and sign-in at Auth0. */
export const IdentityEnvironment = Type.Object({
  // A host is required and a port is digits: the mail transport is made at the first
  // message (mailer.ts), so a URL it cannot read is refused here, at start.
  SMTP_URL: Type.Optional(
    Type.String({
      pattern:
        '^smtps?://([^@/?#\\s]+@)?(\\[[0-9A-Fa-f:.]+\\]|[^@/?#:\\s\\[\\]]+)(:[0-9]{1,5})?([/?].*)?$',
      description: 'an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587',
    }),
  ),
  MAIL_FROM: Type.String({
    minLength: 3,
    default: 'Splitline <no-reply@splitline.local>',
    description: 'a sender such as Splitline <no-reply@example.com>',
  }),
  AUTH0_DOMAIN: Type.Optional(
    Type.String({
      pattern: '^(https?://)?[a-zA-Z0-9.-]+(:\\d+)?/?$',
      description: 'an Auth0 tenant domain such as splitline.eu.auth0.com',
    }),
  ),
  AUTH0_CLIENT_ID: Type.Optional(Type.String({ description: "the app's Auth0 client id" })),
  AUTH0_AUDIENCE: Type.Optional(
    Type.String({ description: 'the Auth0 API identifier, such as https://api.splitline.app' }),
  ),
  AUTH0_MANAGEMENT_CLIENT_ID: Type.Optional(
    Type.String({ description: 'a Management API client id' }),
  ),
  AUTH0_MANAGEMENT_CLIENT_SECRET: Type.Optional(
    Type.String({ description: 'a Management API client secret' }),
  ),
  AUTH0_CONNECTION: Type.String({
    minLength: 1,
    default: 'Username-Password-Authentication',
    description: "the name of Auth0's database connection",
  }),
  // The embedded provider's access tokens (JWTs nobody can revoke): short, refresh
  // tokens do the rest. Shorter in tests of an expiry (e2e/offline.spec.ts).
  ACCESS_TOKEN_TTL: Type.Integer({
    minimum: 10,
    maximum: 86_400,
    default: 600,
    description: 'seconds from 10 to 86400',
  }),
  // Sign-ups asked from one network (client address) in an hour (decision 018). A staff
  // joining from one school's Wi-Fi may need more; the browser tests sign up dozens.
  SIGN_UPS_PER_NETWORK: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 20,
    description: 'a whole number of sign-ups an hour, from 1',
  }),
});

/** Never shown in a message (start failures end up in logs). */
export const IDENTITY_SECRETS = ['AUTH0_MANAGEMENT_CLIENT_SECRET'] as const;

/**
 * Variables that only work together: with some of AUTH0_DOMAIN, AUTH0_CLIENT_ID and
 * AUTH0_AUDIENCE the server would silently fall back to the embedded provider, and the
 * app would sign in somewhere the operator did not mean.
 */
export const identityGroups: VariableGroup[] = [
  {
    names: ['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'AUTH0_AUDIENCE'],
    why: 'set all three (sign-in at Auth0) or none (the embedded identity provider)',
  },
  {
    names: ['AUTH0_MANAGEMENT_CLIENT_ID', 'AUTH0_MANAGEMENT_CLIENT_SECRET'],
    why: 'set both (the Auth0 Management API client) or neither',
  },
];

export interface IdentityConfig {
  /** Unset: mail goes to `<dataDir>/outbox` and the log (server/identity/mailer.ts). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** All three set: sign-in happens at Auth0 and the embedded provider is off. */
  auth0Domain: string | undefined;
  auth0ClientId: string | undefined;
  auth0Audience: string | undefined;
  /** A Management API client, for resending the verification mail and password changes. */
  auth0ManagementClientId: string | undefined;
  auth0ManagementClientSecret: string | undefined;
  auth0Connection: string;
  /** Lifetime of the embedded provider's access tokens, in seconds. */
  accessTokenTtl: number;
  /** The embedded provider's limits on mail-sending requests (sign-ups per network). */
  mailRequestLimits: { signupPerIp: number };
}

export function identityConfig(checked: Static<typeof IdentityEnvironment>): IdentityConfig {
  return {
    smtpUrl: checked.SMTP_URL,
    mailFrom: checked.MAIL_FROM,
    auth0Domain: checked.AUTH0_DOMAIN,
    auth0ClientId: checked.AUTH0_CLIENT_ID,
    auth0Audience: checked.AUTH0_AUDIENCE,
    auth0ManagementClientId: checked.AUTH0_MANAGEMENT_CLIENT_ID,
    auth0ManagementClientSecret: checked.AUTH0_MANAGEMENT_CLIENT_SECRET,
    auth0Connection: checked.AUTH0_CONNECTION,
    accessTokenTtl: checked.ACCESS_TOKEN_TTL,
    mailRequestLimits: { signupPerIp: checked.SIGN_UPS_PER_NETWORK },
  };
}
