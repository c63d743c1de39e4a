import type { MetricsSource } from '../metrics';

/**
 * The webhook delivery queue as a gauge per status, from whatever counts the webhook
 * worker keeps (pending and retrying are the queue; failed gave up). Statuses with no
 * count are reported as 0 so that a dashboard's query always finds the series.
 * @example
 * app.metricsSources.add(webhookDeliveriesSource(() => webhookQueueStats(app.db)));
 */
export function webhookDeliveriesSource(
  stats: () => Promise<Partial<Record<string, number>>>,
  statuses: readonly string[] = ['pending', 'retrying', 'failed'],
): MetricsSource {
  return {
    name: 'splitline_webhook_deliveries',
    help: 'Webhook deliveries by status now: pending and retrying are the queue, failed gave up.',
    labelNames: ['status'],
    async read() {
      const counts = await stats();
      const names = new Set([...statuses, ...Object.keys(counts)]);
      return [...names].map((status) => ({ labels: { status }, value: counts[status] ?? 0 }));
    },
  };
}
