import { useState } from 'react';
import { Alert, Button, Card, Typography } from 'antd';
import { describeFailure } from '../../components/serverErrors';
import { DeliveryLog } from './DeliveryLog';
import { DisabledWebhooksBanner } from './DisabledWebhooksBanner';
import { useWebhookActions } from './useWebhookActions';
import { useListWebhooksQuery, type NewWebhook, type Webhook } from './webhookApi';
import { MAX_WEBHOOKS } from './webhookFormat';
import { RecoverWebhookModal } from './RecoverWebhookModal';
import { WebhookFormModal } from './WebhookFormModal';
import { WebhookSecretModal } from './WebhookSecretModal';
import { WebhooksTable } from './WebhooksTable';

/** What the form edits: a subscription, a new one, or nothing (closed). */
type Editing = { webhook: Webhook | null } | null;

/**
 * Webhooks on the Integrations page: subscriptions that push results and athletes to the
 * coach's own system, the secret of a new one shown once, the banner of disabled ones,
 * each one's delivery log, and the recovery of the events one missed.
 */
export function WebhooksCard() {
  const { data: webhooks, isLoading, error } = useListWebhooksQuery();
  const actions = useWebhookActions();
  const [editing, setEditing] = useState<Editing>(null);
  const [made, setMade] = useState<NewWebhook | null>(null);
  const [recovering, setRecovering] = useState<Webhook | null>(null);
  const [log, setLog] = useState<{ webhook: Webhook | null; open: boolean }>({
    webhook: null,
    open: false,
  });
  const full = (webhooks?.length ?? 0) >= MAX_WEBHOOKS;

  return (
    <Card
      title="Webhooks"
      style={{ marginBottom: 24 }}
      extra={
        <Button
          type="primary"
          disabled={full || isLoading}
          onClick={() => setEditing({ webhook: null })}
        >
          Add webhook
        </Button>
      }
    >
      <DisabledWebhooksBanner />
      <Typography.Paragraph type="secondary">
        Splitline posts each new, corrected or deleted result (and new or edited athletes, if you
        choose) to your system&apos;s URL as it happens. Every request is signed (Standard Webhooks)
        so your system can check it came from Splitline; a failed delivery is tried again for more
        than a day. {full ? `An account has at most ${MAX_WEBHOOKS} webhooks.` : ''}
      </Typography.Paragraph>
      {error ? (
        <Alert
          type="error"
          showIcon
          title="The webhooks could not be loaded."
          description={describeFailure(error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <WebhooksTable
        webhooks={webhooks}
        loading={isLoading}
        actions={actions}
        onEdit={(webhook) => setEditing({ webhook })}
        onRecover={setRecovering}
        onShowLog={(webhook) => setLog({ webhook, open: true })}
      />
      {editing && (
        <WebhookFormModal
          webhook={editing.webhook}
          onClose={() => setEditing(null)}
          onCreated={setMade}
        />
      )}
      {recovering && (
        <RecoverWebhookModal webhook={recovering} onClose={() => setRecovering(null)} />
      )}
      <WebhookSecretModal made={made} onClose={() => setMade(null)} />
      <DeliveryLog
        webhook={log.webhook}
        open={log.open}
        onClose={() => setLog((was) => ({ ...was, open: false }))}
        onClosed={() => setLog({ webhook: null, open: false })}
      />
    </Card>
  );
}
