import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '../lib/lazyComponent';

/** A page loaded on first visit, which can also be loaded ahead (`preload`). */
export type LazyPage<Props extends object> = LazyComponent<Props>;

/** A page in its own chunk (src/lib/lazyComponent.tsx). */
export const lazyPage = lazyComponent;

/**
 * A page that renders antd components beyond the shell's and the leaderboard's (tables,
 * forms, selects, pickers…): their styles load with its chunk (scripts/antd-css.ts).
 */
const styledPage = <Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) =>
  lazyPage(async () => {
    const [page] = await Promise.all([
      load(),
      import(/* webpackChunkName: "antd-pages" */ '../generated/antd-pages.css'),
      import(/* webpackChunkName: "antd-controls" */ '../generated/antd-controls.css'),
    ]);
    return page;
  });

/*
 * Every page is its own chunk, loaded on first visit, and so is the shell of the pages
 * under /home (side menu, header, drawer): /login loads neither (docs/first-load.md).
 * The chunk names make the build output readable.
 */
export const AppShell = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "shell" */ './shell/AppShell')).AppShell,
}));
export const NotFoundPage = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "not-found" */ './shell/NotFoundPage')).NotFoundPage,
}));
export const LeaderboardPage = lazyPage(
  () => import(/* webpackChunkName: "leaderboard" */ '../features/leaderboard/LeaderboardPage'),
);
export const AthletesPage = styledPage(
  () => import(/* webpackChunkName: "athletes" */ '../features/athletes/AthletesPage'),
);
export const ResultsPage = styledPage(
  () => import(/* webpackChunkName: "results" */ '../features/results/ResultsPage'),
);
export const ManualEntryPage = styledPage(
  () =>
    import(
      /* webpackChunkName: "manual-entry" */ '../features/results/manualEntry/ManualEntryPage'
    ),
);
export const HistoricalResultsPage = styledPage(
  () => import(/* webpackChunkName: "history" */ '../features/history/HistoricalResultsPage'),
);
export const ReportsPage = styledPage(
  () =>
    import(/* webpackChunkName: "reports" */ '../features/performance-index/reports/ReportsPage'),
);
export const AthleteReportPage = styledPage(
  () =>
    import(
      /* webpackChunkName: "reports" */ '../features/performance-index/reports/AthleteReportPage'
    ),
);
export const TeamReportPage = styledPage(
  () =>
    import(
      /* webpackChunkName: "reports" */ '../features/performance-index/reports/TeamReportPage'
    ),
);
export const IntegrationsPage = styledPage(
  () => import(/* webpackChunkName: "integration" */ '../features/integration/IntegrationsPage'),
);
export const ActivityPage = styledPage(
  () => import(/* webpackChunkName: "activity" */ '../features/activity/ActivityPage'),
);
export const MembersPage = styledPage(
  () => import(/* webpackChunkName: "members" */ '../features/members/MembersPage'),
);
export const StorePage = styledPage(
  () => import(/* webpackChunkName: "store" */ '../features/store/StorePage'),
);
export const AthleteProfilesPage = styledPage(
  () =>
    import(
      /* webpackChunkName: "profiles" */ '../features/performance-index/profiles/AthleteProfilesPage'
    ),
);
export const AccountInfoPage = styledPage(
  () => import(/* webpackChunkName: "account" */ '../features/account/AccountInfoPage'),
);
export const VerificationPage = lazyPage(
  () => import(/* webpackChunkName: "verification" */ '../features/verification/VerificationPage'),
);
export const InvitationPage = lazyPage(
  () => import(/* webpackChunkName: "invitation" */ '../features/invitation/InvitationPage'),
);
export const WorkspaceChooserPage = lazyPage(
  () => import(/* webpackChunkName: "workspace" */ '../features/workspace/WorkspaceChooserPage'),
);
export const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
);
