import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import type { UpdateUserBody } from '../../../contract/user';
import { showServerErrors } from '../../components/serverErrors';
import { useUpdateUserMutation, type User } from './userApi';

type ProfileValues = Required<UpdateUserBody>;
const fieldNames = ['firstName', 'lastName', 'organisation'] as const;

/**
 * Name and organisation. After a save the user is fetched again (spec, section 7), which
 * also clears the shell's "update your profile" banner. The server's messages show at
 * their fields. When the stored profile changes under the form (the purge empties it),
 * the fields follow it: antd reads `initialValues` only once.
 */
export function ProfileForm({ user }: { user: User }) {
  const [form] = Form.useForm<ProfileValues>();
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { message } = App.useApp();
  const { firstName, lastName, organisation } = user;

  useEffect(() => {
    form.setFieldsValue({ firstName, lastName, organisation });
  }, [form, firstName, lastName, organisation]);

  async function save(values: ProfileValues) {
    setOtherErrors([]);
    try {
      await updateUser(values).unwrap();
      void message.success('Profile saved.');
    } catch (error) {
      setOtherErrors(showServerErrors(form, error, fieldNames));
    }
  }

  return (
    // The page is "Profile" already; the card says what it holds.
    <Card title="Your details">
      <Form
        form={form}
        layout="vertical"
        // Said before Save is pressed: the demo account starts without a last name.
        requiredMark={(label, { required }) => (
          <>
            {label}
            {required && <span>&nbsp;(required)</span>}
          </>
        )}
        initialValues={{ firstName, lastName, organisation }}
        onFinish={(values) => void save(values)}
        style={{ maxWidth: 480 }}
      >
        {otherErrors.length > 0 && (
          <Alert type="error" showIcon title={otherErrors.join(' ')} style={{ marginBottom: 16 }} />
        )}
        <Form.Item
          label="First name"
          name="firstName"
          rules={[{ required: true, whitespace: true, message: 'Enter your first name.' }]}
        >
          <Input autoComplete="given-name" maxLength={100} />
        </Form.Item>
        <Form.Item
          label="Last name"
          name="lastName"
          rules={[{ required: true, whitespace: true, message: 'Enter your last name.' }]}
        >
          <Input autoComplete="family-name" maxLength={100} />
        </Form.Item>
        <Form.Item label="Organisation" name="organisation" extra="Your school, club or team.">
          <Input autoComplete="organization" maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save profile
        </Button>
      </Form>
    </Card>
  );
}
