import { useMemo } from 'react';
import { Alert, Button, Flex } from 'antd';
import { useMayCall } from '../../lib/permissions';
import { useListWebhooksQuery, type Webhook } from './webhookApi';
import { useWebhookActions } from './useWebhookActions';

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

/**
 * One warning per disabled subscription, each with Resume. Nothing when none is disabled;
 * the shell may mount it on every page (it costs one cached list query).
 */
export function DisabledWebhooksBanner() {
  const disabled = useDisabledWebhooks();
  const actions = useWebhookActions();
  if (disabled.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {disabled.map((webhook) => (
        <Alert
          key={webhook.id}
          type="warning"
          showIcon
          title={disabledSentence(webhook)}
          style={{ wordBreak: 'break-word' }}
          action={
            <Button
              size="small"
              loading={actions.busy('resume', webhook)}
              onClick={() => void actions.resume(webhook)}
              aria-label={`Resume ${webhook.url}`}
            >
              Resume
            </Button>
          }
        />
      ))}
    </Flex>
  );
}
