import { Button, Modal, Typography } from 'antd';
import { ShownOnce } from './ShownOnce';
import type { NewWebhook } from './webhookApi';

/**
 * The signing secret of a new subscription, shown once (like a new API key): the server
 * keeps no way to show it again, and closing the dialog removes it from the page.
 */
export function WebhookSecretModal({
  made,
  onClose,
}: {
  made: NewWebhook | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={made !== null}
      destroyOnHidden
      title={`Signing secret for ${made?.url ?? ''}`}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          I have stored the secret
        </Button>
      }
    >
      <ShownOnce
        value={made?.secret ?? ''}
        label="Signing secret"
        warning="Copy this secret now: it will not be shown again."
        ifLost="If it is lost, delete the webhook and add it again."
      />
      <Typography.Paragraph type="secondary">
        Your receiver checks each request&apos;s{' '}
        <Typography.Text code>webhook-signature</Typography.Text> with this secret using any
        Standard Webhooks library, and drops a <Typography.Text code>webhook-id</Typography.Text> it
        has already seen.
      </Typography.Paragraph>
    </Modal>
  );
}
