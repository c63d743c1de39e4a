import { Button, Dropdown, Flex, Table, Tag, theme, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, EllipsisOutlined } from '@ant-design/icons';
import moment from 'moment';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import type { Roster } from '../../lib/api/referenceApi';
import type { Member } from './memberApi';
import { memberName, ROLE_LABELS, rosterNames } from './memberFormat';

/** What a row's actions ask the page to do. */
export interface MemberActions {
  edit(member: Member): void;
  handOver(member: Member): void;
  remove(member: Member): void;
}

interface MembersTableProps {
  members: Member[] | undefined;
  rosters: Roster[] | undefined;
  loading: boolean;
  /** The signed-in user's id: their own row is marked and cannot be removed here. */
  selfId: string | undefined;
  actions: MemberActions;
}

const joined = (at: string) => moment(at).format('ll');

function RoleTag({ role }: { role: Member['role'] }) {
  const { token } = theme.useToken();
  const { label, color } = ROLE_LABELS[role];
  // antd writes a preset tag's text in shade 7 of its colour, under 4.5:1 on its pale
  // background for gold (axe); shade 9 reads well and keeps the colour (as TierTag does).
  const text = (token as unknown as Record<string, string | undefined>)[`${color}9`];
  return (
    <Tag color={color} style={{ marginInlineEnd: 0, ...(text ? { color: text } : {}) }}>
      {label}
    </Tag>
  );
}

function RosterTags({ member, rosters }: { member: Member; rosters: Roster[] | undefined }) {
  if (!member.rosterIds) return <Typography.Text type="secondary">All rosters</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {rosterNames(member.rosterIds, rosters).map((name, index) => (
        <Tag key={member.rosterIds![index]} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}

const hasName = (member: Member) => memberName(member) !== member.email;

/**
 * The member's name and _You_ on one's own row. Without a name yet (a new account), the
 * phone column shows the address in its place (`fallback`); the desktop's Name column
 * says so, the address being in the next column.
 */
function Name({ member, self, fallback }: { member: Member; self: boolean; fallback: boolean }) {
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {hasName(member) || fallback ? (
        memberName(member)
      ) : (
        <Typography.Text type="secondary">No name yet</Typography.Text>
      )}
      {self && <Tag style={{ marginInlineStart: 8 }}>You</Tag>}
    </span>
  );
}

function RowActions({
  member,
  self,
  actions,
}: {
  member: Member;
  self: boolean;
  actions: MemberActions;
}) {
  const name = memberName(member);
  // Handing over to an owner would only demote the caller; one's own row has neither.
  const more = [
    ...(!self && member.role !== 'owner'
      ? [{ key: 'handOver', label: 'Hand over ownership…' }]
      : []),
    ...(!self ? [{ key: 'remove', label: 'Remove from workspace…', danger: true }] : []),
  ];
  return (
    <Flex gap={4} wrap={false} justify="end">
      <Button
        size="small"
        icon={<EditOutlined />}
        aria-label={`Edit access of ${name}`}
        onClick={() => actions.edit(member)}
      />
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more,
            onClick: ({ key }) => (key === 'remove' ? actions.remove : actions.handOver)(member),
          }}
        >
          <Button size="small" icon={<EllipsisOutlined />} aria-label={`More for ${name}`} />
        </Dropdown>
      )}
    </Flex>
  );
}

/**
 * The members: name, e-mail, role, roster limit, joined, and the actions (edit access;
 * hand over, remove). Column priority (decision 033): a phone shows one Member column
 * (name; e-mail; role and rosters; joined) beside the actions; from `sm` the columns,
 * Rosters from `md`, Joined from `lg`.
 */
export function MembersTable({ members, rosters, loading, selfId, actions }: MembersTableProps) {
  const columns: TableColumnsType<Member> = [
    {
      key: 'member',
      title: 'Member',
      responsive: ['xs'],
      render: (_, member) => (
        <Flex vertical gap={2} align="start" style={{ overflowWrap: 'anywhere' }}>
          <strong>
            <Name member={member} self={member.userId === selfId} fallback />
          </strong>
          {hasName(member) && <Typography.Text type="secondary">{member.email}</Typography.Text>}
          <Flex wrap gap={4} align="center">
            <RoleTag role={member.role} />
            <RosterTags member={member} rosters={rosters} />
          </Flex>
          <Typography.Text type="secondary">Joined {joined(member.joinedAt)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'name',
      title: 'Name',
      responsive: ['sm'],
      render: (_, member) => (
        <Name member={member} self={member.userId === selfId} fallback={false} />
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
      key: 'role',
      title: 'Role',
      dataIndex: 'role',
      responsive: ['sm'],
      render: (role: Member['role']) => <RoleTag role={role} />,
    },
    {
      key: 'rosters',
      title: 'Rosters',
      responsive: ['md'],
      render: (_, member) => <RosterTags member={member} rosters={rosters} />,
    },
    {
      key: 'joined',
      title: 'Joined',
      dataIndex: 'joinedAt',
      responsive: ['lg'],
      render: (at: string) => <time dateTime={at}>{joined(at)}</time>,
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 80,
      render: (_, member) => (
        <RowActions member={member} self={member.userId === selfId} actions={actions} />
      ),
    },
  ];
  return (
    <Table<Member>
      size="small"
      rowKey="userId"
      aria-label="Members"
      loading={loading}
      dataSource={members}
      pagination={false}
      columns={columns}
    />
  );
}
