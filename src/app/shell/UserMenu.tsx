import { Avatar, Button, Dropdown, Modal, type MenuProps } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useGetUserQuery } from '../../features/account/userApi';
import { selectIdentity, signOutRequested } from '../../lib/session';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { useEntryQueue, waitingCount } from '../../lib/offline';

/** The name to show: the profile's, else the ID token's. */
function useDisplayName(): string {
  const { data: user } = useGetUserQuery();
  const identity = useAppSelector(selectIdentity);
  const profileName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return profileName || identity?.name || identity?.email || 'Account';
}

/** Avatar and name at the top right; opens Profile and Logout (spec, section 2). */
export function UserMenu() {
  const dispatch = useAppDispatch();
  const name = useDisplayName();
  const waiting = waitingCount(useEntryQueue());
  const [modal, modalHolder] = Modal.useModal();
  const items: MenuProps['items'] = [
    {
      key: 'profile',
      icon: <UserOutlined />,
      label: <Link to={paths.home.account.path}>{paths.home.account.label}</Link>,
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key !== 'logout') return;
    if (waiting === 0) {
      dispatch(signOutRequested());
      return;
    }
    // Results saved offline stay on this device, for this user only (docs/offline.md).
    void modal.confirm({
      title: `${waiting} result${waiting === 1 ? ' is' : 's are'} not sent yet`,
      content:
        'They stay on this device and are sent when you sign in here again. Nobody else who signs in on this browser sees or sends them. Stay signed in to send them now.',
      okText: 'Sign out anyway',
      cancelText: 'Stay signed in',
      onOk: () => dispatch(signOutRequested()),
    });
  };
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <>
      {modalHolder}
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
