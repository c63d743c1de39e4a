import {
  Button,
  Empty,
  Flex,
  Popconfirm,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import moment from 'moment';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { Roster } from '../../lib/api/referenceApi';
import type { Invitation } from './memberApi';
import { ROLE_LABELS, rosterNames, STATUS_TAGS } from './memberFormat';

interface InvitationsTableProps {
  invitations: Invitation[] | undefined;
  rosters: Roster[] | undefined;
  loading: boolean;
  onWithdraw: (invitation: Invitation) => void;
}

const day = (at: string) => moment(at).format('ll');

/** "Pending · expires Mar 8, 2026", "Expired Mar 8, 2026", "Accepted", "Withdrawn". */
function Status({ invitation }: { invitation: Invitation }) {
  const { label, color } = STATUS_TAGS[invitation.status];
  const expiry =
    invitation.status === 'pending'
      ? `expires ${day(invitation.expiresAt)}`
      : invitation.status === 'expired'
        ? day(invitation.expiresAt)
        : null;
  return (
    <Flex wrap gap={4} align="center">
      <Tag color={color} style={{ marginInlineEnd: 0 }}>
        {label}
      </Tag>
      {expiry && <Typography.Text type="secondary">{expiry}</Typography.Text>}
    </Flex>
  );
}

function Access({
  invitation,
  rosters,
}: {
  invitation: Invitation;
  rosters: Roster[] | undefined;
}) {
  const limit = rosterNames(invitation.rosterIds, rosters).join(', ');
  return (
    <span>
      {ROLE_LABELS[invitation.role].label}
      <Typography.Text type="secondary"> · {limit}</Typography.Text>
    </span>
  );
}

/**
 * The invitations, newest first, with their status and expiry; a pending one can be
 * withdrawn (its link stops working). Column priority (decision 033): a phone shows one
 * Invitation column (address; role and rosters; status) beside Withdraw; from `sm` the
 * columns, Sent from `md`.
 */
export function InvitationsTable({
  invitations,
  rosters,
  loading,
  onWithdraw,
}: InvitationsTableProps) {
  const columns: TableColumnsType<Invitation> = [
    {
      key: 'invitation',
      title: 'Invitation',
      responsive: ['xs'],
      render: (_, invitation) => (
        <Flex vertical gap={2} align="start" style={{ overflowWrap: 'anywhere' }}>
          <strong>{invitation.email}</strong>
          <Access invitation={invitation} rosters={rosters} />
          <Status invitation={invitation} />
        </Flex>
      ),
    },
    {
      key: 'email',
      title: 'E-mail',
      dataIndex: 'email',
      responsive: ['sm'],
      render: (email: string) => <span style={{ overflowWrap: 'anywhere' }}>{email}</span>,
    },
    {
      key: 'access',
      title: 'Role and rosters',
      responsive: ['sm'],
      render: (_, invitation) => <Access invitation={invitation} rosters={rosters} />,
    },
    {
      key: 'sent',
      title: 'Sent',
      dataIndex: 'createdAt',
      responsive: ['md'],
      render: (at: string) => <time dateTime={at}>{day(at)}</time>,
    },
    {
      key: 'status',
      title: 'Status',
      responsive: ['sm'],
      render: (_, invitation) => <Status invitation={invitation} />,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 100,
      render: (_, invitation) =>
        invitation.status === 'pending' && (
          <Popconfirm
            title={`Withdraw the invitation to ${invitation.email}?`}
            description="Its link stops working. You can invite the address again."
            okText="Withdraw"
            okButtonProps={{ danger: true }}
            onConfirm={() => onWithdraw(invitation)}
          >
            <Button size="small" aria-label={`Withdraw the invitation to ${invitation.email}`}>
              Withdraw
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <Table<Invitation>
      size="small"
      rowKey="id"
      aria-label="Invitations"
      loading={loading}
      dataSource={invitations}
      pagination={false}
      columns={columns}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No invitations yet: invite your staff by e-mail above."
          />
        ),
      }}
    />
  );
}
