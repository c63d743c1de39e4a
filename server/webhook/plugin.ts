import path from 'node:path';
import fp from 'fastify-plugin';
import { WEBHOOK_KEEP_DAYS } from '../../contract/webhook';
import { createMailer } from '../identity';
import { sendDisabledNotices } from './disabled-mail';
import { webhookDeliveriesSource } from './metrics-source';
import { resealSecrets } from './reseal';
import { openSecret, sealSecret } from './secret-box';
import { loadKeyring } from './secret-keys';
import { webhookQueueStats } from './queue';
import {
  DEFAULT_RETRY_SCHEDULE_MS,
  startWorker,
  type WebhookSettings,
  type WebhookWorker,
} from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook delivery (server/webhook/README.md): its settings and this process's worker. */
    webhooks: {
      settings: WebhookSettings;
      wake(): void;
      /** Signing secrets sealed and opened with the server's keys (secret-box.ts). */
      secrets: {
        seal(accountId: string, secret: string): string;
        open(accountId: string, stored: string): string;
      };
    };
  }
}

/**
 * Loads the keys of the signing secrets and seals what is stored with the current one;
 * starts the delivery worker once the server is ready (migrations done) and stops it
 * when the server closes, before the database: an attempt in flight is interrupted and
 * its delivery given back, to be sent again under the same `webhook-id`.
 */
export default fp<Partial<WebhookSettings>>(
  async (app, options) => {
    const embedded = app.config.databaseUrl === undefined;
    const settings: WebhookSettings = {
      retryScheduleMs: DEFAULT_RETRY_SCHEDULE_MS,
      pollMs: 1000,
      // A pool of attempts in flight (worker.ts), each endpoint and account capped so that
      // dead receivers of one account hold a few places, never all of them (issue 31).
      // The embedded database has one connection and runs in this process: a small pool
      // (a claim, then one short statement per outcome; the requests themselves wait on
      // the network, not on the database).
      concurrency: embedded ? 10 : 50,
      perEndpoint: 4,
      perAccount: embedded ? 5 : 10,
      fanOutBatch: embedded ? 100 : 500,
      leaseMs: app.config.webhookTimeoutMs + 30_000,
      timeoutMs: app.config.webhookTimeoutMs,
      allowPrivateTargets: app.config.webhookAllowPrivateTargets,
      keepDays: WEBHOOK_KEEP_DAYS,
      enabled: true,
      ...options,
    };
    // Signing secrets at rest: the keys (WEBHOOK_SECRET_KEY, else DATA_DIR's key file),
    // and every stored secret sealed with the current one before anything is served or
    // sent (reseal.ts: the first start after migration 026, and after each rotation).
    const keys = loadKeyring({
      currentKey: app.config.webhookSecretKey,
      previousKeys: app.config.webhookSecretKeysPrevious,
      dataDir: app.config.dataDir,
      log: app.log,
    });
    await resealSecrets(app.db, keys, app.log);
    const secrets = {
      seal: (accountId: string, secret: string) => sealSecret(keys, accountId, secret),
      open: (accountId: string, stored: string) => openSecret(keys, accountId, stored),
    };
    let worker: WebhookWorker | undefined;
    app.decorate('webhooks', { settings, wake: () => worker?.wake(), secrets });
    // /metrics (read at each scrape, never when metrics are off): the queue by status.
    const stats = () => webhookQueueStats(app.db);
    app.metricsSources.add(
      webhookDeliveriesSource(async () => {
        const { due, retrying, failed } = await stats();
        return { due, retrying, failed };
      }, ['due', 'retrying', 'failed']),
    );
    app.metricsSources.add({
      name: 'splitline_webhook_disabled_subscriptions',
      help: 'Webhook subscriptions disabled after repeated failures, waiting for their coach.',
      read: async () => (await stats()).disabledSubscriptions,
    });
    // The coach's mail when a failure disables a webhook (disabled-mail.ts): over SMTP_URL,
    // else into <DATA_DIR>/outbox, as the sign-in mails go.
    const log = app.log.child({ module: 'webhook' });
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl,
      outboxDir: path.join(app.config.dataDir, 'outbox'),
      from: app.config.mailFrom,
      log,
    });
    const onDisabled = async (subscriptionId: string | undefined) => {
      await sendDisabledNotices(
        app.db,
        mailer,
        subscriptionId,
        app.config.publicUrl,
        settings.keepDays,
      );
    };
    app.addHook('onReady', async () => {
      if (settings.enabled)
        worker = startWorker(app.db, settings, log, { onDisabled, openSecret: secrets.open });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
      worker = undefined;
    });
  },
  { name: 'webhooks', dependencies: ['config', 'database', 'metrics'], fastify: '5.x' },
);
