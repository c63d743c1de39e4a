// The styles of the antd components the shell and the dashboard's first page render and
// the signed-out pages do not (scripts/antd-css.ts): loaded with the shell's chunk, not
// on /login. The other pages load theirs with their chunks (lazyPages.tsx).
import '../../generated/antd-shell.css';
import './layout.css';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { Button, Flex, Layout, Spin, theme } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { lazyComponent } from '../../lib/lazyComponent';
import { homePath } from '../../lib/paths';
import { useGetUserQuery } from '../../features/account/userApi';
import { TimeZoneSaver } from '../../features/account/TimeZoneSaver';
import { EntryQueueRunner } from '../../features/offline/EntryQueueRunner';
import { AccountSummaryHeader } from './AccountSummaryHeader';
import { AppFooter } from './AppFooter';
import { HeaderBanners } from './HeaderBanners';
import { PageSpinner } from './PageSpinner';
import { SideMenu } from './SideMenu';
import { TelemetryTracker } from './TelemetryTracker';

const MenuDrawer = lazyComponent(
  () => import(/* webpackChunkName: "menu-drawer" */ './MenuDrawer'),
);

const siderWidth = 272;
const collapsedWidth = 64;
/** antd's `lg` breakpoint, as the Sider asks it (`breakpoint="lg"`). */
const narrowQuery = 'screen and (max-width: 991.98px)';

/** Whether the screen is below `lg` now, so that a phone's first paint has no side rail. */
const isNarrow = () =>
  typeof window !== 'undefined' && (window.matchMedia?.(narrowQuery).matches ?? false);

function HomeLink({ compact }: { compact: boolean }) {
  return (
    <Link
      to={homePath}
      aria-label="Splitline home"
      style={{
        display: 'flex',
        alignItems: 'center',
        height: 56,
        paddingInline: compact ? 18 : 24,
      }}
    >
      <BrandLogo compact={compact} />
    </Link>
  );
}

/**
 * The frame of every page under /home: side menu, header, banners, content, footer. From
 * antd's `lg` breakpoint up the menu is a Sider beside the page, which the header button
 * collapses to the logo mark. Below it (tablets, phones) the page takes the whole width
 * and the header button opens the menu as an overlay drawer, closed again by a choice
 * (antd's Sider reports the breakpoint; it keeps no width there). The header holds the
 * coach's logo, the athlete spots and the user menu. Printed, only the coach's logo and
 * the page remain (print.css).
 */
export function AppShell() {
  const [collapsed, setCollapsed] = useState(false);
  const [narrow, setNarrow] = useState(isNarrow);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted at the first opening and kept, so that closing it slides it out.
  const [menuUsed, setMenuUsed] = useState(false);
  if (drawerOpen && !menuUsed) setMenuUsed(true);
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  const border = `1px solid ${token.colorBorderSecondary}`;

  // A choice in the drawer navigates: the drawer closes with it.
  useEffect(() => setDrawerOpen(false), [pathname]);
  // The header (name, spots, logo, banners) is drawn from the account: drawn before it
  // arrived, the banners would push the page down as it paints (layout shift). It was asked
  // for beside this chunk (AccountRequest); a failed load draws the shell without it.
  // Once: a refetch (after a failure, the header's new subscribers ask again) must not
  // take the shell away. The shell and its page are then drawn in a transition: the
  // account's arrival is a store update, which React renders in one piece
  // (useSyncExternalStore); a transition renders the menu, header and page in slices.
  const { isLoading: accountLoading, data: account } = useGetUserQuery();
  const [drawn, setDrawn] = useState(() => !accountLoading);
  useEffect(() => {
    if (!drawn && !accountLoading) startTransition(() => setDrawn(true));
  }, [drawn, accountLoading]);
  if (!drawn)
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" aria-label="Loading your account" />
      </Flex>
    );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={siderWidth}
        collapsedWidth={narrow ? 0 : collapsedWidth}
        breakpoint="lg"
        onBreakpoint={(broken) => {
          setNarrow(broken);
          if (!broken) setDrawerOpen(false);
        }}
        collapsible
        collapsed={narrow || collapsed}
        onCollapse={(value, type) => {
          // The Sider's own switch at the breakpoint is `narrow`; the button sets the rest.
          if (type === 'clickTrigger') setCollapsed(value);
        }}
        trigger={null}
        // The white column runs the page's whole height beside the content (a page
        // longer than the screen showed grey under a 100vh menu); the menu in it is
        // sticky, scrolling by itself on a short screen (layout.css `.shell-sider`).
        // layout.css also has `.phone-wrap`: table cells that wrap below 576 px, so that
        // a table's key number stays beside them (decision 033).
        className="no-print shell-sider"
        style={{ borderInlineEnd: narrow ? 'none' : border }}
      >
        {!narrow && (
          <>
            <HomeLink compact={collapsed} />
            <SideMenu collapsed={collapsed} />
          </>
        )}
      </Layout.Sider>
      {narrow && menuUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            width={siderWidth}
            title={<HomeLink compact={false} />}
          >
            <SideMenu collapsed={false} />
          </MenuDrawer>
        </Suspense>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          className="shell-header"
          style={{
            background: token.colorBgContainer,
            borderBottom: border,
            display: 'flex',
            alignItems: 'center',
            gap: narrow ? 8 : 12,
          }}
        >
          {narrow ? (
            <Button
              type="text"
              className="no-print"
              icon={<MenuOutlined />}
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              // Its chunk on the way to the tap: at the press (finger or mouse) or a focus.
              onPointerDown={() => void MenuDrawer.preload().catch(() => undefined)}
              onFocus={() => void MenuDrawer.preload().catch(() => undefined)}
              onClick={() => setDrawerOpen(true)}
            />
          ) : (
            <Button
              type="text"
              className="no-print"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((value) => !value)}
            />
          )}
          <AccountSummaryHeader />
        </Layout.Header>
        <HeaderBanners />
        <Layout.Content
          className="shell-content"
          // At least a screen high: the footer starts below the fold, so a page that grows
          // as its data arrives does not push a visible footer down (layout shift).
          style={{ padding: narrow ? 16 : 24, minWidth: 0, minHeight: '100vh' }}
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <AppFooter />
      </Layout>
      <TimeZoneSaver />
      <EntryQueueRunner accountId={account?.id} />
      <TelemetryTracker />
    </Layout>
  );
}
