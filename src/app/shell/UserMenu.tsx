import { lazy, Suspense, useState } from 'react';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, ExportOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useGetUserQuery } from '../../features/account/userApi';
import { selectIdentity, signOutRequested } from '../../lib/session';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { ROLE_NAMES } from '../../lib/permissions';
import { getQueueOwner } from '../../lib/offline/queueOwner';
import { describeFailure } from '../../components/serverErrors';
import { useSwitchWorkspace } from '../../features/workspace/useSwitchWorkspace';

const SignOutWarning = lazy(
  () => import(/* webpackChunkName: "offline-queue" */ '../../features/offline/SignOutWarning'),
);

/** The name to show: the profile's, else the ID token's. */
function useDisplayName(): string {
  const { data: user } = useGetUserQuery();
  const identity = useAppSelector(selectIdentity);
  const profileName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return profileName || identity?.name || identity?.email || 'Account';
}

/**
 * The user's workspaces to switch between, when there is more than one (issue 34), and
 * leaving the one the tab works in when it is not theirs (`next`: where they go then).
 */
function useWorkspaceItems(): { items: MenuProps['items']; next: string | null } {
  const { data: user } = useGetUserQuery();
  const workspaces = user?.workspaces ?? [];
  if (!user || workspaces.length < 2) return { items: [], next: null };
  const current = workspaces.find((workspace) => workspace.id === user.id);
  const others = workspaces.filter((workspace) => workspace.id !== user.id);
  const next = (others.find((workspace) => workspace.id === user.userId) ?? others[0])!.id;
  const mayLeave = current !== undefined && current.id !== user.userId;
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'workspaces',
      label: 'Workspaces',
      children: workspaces.map((workspace) => ({
        key: `workspace:${workspace.id}`,
        icon: workspace.id === user.id ? <CheckOutlined aria-label="current" /> : <span />,
        label: `${workspace.name} · ${ROLE_NAMES[workspace.role]}`,
        disabled: workspace.id === user.id,
      })),
    },
    ...(mayLeave
      ? [{ key: 'leave', icon: <ExportOutlined />, label: `Leave ${current.name}…` }]
      : []),
    { type: 'divider' },
  ];
  return { items, next };
}

/**
 * Avatar and name at the top right; opens Profile and Logout (spec, section 2), and the
 * user's workspaces when they belong to several (issue 34).
 */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const { message, modal } = App.useApp();
  const name = useDisplayName();
  const [waiting, setWaiting] = useState(0);
  const { switchTo, leave } = useSwitchWorkspace();
  const workspaces = useWorkspaceItems();
  const items: MenuProps['items'] = [
    ...(workspaces.items ?? []),
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <Link to={paths.home.account.path}>{paths.home.account.label}</Link>,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void signOutOrWarn();
    const failed = (failure: unknown) => void message.error(describeFailure(failure));
    if (key.startsWith('workspace:')) switchTo(key.slice('workspace:'.length)).catch(failed);
    if (key === 'leave' && workspaces.next) {
      const next = workspaces.next;
      void modal.confirm({
        title: 'Leave this workspace?',
        content:
          'You will no longer see its athletes, results and reports. An owner can invite you again.',
        okText: 'Leave',
        okButtonProps: { danger: true },
        onOk: () => leave(next).catch(failed),
      });
    }
  };
  /** Results saved offline and not sent yet: ask first, never drop them (docs/offline.md). */
  const signOutOrWarn = async () => {
    const owner = getQueueOwner();
    const count = owner
      ? await import(/* webpackChunkName: "offline-queue" */ '../../lib/offline/entryQueue')
          .then(({ entryQueue }) => entryQueue(owner.key).list())
          .then((rows) => rows.filter((row) => row.state === 'waiting').length)
          .catch(() => 0)
      : 0;
    if (count === 0) dispatch(signOutRequested());
    else setWaiting(count);
  };
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <>
      {waiting > 0 && (
        <Suspense fallback={null}>
          <SignOutWarning
            waiting={waiting}
            onSignOut={() => {
              setWaiting(0);
              dispatch(signOutRequested());
            }}
            onStay={() => setWaiting(0)}
          />
        </Suspense>
      )}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" aria-label={`Account menu of ${name}`} style={{ height: 40 }}>
          {/* The initials are drawn by CSS (public/index.html): decoration, so that the
            visible text of the button is the name its label ends with (WCAG 2.5.3). An
            empty icon, not text: antd measures a text avatar to scale it (a forced layout
            of the whole page as the shell first renders). */}
          <Avatar
            size="small"
            aria-hidden="true"
            className="avatar-initials"
            data-initials={initials}
            icon={<span />}
          />
          {/* Hidden below antd's `sm` breakpoint by CSS (public/index.html), not by
            Grid.useBreakpoint: its state is set in a layout effect, which made React
            re-render the header synchronously as the shell first drew. */}
          <span className="user-menu-name">{name}</span>
        </Button>
      </Dropdown>
    </>
  );
}
