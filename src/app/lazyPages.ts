import { lazy } from 'react';

/**
 * Every page is its own chunk, loaded on first visit, so the first load carries only
 * the shell. The chunk names make the build output readable.
 */
export const LeaderboardPage = lazy(
  () => import(/* webpackChunkName: "leaderboard" */ '../features/leaderboard/LeaderboardPage'),
);
export const AthletesPage = lazy(
  () => import(/* webpackChunkName: "athletes" */ '../features/athletes/AthletesPage'),
);
export const ResultsPage = lazy(
  () => import(/* webpackChunkName: "results" */ '../features/results/ResultsPage'),
);
export const ManualEntryPage = lazy(
  () =>
    import(
      /* webpackChunkName: "manual-entry" */ '../features/results/manualEntry/ManualEntryPage'
    ),
);
export const HistoricalResultsPage = lazy(
  () => import(/* webpackChunkName: "history" */ '../features/history/HistoricalResultsPage'),
);
export const ReportsPage = lazy(
  () => import(/* webpackChunkName: "reports" */ '../features/reports/ReportsPage'),
);
export const IntegrationsPage = lazy(
  () => import(/* webpackChunkName: "integration" */ '../features/integration/IntegrationsPage'),
);
export const StorePage = lazy(
  () => import(/* webpackChunkName: "store" */ '../features/store/StorePage'),
);
export const AthleteProfilesPage = lazy(
  () => import(/* webpackChunkName: "profiles" */ '../features/profiles/AthleteProfilesPage'),
);
export const AccountInfoPage = lazy(
  () => import(/* webpackChunkName: "account" */ '../features/account/AccountInfoPage'),
);
export const VerificationPage = lazy(
  () => import(/* webpackChunkName: "verification" */ '../features/verification/VerificationPage'),
);
export const LoginPage = lazy(
  () => import(/* webpackChunkName: "login" */ '../features/auth/LoginPage'),
);
