import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { Config } from './config';
import api from './api';
import { appConfigRoutes } from './app-config';
import { loggerOptions, RequestLogController, requestId } from './logger';
import identityPlugin from './identity/plugin';
import { livePlugin, type LiveSettings } from './live';
import type { IdentitySettings } from './identity/settings';
import admissionPlugin, { type AdmissionSettings } from './plugins/admission';
import changesPlugin from './plugins/changes';
import authPlugin from './plugins/auth';
import configPlugin from './plugins/config';
import databasePlugin from './plugins/database';
import diskPlugin, { type DiskSettings } from './plugins/disk';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import jsonBodyPlugin from './plugins/json-body';
import methodsPlugin from './plugins/methods';
import securityPlugin from './plugins/security';
import staticPlugin from './plugins/static';
import validatorsPlugin from './plugins/validators';
import logoFiles from './user/logo-files';
import webhookPlugin from './webhook/plugin';
import type { WebhookSettings } from './webhook/worker';
import { metricsPlugin } from './metrics';
import { backupSchedule } from './backup';

/** The server instance, with TypeBox types for request and reply. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface BuildAppOptions {
  config: Config;
  /** Overrides the logger built from the config (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides identity settings taken from the config (tests: Auth0 mode, purge interval). */
  identity?: Partial<IdentitySettings>;
  /** Overrides the live feed's settings (tests: a short heartbeat). */
  live?: Partial<LiveSettings>;
  /** Overrides the embedded database's load shedding (tests: a small queue). */
  admission?: Partial<AdmissionSettings>;
  /** Overrides the webhook worker's settings (tests: a fast retry schedule, short polls). */
  webhooks?: Partial<WebhookSettings>;
  /** Overrides the disk guard's settings (tests: a stand-in statfs, short polls). */
  disk?: Partial<DiskSettings>;
}

/**
 * The whole server as one plugin: shared machinery first (config, errors, security,
 * database, identity and the API's auth hook, API docs), then the routes, one folder
 * per domain. Not encapsulated (fastify-plugin), so that its decorators and error
 * handler reach the root instance. Identity comes before the docs so that its sign-in
 * pages stay out of the API reference.
 */
const plugins: FastifyPluginAsyncTypebox<{
  config: Config;
  identity?: Partial<IdentitySettings>;
  live?: Partial<LiveSettings>;
  admission?: Partial<AdmissionSettings>;
  webhooks?: Partial<WebhookSettings>;
  disk?: Partial<DiskSettings>;
}> = async (app, { config, identity, live, admission, webhooks, disk }) => {
  await app.register(configPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(validatorsPlugin);
  await app.register(jsonBodyPlugin);
  // Before every route: it learns each API path's methods as routes are added.
  await app.register(methodsPlugin);
  await app.register(securityPlugin);
  await app.register(databasePlugin);
  // Before every route: the latency histogram learns the routes as they are added, and
  // its timer starts before the admission gate's wait.
  await app.register(metricsPlugin);
  // Before the admission gate: a write refused for want of disk space does not queue.
  await app.register(diskPlugin, disk ?? {});
  await app.register(admissionPlugin, admission ?? {});
  await app.register(identityPlugin, identity ?? {});
  await app.register(authPlugin);
  await app.register(changesPlugin);
  await app.register(livePlugin, live ?? {});
  await app.register(webhookPlugin, webhooks ?? {});
  await app.register(backupSchedule);
  await app.register(docsPlugin);
  await app.register(staticPlugin);
  await app.register(logoFiles);
  await app.register(appConfigRoutes);
  await app.register(api, { prefix: '/api' });
};
export const splitline = fp(plugins, { name: 'splitline', fastify: '5.x' });

/**
 * TRUST_PROXY as Fastify's option: a hop count becomes the function Fastify itself makes
 * of one (its types list no number), trusting the nearest `hops` proxies.
 */
function trustProxyOption(
  trustProxy: Config['trustProxy'],
): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * Builds the server, not yet started: `inject()` and `listen()` start it (running the
 * migrations), so tests may still add routes before their first request.
 * @example const app = buildApp({ config: loadConfig() }); await app.listen({ port: 3000 });
 */
export function buildApp({
  config,
  logger,
  identity,
  live,
  admission,
  webhooks,
  disk,
}: BuildAppOptions): App {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    genReqId: requestId,
    requestIdHeader: false, // requestId() reads and checks x-request-id itself
    logController: new RequestLogController(), // one info line per request, at its end
    // Migrations run while the database plugin loads, and may take long on a big database.
    pluginTimeout: 120_000,
    // request.ip (sign-in throttles, logs) is the client's, not the reverse proxy's.
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  void app.register(splitline, { config, identity, live, admission, webhooks, disk });
  return app;
}
