import { Menu } from 'antd';
import { useLocation } from 'react-router';
import { buildMenuItems } from './menuItems';

/** The main navigation; the current route's item is selected. `collapsed` follows the Sider. */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      <Menu
        mode="inline"
        items={buildMenuItems({ collapsed })}
        selectedKeys={[pathname]}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
