import fp from 'fastify-plugin';
import { createLocalFeed, createPostgresFeed, type LiveFeed } from './feed';

export interface LiveSettings {
  /** How often an open stream gets a comment line (proxies close idle connections). */
  heartbeatMs: number;
  /** How often the PostgreSQL listening connection is checked with a query. */
  listenerCheckMs: number;
  /** How often an open stream re-reads its member's membership (a removed member's stream ends). */
  memberCheckMs: number;
}

export const defaultLiveSettings: LiveSettings = {
  heartbeatMs: 15_000,
  listenerCheckMs: 30_000,
  memberCheckMs: 5_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The live feed of new results (server/live/README.md). Writers of results call
     * `app.live.publishResults(accountId, { resultIds, eventTypeIds })` after commit.
     */
    live: LiveFeed;
    liveSettings: LiveSettings;
  }
}

/**
 * The feed behind `GET /api/event/stream`: LISTEN/NOTIFY on PostgreSQL (a dedicated
 * connection per process), in-process on the embedded database. Closed with the server.
 */
export default fp<Partial<LiveSettings>>(
  async (app, options) => {
    const settings = { ...defaultLiveSettings, ...options };
    const feed = app.config.databaseUrl
      ? await createPostgresFeed({
          connectionString: app.config.databaseUrl,
          db: app.db,
          log: app.log,
          checkIntervalMs: settings.listenerCheckMs,
        })
      : createLocalFeed(app.log);
    // The change count moves before anyone is told (server/plugins/changes.ts).
    const publishResults: LiveFeed['publishResults'] = (accountId, summary) => {
      app.changes.bump(accountId);
      return feed.publishResults(accountId, summary);
    };
    app.decorate('live', { ...feed, publishResults });
    app.decorate('liveSettings', settings);
    app.addHook('onClose', async () => feed.close());
  },
  { name: 'live', dependencies: ['config', 'database', 'changes'], fastify: '5.x' },
);
