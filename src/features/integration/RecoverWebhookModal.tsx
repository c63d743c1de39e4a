import { useState, type CSSProperties } from 'react';
import { Alert, App, Form, Grid, Modal, Typography } from 'antd';
import { DatePicker } from '../../components/DatePicker';
import { FormProblems } from '../../components/FormProblems';
import { useServerFormErrors } from '../../components/useServerFormErrors';
import { useRecoverWebhookMutation, type Webhook } from './webhookApi';
import { recoveryWindow, timesOutside } from './recoveryWindow';
import { recoveredSentence } from './recoveryFormat';
import { WEBHOOK_KEEP_DAYS, WEBHOOK_STATUS_TAGS } from './webhookFormat';

interface RecoverValues {
  /** An ISO instant (the picker's `datetime` value). */
  since: string;
}

const fieldNames = ['since'] as const;

/** antd's picker sizes (CSS variables), narrowed: 7 × 32 + 2 × 52 + padding = 365 px. */
const narrowPopup = {
  '--ant-date-picker-cell-width': '32px',
  '--ant-date-picker-time-column-width': '52px',
} as CSSProperties;
/** antd's own flips (bottomLeft's), and a shift back into the screen at its right edge. */
const phoneAlign = { overflow: { adjustX: 1, adjustY: 1, shiftX: true } };

interface RecoverWebhookModalProps {
  webhook: Webhook;
  onClose: () => void;
}

/**
 * "Recover missed events…": sends again to a subscription the events since an instant
 * (within the kept window; 24 hours ago unless changed) that it has not received, those
 * it missed while disabled and those that failed. Says how many in a message and closes;
 * the server's 400 shows at the field. Mounted only while open, so each opening starts
 * from 24 hours ago and a window as of then.
 */
export function RecoverWebhookModal({ webhook, onClose }: RecoverWebhookModalProps) {
  const [form] = Form.useForm<RecoverValues>();
  const { message } = App.useApp();
  const [recoverWebhook, { isLoading }] = useRecoverWebhookMutation();
  const errors = useServerFormErrors(form, fieldNames);
  const [kept] = useState(() => recoveryWindow());
  const [dayAgo] = useState(() => kept.newest.clone().subtract(24, 'hours').startOf('minute'));
  const waiting = webhook.status !== 'active';
  const { sm } = Grid.useBreakpoint();

  const recover = ({ since }: RecoverValues) =>
    errors.run(async () => {
      const recovery = await recoverWebhook({ id: webhook.id, since }).unwrap();
      void message.success(recoveredSentence(webhook, recovery));
      onClose();
    });

  return (
    <Modal
      open
      title="Recover missed events"
      okText="Send again"
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Sends again to <Typography.Text strong>{webhook.url}</Typography.Text> the events since the
        time below that it has not received: those it missed while disabled and those whose delivery
        failed. Events it received are not sent twice.
      </Typography.Paragraph>
      {waiting && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`It is ${WEBHOOK_STATUS_TAGS[webhook.status].label.toLowerCase()}: the missed events are sent when you resume it.`}
        />
      )}
      <FormProblems problems={errors.problems} />
      <Form<RecoverValues>
        form={form}
        name="recover"
        layout="vertical"
        initialValues={{ since: dayAgo.toISOString() }}
        onFinish={(values) => void recover(values)}
      >
        <Form.Item
          name="since"
          label="Events since"
          extra={`Within the last ${WEBHOOK_KEEP_DAYS} days: events are kept that long.`}
          rules={[{ required: true, message: 'Choose the date and time to start from' }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            valueFormat="datetime"
            allowClear={false}
            minDate={kept.oldest}
            maxDate={kept.newest}
            disabledTime={timesOutside(kept)}
            style={{ width: '100%', maxWidth: 240 }}
            // Calendar and time side by side are 400 px wide: on a phone, narrower cells
            // and time columns, moved left as far as needed, fit them in a 390 px screen.
            styles={sm ? undefined : { popup: { root: narrowPopup } }}
            popupAlign={sm ? undefined : phoneAlign}
            // In the dialog, not in a portal of its own: antd's nested portal attaches the
            // popup a render late, after the picker has measured it (a warning in development).
            getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
            // Enter takes the typed time; it does not send the form, which would send the
            // time before it when the typed one is outside the window.
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
