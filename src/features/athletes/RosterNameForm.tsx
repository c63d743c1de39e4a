import { useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { placeServerErrors } from '../../components/serverErrors';

interface RosterNameFormProps {
  /** The input's accessible name, e.g. "New roster name". */
  label: string;
  initialName?: string;
  submitText: string;
  /** Saves the name; rejects with the call's error. */
  onSubmit: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * One roster name in a line: create or rename. The server's 400 messages (say, the
 * name is taken) show under the input.
 */
export function RosterNameForm({
  label,
  initialName = '',
  submitText,
  onSubmit,
  onCancel,
}: RosterNameFormProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  async function save({ name }: { name: string }) {
    setSaving(true);
    setOtherErrors([]);
    try {
      await onSubmit(name.trim());
      form.resetFields();
    } catch (error) {
      setOtherErrors(placeServerErrors(form, error, ['name']).messages);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form
      form={form}
      initialValues={{ name: initialName }}
      onFinish={(values) => void save(values)}
      style={{ flex: 1 }}
    >
      <Flex gap={8} align="start">
        <Form.Item
          name="name"
          style={{ flex: 1, marginBottom: 0 }}
          rules={[{ required: true, whitespace: true, message: 'Enter a roster name.' }]}
        >
          <Input
            aria-label={label}
            placeholder="Roster name"
            maxLength={100}
            autoFocus={!!onCancel}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Flex>
      {otherErrors.length > 0 && (
        <Alert type="error" showIcon title={otherErrors.join(' ')} style={{ marginTop: 8 }} />
      )}
    </Form>
  );
}
