import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The content security policy allows what the app
 * needs and no more: its own scripts; its own styles plus inline ones (antd writes its
 * CSS-in-JS into <style> tags); images from data:/blob: URLs (logos before upload);
 * API calls and the identity provider (with its silent-auth iframe) on the same origin; the
 * auth SDK's token worker, a file of the app (webpack.config.mts; the SDK's own default is
 * a blob: URL, which the policy no longer allows).
 * With usage telemetry configured (POSTHOG_*), the browser may also send to PostHog's
 * host (posthogOrigins); its scripts are bundled in the app, none is loaded from there.
 * HSTS and upgrade-insecure-requests only when the server is reached over https: on
 * http://localhost they would break the local setup.
 */
/**
 * Where posthog-js sends events and fetches its remote config: the configured host, and
 * for PostHog Cloud (`eu.i.posthog.com`) its assets host (`eu-assets.i.posthog.com`).
 * @example posthogOrigins('https://eu.i.posthog.com') // ['https://eu.i.posthog.com', 'https://eu-assets.i.posthog.com']
 */
export function posthogOrigins(host: string | undefined): string[] {
  if (!host) return [];
  const { origin, hostname } = new URL(host);
  const cloud = /^([a-z0-9-]+)\.i\.posthog\.com$/.exec(hostname);
  return cloud ? [origin, origin.replace(hostname, `${cloud[1]}-assets.i.posthog.com`)] : [origin];
}

export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https://');
    const telemetry = posthogOrigins(app.config.posthog?.host);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...telemetry],
          frameSrc: ["'self'"],
          workerSrc: ["'self'"],
          objectSrc: ["'none'"],
          // 'self': the SDK's silent sign-in frames the provider's pages from the app.
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          scriptSrcAttr: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    });
  },
  { name: 'security', dependencies: ['config'], fastify: '5.x' },
);
