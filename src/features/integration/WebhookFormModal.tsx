import { App, Checkbox, Form, Input, Modal } from 'antd';
import { FormProblems } from '../../components/FormProblems';
import { useServerFormErrors } from '../../components/useServerFormErrors';
import { TELEMETRY_EVENTS, track } from '../../lib/telemetry';
import {
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  type NewWebhook,
  type Webhook,
  type WebhookInput,
} from './webhookApi';
import { EVENT_TYPES, eventLabel, webhookUrlProblem } from './webhookFormat';

interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookInput['events'];
}

const fieldNames = ['url', 'description', 'events'] as const;
const eventOptions = EVENT_TYPES.map((type) => ({ value: type, label: eventLabel(type) }));

/** `PUT` replaces the subscription: both create and update send every field. */
const inputOf = ({ url, description, events }: WebhookFormValues): WebhookInput => ({
  url: url.trim(),
  description: (description ?? '').trim(),
  events,
});

interface WebhookFormModalProps {
  /** The subscription to edit, or null to add one. */
  webhook: Webhook | null;
  onClose: () => void;
  /** A new subscription was made: the only moment its secret exists on the page. */
  onCreated: (made: NewWebhook) => void;
}

/**
 * Adds or edits a subscription: URL, description, events. The server's 400 messages show
 * at their fields (`events.0` at the events); others in an alert above the form. Mounted
 * only while open, so each opening starts from the subscription as it is.
 */
export function WebhookFormModal({ webhook, onClose, onCreated }: WebhookFormModalProps) {
  const [form] = Form.useForm<WebhookFormValues>();
  const { message } = App.useApp();
  const [createWebhook, creating] = useCreateWebhookMutation();
  const [updateWebhook, updating] = useUpdateWebhookMutation();
  const errors = useServerFormErrors(form, fieldNames);

  const save = (values: WebhookFormValues) =>
    errors.run(async () => {
      const input = inputOf(values);
      if (webhook) {
        await updateWebhook({ id: webhook.id, input }).unwrap();
        void message.success(`Saved the webhook to ${input.url}.`);
      } else {
        onCreated(await createWebhook(input).unwrap());
        track(TELEMETRY_EVENTS.webhookCreated, { events: input.events.length });
      }
      onClose();
    });

  return (
    <Modal
      open
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      okText={webhook ? 'Save' : 'Add webhook'}
      onOk={() => form.submit()}
      confirmLoading={creating.isLoading || updating.isLoading}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormProblems problems={errors.problems} />
      <Form<WebhookFormValues>
        form={form}
        name="webhook"
        layout="vertical"
        requiredMark="optional"
        initialValues={{
          url: webhook?.url ?? '',
          description: webhook?.description ?? '',
          events: webhook?.events ?? ['result.created'],
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="url"
          label="URL"
          extra="Your system's address that receives the events (https recommended)."
          rules={[
            { required: true, whitespace: true, message: 'Enter the URL that receives events' },
            {
              validator: (_rule, value: string) => {
                const problem = value?.trim() ? webhookUrlProblem(value) : null;
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com/splitline"
            maxLength={2000}
          />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input placeholder="Team results sheet" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="events"
          label="Events"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one event' }]}
        >
          <Checkbox.Group
            role="group"
            aria-label="Events"
            options={eventOptions}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
