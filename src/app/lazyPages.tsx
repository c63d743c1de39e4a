import { lazyComponent, type LazyComponent } from '../lib/lazyComponent';

/** A page loaded on first visit, which can also be loaded ahead (`preload`). */
export type LazyPage<Props extends object> = LazyComponent<Props>;

/** A page in its own chunk (src/lib/lazyComponent.tsx). */
export const lazyPage = lazyComponent;

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
export const AthletesPage = lazyPage(
  () => import(/* webpackChunkName: "athletes" */ '../features/athletes/AthletesPage'),
);
export const ResultsPage = lazyPage(
  () => import(/* webpackChunkName: "results" */ '../features/results/ResultsPage'),
);
export const ManualEntryPage = lazyPage(
  () =>
    import(
      /* webpackChunkName: "manual-entry" */ '../features/results/manualEntry/ManualEntryPage'
    ),
);
export const HistoricalResultsPage = lazyPage(
  () => import(/* webpackChunkName: "history" */ '../features/history/HistoricalResultsPage'),
);
export const ReportsPage = lazyPage(
  () => import(/* webpackChunkName: "reports" */ '../features/reports/ReportsPage'),
);
export const AthleteReportPage = lazyPage(
  () => import(/* webpackChunkName: "reports" */ '../features/reports/AthleteReportPage'),
);
export const TeamReportPage = lazyPage(
  () => import(/* webpackChunkName: "reports" */ '../features/reports/TeamReportPage'),
);
export const IntegrationsPage = lazyPage(
  () => import(/* webpackChunkName: "integration" */ '../features/integration/IntegrationsPage'),
);
export const StorePage = lazyPage(
  () => import(/* webpackChunkName: "store" */ '../features/store/StorePage'),
);
export const AthleteProfilesPage = lazyPage(
  () => import(/* webpackChunkName: "profiles" */ '../features/profiles/AthleteProfilesPage'),
);
export const AccountInfoPage = lazyPage(
  () => import(/* webpackChunkName: "account" */ '../features/account/AccountInfoPage'),
);
export const VerificationPage = lazyPage(
  () => import(/* webpackChunkName: "verification" */ '../features/verification/VerificationPage'),
);
export const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
);
