import { App, Button, Col, Form, Input, Row, Select } from 'antd';
import type { Role } from '../../../contract/permissions';
import { INVITATION_DAYS } from '../../../contract/workspace-constants';
import { FormProblems } from '../../components/FormProblems';
import { useServerFormErrors } from '../../components/useServerFormErrors';
import { useCreateInvitationMutation } from './memberApi';
import { roleOptions } from './memberFormat';
import { RosterLimitSelect } from './RosterLimitSelect';

interface InviteValues {
  email: string;
  role: Role;
  /** Empty: every roster. */
  rosterIds: number[];
}

const fieldNames = ['email', 'role', 'rosterIds'] as const;
const initialValues: InviteValues = { email: '', role: 'coach', rosterIds: [] };

/**
 * Invites an address with a role and, for a coach or viewer, an optional roster limit
 * (`POST /api/member/invitation`). The server mails the link; its 400 messages show at
 * their fields, a refusal (409: a member already, the workspace full) above the form.
 */
export function InviteForm() {
  const [form] = Form.useForm<InviteValues>();
  const { message } = App.useApp();
  const [createInvitation, { isLoading }] = useCreateInvitationMutation();
  const errors = useServerFormErrors(form, fieldNames);
  const role = Form.useWatch('role', form) ?? initialValues.role;

  const invite = ({ email, role: chosen, rosterIds }: InviteValues) =>
    errors.run(async () => {
      const limit = chosen === 'owner' || !rosterIds?.length ? null : rosterIds;
      const made = await createInvitation({
        email: email.trim(),
        role: chosen,
        rosterIds: limit,
      }).unwrap();
      void message.success(`Invitation sent to ${made.email}.`);
      form.resetFields();
    });

  return (
    <>
      <FormProblems problems={errors.problems} />
      <Form<InviteValues>
        form={form}
        name="invite"
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void invite(values)}
      >
        <Row gutter={16} align="bottom">
          <Col xs={24} md={9}>
            <Form.Item
              name="email"
              label="E-mail"
              rules={[
                { required: true, whitespace: true, message: 'Enter the address to invite' },
                {
                  type: 'email',
                  message: 'Enter an e-mail address',
                  transform: (v: string) => v?.trim(),
                },
              ]}
            >
              <Input
                type="email"
                autoComplete="off"
                placeholder="coach@example.com"
                maxLength={254}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10} md={5}>
            <Form.Item name="role" label="Role">
              <Select<Role> options={roleOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14} md={10}>
            <Form.Item
              name="rosterIds"
              label="Rosters"
              extra={role === 'owner' ? 'Owners see every roster.' : undefined}
            >
              <RosterLimitSelect disabled={role === 'owner'} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          extra={`The link in the e-mail works once and expires after ${INVITATION_DAYS} days.`}
        >
          <Button type="primary" htmlType="submit" loading={isLoading}>
            Send invitation
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
