import { useMemo } from 'react';
import { useMayCall } from '../../lib/permissions';
import { useListWebhooksQuery, type Webhook } from './webhookApi';

/**
 * The account's subscriptions that the server disabled after repeated failures. Reads the
 * same cached list as the Integrations page, so a resume anywhere clears it everywhere.
 * Only an owner may read webhooks: for other members there are none to warn about.
 *
 * @example
 * const disabled = useDisabledWebhooks();
 * if (disabled.length > 0) return <Badge dot />;
 */
export function useDisabledWebhooks(): Webhook[] {
  const { allowed } = useMayCall('GET', '/api/integration/webhook');
  const { data } = useListWebhooksQuery(undefined, { skip: !allowed });
  return useMemo(() => (data ?? []).filter((webhook) => webhook.status === 'disabled'), [data]);
}

/** "… was disabled after repeated failures: <reason>. Fix the receiver, then resume it." */
export function disabledSentence({ url, disabledReason }: Webhook): string {
  const reason = disabledReason?.trim().replace(/\.+$/, '');
  return `Webhook ${url} was disabled after repeated failures${reason ? `: ${reason}` : ''}. Fix the receiver, then resume it.`;
}
