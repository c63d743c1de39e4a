import { Alert, Button, Flex } from 'antd';
import { disabledSentence, useDisabledWebhooks } from './disabledWebhooks';
import { useWebhookActions } from './useWebhookActions';

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
