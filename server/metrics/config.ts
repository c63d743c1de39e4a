import { Type, type Static } from 'typebox';
import { BOOLEAN_DESCRIPTION } from '../plugins/env';

// Prometheus metrics at /metrics (docs/operations.md): off unless one of them is set.
export const MetricsEnvironment = Type.Object({
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'a bearer token of at least 16 printable characters, no spaces',
    }),
  ),
  METRICS_ENABLED: Type.Optional(Type.Boolean({ description: BOOLEAN_DESCRIPTION })),
});

export interface MetricsConfig {
  /**
   * `/metrics` (Prometheus): undefined = off (404). With a token, a scrape must send it
   * as a bearer token; `{ token: undefined }` (METRICS_ENABLED alone) is open to anyone
   * who reaches the port, for private networks only.
   */
  metrics: { token: string | undefined } | undefined;
}

/** METRICS_ENABLED wins when set; otherwise a token alone turns /metrics on. */
export function metricsConfig(checked: Static<typeof MetricsEnvironment>): MetricsConfig {
  const enabled = checked.METRICS_ENABLED;
  const token = checked.METRICS_TOKEN;
  return { metrics: (enabled ?? token !== undefined) ? { token } : undefined };
}
