import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetrics from 'fastify-metrics';
import type { MessageBody } from '../../contract/errors';
import type { MetricSample, MetricsSource, MetricsSources } from './sources';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where other domains add figures to `/metrics` (server/metrics/README.md); a no-op
     * when metrics are off.
     */
    metricsSources: MetricsSources;
  }
}

export const METRICS_PATH = '/metrics';

/**
 * Request latency buckets in seconds: the API's reads take 2-50 ms (docs/performance.md),
 * a shed request a few ms, a slow report a second or more.
 */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Routes left out of the latency histogram: the live stream stays open for hours (its
 * clients are a gauge), and the scrape itself.
 */
const UNTIMED_ROUTES = ['/api/event/stream', METRICS_PATH];

/**
 * Compares the bearer token in constant time (hashes first: timingSafeEqual wants equal
 * lengths, and the length of the token must not leak either).
 */
function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

function unauthorized(reply: FastifyReply): FastifyReply {
  const body: MessageBody = { message: 'A valid metrics token is required.' };
  return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(body);
}

/**
 * The server's own figures, read at each scrape: database pool, live-stream clients,
 * the admission gate (embedded database only) and whatever sources other domains added.
 */
function builtInSources(app: FastifyInstance): MetricsSource[] {
  return [
    {
      name: 'splitline_db_pool_connections',
      help: 'Database pool connections by state (PGlite: one connection; waiting = its queue).',
      labelNames: ['state'],
      read: () => [
        { labels: { state: 'total' }, value: app.dbPool.totalCount },
        { labels: { state: 'idle' }, value: app.dbPool.idleCount },
        { labels: { state: 'waiting' }, value: app.dbPool.waitingCount },
      ],
    },
    {
      name: 'splitline_live_stream_clients',
      help: 'Open live-result streams (GET /api/event/stream) in this process.',
      read: () => app.live.subscriberCount(),
    },
    {
      name: 'splitline_admission_requests',
      help: 'API requests at the embedded database admission gate: active and queued now.',
      labelNames: ['state'],
      read: () => {
        const load = app.admissionGate?.load ?? { active: 0, queued: 0 };
        return [
          { labels: { state: 'active' }, value: load.active },
          { labels: { state: 'queued' }, value: load.queued },
        ];
      },
    },
    {
      name: 'splitline_admission_refused',
      help: 'API requests answered 503 by the admission gate since start (queue full or waited too long).',
      read: () => app.admissionGate?.refused ?? 0,
    },
  ];
}

/**
 * `GET /metrics` in Prometheus' text format (fastify-metrics on the Prometheus client):
 * request counts and latency per route pattern (`route="/api/athlete/:id"`, never the
 * raw URL), Node's process figures and the server's own gauges. Off unless configured
 * (METRICS_TOKEN and/or METRICS_ENABLED): then the path is not even a route (404). With
 * a token, a scrape without it is answered 401. Outside `/api`, so the admission gate
 * never queues or sheds it.
 */
export default fp(
  async (app) => {
    const setting = app.config.metrics;
    const added: MetricsSource[] = [];
    app.decorate('metricsSources', { add: (source: MetricsSource) => void added.push(source) });
    if (!setting) return;

    await app.register(fastifyMetrics, {
      endpoint: null, // our own route below, with the token check
      // One server per process; a second app in the same process (tests) starts afresh.
      clearRegisterOnInit: true,
      defaultMetrics: { enabled: true },
      routeMetrics: {
        enabled: { histogram: true, summary: false },
        routeBlacklist: UNTIMED_ROUTES,
        overrides: { histogram: { buckets: LATENCY_BUCKETS } },
      },
    });
    const { client } = app.metrics;

    app.addHook('onReady', async () => {
      for (const source of [...builtInSources(app), ...added]) {
        new client.Gauge({
          name: source.name,
          help: source.help,
          labelNames: [...(source.labelNames ?? [])],
          async collect() {
            this.reset();
            try {
              const value = await source.read();
              if (typeof value === 'number') this.set(value);
              else
                for (const sample of value as MetricSample[]) this.set(sample.labels, sample.value);
            } catch (error) {
              app.log.warn({ err: error, metric: source.name }, 'metrics: a source failed');
            }
          },
        });
      }
    });

    app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (setting.token !== undefined && !tokenMatches(request, setting.token)) {
        return unauthorized(reply);
      }
      const text = await client.register.metrics();
      return reply.header('cache-control', 'no-store').type(client.register.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['config', 'database'], fastify: '5.x' },
);
