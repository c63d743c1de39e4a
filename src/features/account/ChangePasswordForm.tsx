import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { showServerErrors } from '../../components/serverErrors';
import { useChangePasswordMutation } from './userApi';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const serverFields = ['currentPassword', 'newPassword'] as const;

/** The current password re-authenticates the change; the server's messages show at fields. */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { message } = App.useApp();

  async function submit({ currentPassword, newPassword }: PasswordValues) {
    setOtherErrors([]);
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      form.resetFields();
      void message.success('Password changed.');
    } catch (error) {
      setOtherErrors(showServerErrors(form, error, serverFields));
    }
  }

  return (
    <Card title="Change password">
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 480 }}
      >
        {otherErrors.length > 0 && (
          <Alert type="error" showIcon title={otherErrors.join(' ')} style={{ marginBottom: 16 }} />
        )}
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[{ required: true, message: 'Enter your current password.' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          rules={[{ required: true, message: 'Enter a new password.' }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Enter the new password again.' },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The two passwords do not match.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
