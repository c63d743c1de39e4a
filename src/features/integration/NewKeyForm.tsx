import { useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { showServerErrors } from '../../components/serverErrors';
import { useCreateApiKeyMutation, type NewApiKey } from './apiKeyApi';
import { ShownOnce } from './ShownOnce';

interface NewKeyValues {
  name: string;
}

/** Names a new key; then shows the key once, with a copy button and a warning. */
export function NewKeyForm() {
  const [form] = Form.useForm<NewKeyValues>();
  const [createApiKey, { isLoading }] = useCreateApiKeyMutation();
  const [made, setMade] = useState<NewApiKey | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function submit({ name }: NewKeyValues) {
    setProblems([]);
    try {
      setMade(await createApiKey({ name: name.trim() }).unwrap());
      form.resetFields();
    } catch (error) {
      setProblems(showServerErrors(form, error, ['name']));
    }
  }

  return (
    <>
      <Form form={form} layout="inline" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name the device or app' }]}
        >
          <Input placeholder="Lane 1 gates" maxLength={100} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Create API key
          </Button>
        </Form.Item>
      </Form>
      {problems.length > 0 && (
        <Alert type="error" showIcon title={problems.join(' ')} style={{ marginTop: 12 }} />
      )}
      <Modal
        open={made !== null}
        destroyOnHidden
        title={`API key for ${made?.name ?? ''}`}
        onCancel={() => setMade(null)}
        footer={
          <Button type="primary" onClick={() => setMade(null)}>
            I have stored the key
          </Button>
        }
      >
        <ShownOnce
          value={made?.key ?? ''}
          label="New API key"
          warning="Copy this key now: it is shown only once."
          ifLost="Splitline keeps only a fingerprint of it. If it is lost, revoke it and make another."
        />
      </Modal>
    </>
  );
}
