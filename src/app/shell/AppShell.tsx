import { Suspense, useState } from 'react';
import { Button, Layout, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { homePath } from '../../lib/paths';
import { TimeZoneSaver } from '../../features/account/TimeZoneSaver';
import { AccountSummaryHeader } from './AccountSummaryHeader';
import { AppFooter } from './AppFooter';
import { HeaderBanners } from './HeaderBanners';
import { PageSpinner } from './PageSpinner';
import { SideMenu } from './SideMenu';

const siderWidth = 272;
const collapsedWidth = 64;

/**
 * The frame of every page under /home: side menu, header, banners, content, footer. The
 * menu collapses to the logo mark below antd's `lg` breakpoint (spec, section 2); the
 * header button toggles it by hand. The header holds the coach's logo, the athlete spots
 * and the user menu. Printed, only the coach's logo and the page remain (print.css).
 */
export function AppShell() {
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();
  const border = `1px solid ${token.colorBorderSecondary}`;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={siderWidth}
        collapsedWidth={collapsedWidth}
        breakpoint="lg"
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
        className="no-print"
        style={{
          borderInlineEnd: border,
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflowY: 'auto',
        }}
      >
        <Link
          to={homePath}
          aria-label="Splitline home"
          style={{
            display: 'flex',
            alignItems: 'center',
            height: 56,
            paddingInline: collapsed ? 18 : 24,
          }}
        >
          <BrandLogo compact={collapsed} />
        </Link>
        <SideMenu collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          className="shell-header"
          style={{
            background: token.colorBgContainer,
            borderBottom: border,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
          }}
        >
          <Button
            type="text"
            className="no-print"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((value) => !value)}
          />
          <AccountSummaryHeader />
        </Layout.Header>
        <HeaderBanners />
        <Layout.Content className="shell-content" style={{ padding: 24 }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
      <TimeZoneSaver />
    </Layout>
  );
}
