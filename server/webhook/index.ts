/**
 * What other server domains may use of webhooks (eslint holds the line): the outbox
 * writes that go into the transaction of a change, and the queue's figures for metrics.
 */
export { recordEvents, recordResultDeleted, recordResultEvents, wantsEvents } from './outbox';
export { webhookQueueStats, type WebhookQueueStats } from './queue';
/** The generated key's file in DATA_DIR, which a backup carries with the rows it opens. */
export { KEY_FILE } from './secret-keys';
