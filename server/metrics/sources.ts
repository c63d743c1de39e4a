/**
 * Figures that other parts of the server contribute to `/metrics`, read at each scrape.
 * A domain registers a source once at start (`app.metricsSources.add(...)`); with
 * metrics off the call is accepted and nothing is read, so callers need no check.
 */
export interface MetricSample {
  labels: Record<string, string>;
  value: number;
}

export interface MetricsSource {
  /** Prometheus name: `splitline_<domain>_<what>`, e.g. `splitline_webhook_deliveries`. */
  name: string;
  help: string;
  /** Label names of the samples `read` answers (none: `read` answers one number). */
  labelNames?: readonly string[];
  /** The figure now; a failure leaves the gauge out of this scrape (and is logged). */
  read(): number | MetricSample[] | Promise<number | MetricSample[]>;
}

export interface MetricsSources {
  add(source: MetricsSource): void;
}

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
