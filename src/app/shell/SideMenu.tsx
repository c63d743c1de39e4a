import { useMemo } from 'react';
import { Menu } from 'antd';
import { useLocation } from 'react-router';
import type { AppPath } from '../../lib/paths';
import { usePermissions } from '../../lib/permissions';
import { buildMenuItems } from './menuItems';

/**
 * The main navigation; the current route's item is selected. `collapsed` follows the Sider.
 * Pages the member's role may not open are not in it.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();
  const check = usePermissions();
  const items = useMemo(() => {
    const mayOpen = ({ access }: AppPath) => !access || check(access.call).allowed;
    return buildMenuItems({ collapsed, mayOpen });
  }, [collapsed, check]);
  return (
    <nav aria-label="Main">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
