import type { MenuProps } from 'antd';
import { Link } from 'react-router';
import {
  ApiOutlined,
  BarChartOutlined,
  DashboardOutlined,
  EditOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LineChartOutlined,
  RiseOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { paths, type AppPath } from '../../lib/paths';

type MenuItem = NonNullable<MenuProps['items']>[number];

interface MenuEntry {
  entry: AppPath;
  text: string;
  icon: ReactNode;
}

interface MenuGroup {
  group: string;
  entries: MenuEntry[];
}

const { home } = paths;

/**
 * The side menu: the spec's pages in its order, grouped as Results, Programs and
 * Reports; inside a group the spec label loses its group prefix ("Programs: Game Speed"
 * shows as "Game Speed" under "Programs").
 */
const menu: Array<MenuEntry | MenuGroup | 'divider'> = [
  { entry: home.leaderboard, text: 'Leaderboard', icon: <TrophyOutlined /> },
  { entry: home.athletes, text: 'Athletes', icon: <TeamOutlined /> },
  {
    group: 'Results',
    entries: [
      { entry: home.results.individual, text: 'Individual', icon: <FieldTimeOutlined /> },
      { entry: home.results.historical, text: 'Historical', icon: <LineChartOutlined /> },
    ],
  },
  {
    group: 'Programs',
    entries: [
      { entry: home.programs.gameSpeed, text: 'Game Speed', icon: <ThunderboltOutlined /> },
      {
        entry: home.programs.eapi,
        text: 'Epply Advantage Performance Index',
        icon: <DashboardOutlined />,
      },
      { entry: home.programs.manualEntry, text: 'Manual Entry', icon: <EditOutlined /> },
    ],
  },
  {
    group: 'Reports',
    entries: [
      { entry: home.reports.eapiIndividual, text: 'EAPI individual', icon: <FileTextOutlined /> },
      { entry: home.reports.eapiTeam, text: 'EAPI team', icon: <BarChartOutlined /> },
      { entry: home.reports.easiIndividual, text: 'EASI individual', icon: <RiseOutlined /> },
    ],
  },
  'divider',
  { entry: home.integrations, text: 'Integrations', icon: <ApiOutlined /> },
  { entry: home.activity, text: 'Activity', icon: <HistoryOutlined /> },
  // UserOutlined is in the shell already (the user menu): a new icon costs every page ~260 B.
  { entry: home.members, text: 'Members', icon: <UserOutlined /> },
  { entry: home.store, text: 'Store', icon: <ShoppingCartOutlined /> },
  { entry: home.athleteProfiles, text: 'Athlete Profiles', icon: <IdcardOutlined /> },
];

const wrapping = {
  height: 'auto',
  minHeight: 40,
  lineHeight: 1.35,
  paddingBlock: 10,
  whiteSpace: 'normal',
} as const;

/**
 * A real link (keyboard, middle-click, "open in new tab"); antd stretches it over the row.
 * Expanded, a long label wraps instead of losing its end; collapsed, it shows as a tooltip.
 */
function link({ entry, text, icon }: MenuEntry, collapsed: boolean): MenuItem {
  const style = !collapsed && text.length > 24 ? wrapping : undefined;
  return { key: entry.path, icon, label: <Link to={entry.path}>{text}</Link>, style };
}

interface MenuOptions {
  collapsed: boolean;
  /** Whether the member may open a page (its `access`, lib/paths.ts); every page unless told. */
  mayOpen?: (page: AppPath) => boolean;
}

/**
 * antd items for the side menu. Keys are paths, so the current route selects its item.
 * Collapsed to icons, group titles would be cut to "Prog…", so dividers stand in for them.
 * Pages the member may not open are left out, and a group when none of its pages is left.
 *
 * @example
 * <Menu mode="inline" items={buildMenuItems({ collapsed, mayOpen })} selectedKeys={[pathname]} />
 */
export function buildMenuItems({ collapsed, mayOpen = () => true }: MenuOptions): MenuItem[] {
  return menu.flatMap((item, index): MenuItem[] => {
    if (item === 'divider') return [{ type: 'divider', key: `divider-${index}` }];
    if (!('group' in item)) return mayOpen(item.entry) ? [link(item, collapsed)] : [];
    const entries = item.entries.filter(({ entry }) => mayOpen(entry));
    if (entries.length === 0) return [];
    const children = entries.map((entry) => link(entry, collapsed));
    if (collapsed) return [{ type: 'divider', key: `divider-${index}` }, ...children];
    return [{ type: 'group', key: item.group, label: item.group, children }];
  });
}
