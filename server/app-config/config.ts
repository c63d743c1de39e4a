import { Type, type Static } from 'typebox';
import type { VariableGroup } from '../plugins/env';

// Usage telemetry in the browser (docs/telemetry.md): off unless both are set.
export const TelemetryEnvironment = Type.Object({
  POSTHOG_KEY: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9_-]{8,200}$',
      description: "a PostHog project API key such as phc_... (the project's public key)",
    }),
  ),
  POSTHOG_HOST: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s/]+(/[^\\s]*)?$',
      description:
        'the PostHog ingestion URL, such as https://eu.i.posthog.com (or your reverse proxy)',
    }),
  ),
});

export const telemetryGroups: VariableGroup[] = [
  {
    names: ['POSTHOG_KEY', 'POSTHOG_HOST'],
    why: 'set both (usage telemetry to PostHog) or neither (no telemetry)',
  },
];

export interface TelemetryConfig {
  /** Both set: the app sends usage telemetry to PostHog (docs/telemetry.md); else off. */
  posthog: { key: string; host: string } | undefined;
}

export function telemetryConfig(checked: Static<typeof TelemetryEnvironment>): TelemetryConfig {
  return {
    posthog:
      checked.POSTHOG_KEY && checked.POSTHOG_HOST
        ? { key: checked.POSTHOG_KEY, host: checked.POSTHOG_HOST.replace(/\/+$/, '') }
        : undefined,
  };
}
