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
