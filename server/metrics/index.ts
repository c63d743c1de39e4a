/**
 * What the rest of the server may use of metrics (eslint holds the line): the plugin the
 * app registers, and the types of the figures another domain adds through
 * `app.metricsSources` (server/metrics/README.md).
 */
export { default as metricsPlugin } from './plugin';
export type { MetricSample, MetricsSource, MetricsSources } from './sources';
