import { Type, type Static } from 'typebox';
import { BOOLEAN_DESCRIPTION } from '../plugins/env';

/** A 32-byte key: 44 characters of base64 (with its padding) or 64 hex digits. */
const KEY_PATTERN = '([A-Za-z0-9+/]{43}=|[0-9a-fA-F]{64})';

export const WebhookEnvironment = Type.Object({
  // Webhook targets on loopback, private or link-local addresses (docs/webhooks.md): off,
  // so that a coach's URL cannot reach the server's own network; tests and a closed
  // network where the receivers sit next to the server turn it on.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Boolean({
    default: false,
    description: BOOLEAN_DESCRIPTION,
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60000,
    default: 10000,
    description: 'milliseconds from 100 to 60000',
  }),
  // The key that encrypts webhook signing secrets at rest (server/webhook/secret-keys.ts);
  // unset: a key made in DATA_DIR. Older keys after a rotation: only to open secrets.
  WEBHOOK_SECRET_KEY: Type.Optional(
    Type.String({
      pattern: `^${KEY_PATTERN}$`,
      description:
        '32 bytes in base64 (44 characters) or hex (64), such as `openssl rand -base64 32`',
    }),
  ),
  WEBHOOK_SECRET_KEY_PREVIOUS: Type.Optional(
    Type.String({
      pattern: `^\\s*${KEY_PATTERN}\\s*(,\\s*${KEY_PATTERN}\\s*)*$`,
      description: 'keys as WEBHOOK_SECRET_KEY takes them, separated by commas',
    }),
  ),
});

/** Never shown in a message (start failures end up in logs). */
export const WEBHOOK_SECRETS = ['WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS'] as const;

export interface WebhookConfig {
  /** Webhooks may target loopback, private and link-local addresses (off by default). */
  webhookAllowPrivateTargets: boolean;
  /** How long a webhook receiver may take to answer before the attempt counts as failed. */
  webhookTimeoutMs: number;
  /**
   * The key that seals webhook signing secrets (WEBHOOK_SECRET_KEY; unset: the key file
   * of DATA_DIR), and older ones that only open them (server/webhook/secret-keys.ts).
   */
  webhookSecretKey: string | undefined;
  webhookSecretKeysPrevious: string[];
}

export function webhookConfig(checked: Static<typeof WebhookEnvironment>): WebhookConfig {
  return {
    webhookAllowPrivateTargets: checked.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    webhookTimeoutMs: checked.WEBHOOK_TIMEOUT_MS,
    webhookSecretKey: checked.WEBHOOK_SECRET_KEY,
    webhookSecretKeysPrevious: (checked.WEBHOOK_SECRET_KEY_PREVIOUS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
  };
}
