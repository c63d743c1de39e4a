import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountActions } from './account-actions';
import { embeddedAccountActions } from './account-actions';
import { createAccountService } from './account-service';
import { purgeExpired } from './adapter';
import { auth0AccountActions } from './auth0-actions';
import { createBackgroundTasks } from './background';
import { purgeEmailTokens } from './email-tokens';
import { sameOriginOnly, widenFormAction } from './form-guard';
import { loadIdentityKeys } from './keys';
import { createLoginThrottle } from './login-throttle';
import { createMailer } from './mailer';
import { mountProvider } from './mount';
import { createProvider } from './provider';
import { createMailRequestLimits } from './request-limits';
import { untrustedProxyWarning } from './proxy-warning';
import { dbConnectionRoutes, CONNECTION } from './routes/dbconnections';
import { emailLinkRoutes } from './routes/email-links';
import { interactionRoutes } from './routes/interaction';
import {
  apiAudience,
  issuerOf,
  outboxDir,
  redirectUris,
  resolveSettings,
  usesAuth0,
  type IdentitySettings,
} from './settings';
import { createTokenVerifier, localJwks, remoteJwks, type TokenVerifier } from './verify-token';

export interface Identity {
  /** 'embedded': our own provider at the root paths; 'auth0': sign-in happens at Auth0. */
  mode: 'embedded' | 'auth0';
  issuer: string;
  audience: string;
  /** Checks an API access token (`Authorization: Bearer`); throws InvalidTokenError. */
  verifyAccessToken: TokenVerifier;
  accountActions: AccountActions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-in, token checks and account actions (server/identity/). */
    identity: Identity;
  }
}

/**
 * The identity plugin. Embedded mode: oidc-provider at the root paths Auth0 uses, our
 * sign-in pages under /u/, Auth0's /dbconnections endpoints, mail. Auth0 mode
 * (AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE set): no routes at all, only the
 * token check against Auth0 and the account actions through its Management API.
 */
export default fp<Partial<IdentitySettings>>(
  async (app, options) => {
    const settings = resolveSettings(app.config as unknown as Record<string, unknown>, options);
    const issuer = issuerOf(settings);
    const audience = apiAudience(settings);
    if (usesAuth0(settings)) {
      const verifyAccessToken = createTokenVerifier({ issuer, audience, keys: remoteJwks(issuer) });
      app.decorate('identity', {
        mode: 'auth0',
        issuer,
        audience,
        verifyAccessToken,
        accountActions: auth0Actions(app, settings),
      });
      return;
    }

    const keys = await loadIdentityKeys(app.db);
    const provider = createProvider(settings, app.db, keys);
    provider.on('server_error', (_ctx, error) =>
      app.log.error({ err: error }, 'identity provider error'),
    );
    const log = app.log.child({ module: 'identity' });
    const mailer = createMailer({
      smtpUrl: settings.smtpUrl,
      outboxDir: outboxDir(settings),
      from: settings.mailFrom ?? 'Splitline <no-reply@splitline.local>',
      log,
    });
    const background = createBackgroundTasks(log);
    // Before the database closes: a reset mail already promised is still sent.
    app.addHook('preClose', async () => background.drain());
    const accounts = createAccountService({
      db: app.db,
      mailer,
      throttle: createLoginThrottle(app.db, settings.loginLimits),
      requests: createMailRequestLimits(app.db, settings.mailRequestLimits),
      background,
      publicUrl: settings.publicUrl,
      log,
    });
    const appOrigins = redirectUris(settings).map((uri) => new URL(uri).origin);

    await mountProvider(app, provider, appOrigins);
    await app.register(async (pages: FastifyInstance) => {
      if (!pages.hasContentTypeParser('application/x-www-form-urlencoded'))
        await pages.register(formbody);
      pages.addHook('onRequest', async (_request, reply) => widenFormAction(reply.raw, appOrigins));
      pages.addHook('preHandler', sameOriginOnly(settings.publicUrl));
      pages.addHook('onRequest', untrustedProxyWarning(app.config.trustProxy, log));
      await interactionRoutes(pages, { provider, accounts, keys });
      await emailLinkRoutes(pages, { db: app.db, accounts });
      await dbConnectionRoutes(pages, { accounts });
    });

    const purge = setInterval(
      () => {
        Promise.all([purgeExpired(app.db), purgeEmailTokens(app.db)]).catch((error: unknown) =>
          app.log.warn({ err: error }, 'identity purge failed'),
        );
      },
      settings.purgeIntervalMs ?? 10 * 60_000,
    );
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));

    const verifyAccessToken = createTokenVerifier({
      issuer,
      audience,
      keys: localJwks(keys.signingKey),
    });
    app.decorate('identity', {
      mode: 'embedded',
      issuer,
      audience,
      verifyAccessToken,
      accountActions: embeddedAccountActions(app.db, accounts),
    });
  },
  { name: 'identity', dependencies: ['config', 'database'], fastify: '5.x' },
);

function auth0Actions(app: FastifyInstance, settings: IdentitySettings): AccountActions {
  const { auth0Domain, auth0ClientId, auth0ManagementClientId, auth0ManagementClientSecret } =
    settings;
  if (auth0Domain && auth0ClientId && auth0ManagementClientId && auth0ManagementClientSecret) {
    return auth0AccountActions({
      domain: auth0Domain,
      appClientId: auth0ClientId,
      managementClientId: auth0ManagementClientId,
      managementClientSecret: auth0ManagementClientSecret,
      connection: settings.auth0Connection ?? CONNECTION,
    });
  }
  app.log.warn(
    'AUTH0_MANAGEMENT_CLIENT_ID/SECRET unset: resending the verification e-mail and changing the password will fail',
  );
  const missing = () => Promise.reject(new Error('Auth0 Management API client not configured'));
  return { resendVerificationEmail: missing, changePassword: missing };
}
