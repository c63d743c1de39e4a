import { Alert, App, Form, Modal, Radio, Typography } from 'antd';
import type { Role } from '../../../contract/permissions';
import { FormProblems } from '../../components/FormProblems';
import { useServerFormErrors } from '../../components/useServerFormErrors';
import { useUpdateMemberMutation, type Member } from './memberApi';
import { memberName, ROLE_LABELS, roleOptions } from './memberFormat';
import { RosterLimitSelect } from './RosterLimitSelect';

interface AccessValues {
  role: Role;
  /** Empty: every roster. */
  rosterIds: number[];
}

const fieldNames = ['role', 'rosterIds'] as const;

interface MemberAccessModalProps {
  member: Member;
  /** The signed-in user is this member: demoting themself ends their access to this page. */
  isSelf: boolean;
  onClose: () => void;
}

/**
 * A member's role and roster limit, saved together (`PUT /api/member/{userId}`). Owners
 * see every roster, so the limit is off for them. The server's refusals show above the
 * form: 409 for the last owner, 400s at their fields. Mounted only while open.
 */
export function MemberAccessModal({ member, isSelf, onClose }: MemberAccessModalProps) {
  const [form] = Form.useForm<AccessValues>();
  const { message } = App.useApp();
  const [updateMember, { isLoading }] = useUpdateMemberMutation();
  const errors = useServerFormErrors(form, fieldNames);
  const role = Form.useWatch('role', form) ?? member.role;
  const name = memberName(member);

  const save = ({ role: chosen, rosterIds }: AccessValues) =>
    errors.run(async () => {
      const limit = chosen === 'owner' || !rosterIds?.length ? null : rosterIds;
      await updateMember({ userId: member.userId, role: chosen, rosterIds: limit }).unwrap();
      void message.success(`Saved ${name}’s access.`);
      onClose();
    });

  return (
    <Modal
      open
      title={`Access of ${name}`}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={isLoading}
      onCancel={onClose}
      destroyOnHidden
    >
      <FormProblems problems={errors.problems} />
      <Form<AccessValues>
        form={form}
        name="member-access"
        layout="vertical"
        initialValues={{ role: member.role, rosterIds: member.rosterIds ?? [] }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="role" label="Role">
          <Radio.Group
            aria-label="Role"
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={roleOptions.map(({ value, label }) => ({
              value,
              label: (
                <span>
                  {label}
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {ROLE_LABELS[value].does}
                  </Typography.Text>
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="rosterIds"
          label="Rosters"
          extra={
            role === 'owner'
              ? 'Owners see every roster.'
              : 'Limit to some rosters: they see and change only those rosters’ athletes and results. Leave empty for all rosters.'
          }
        >
          <RosterLimitSelect disabled={role === 'owner'} />
        </Form.Item>
      </Form>
      {isSelf && member.role === 'owner' && role !== 'owner' && (
        <Alert
          type="warning"
          showIcon
          title={`As ${ROLE_LABELS[role].label.toLowerCase()}, you will no longer manage members, the Store, API keys or webhooks.`}
        />
      )}
    </Modal>
  );
}
