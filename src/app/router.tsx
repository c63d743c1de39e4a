import { Suspense, type ReactElement } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { Permitted } from '../components/Permitted';
import { RequireSignIn } from '../features/auth/RequireSignIn';
import { AccountRequest, type RouteHandle } from './AccountRequest';
import { prefetchLeaderboard } from '../features/leaderboard/prefetchLeaderboard';
import * as Pages from './lazyPages';
import { homePath, paths, type AppPath } from '../lib/paths';
import { PageSpinner } from './shell/PageSpinner';
import { RouteErrorScreen } from './shell/RouteErrorScreen';

const { home } = paths;
const toHome = <Navigate to={homePath} replace />;

/**
 * A page that some roles may not open (its `access` in lib/paths.ts): for them, "You
 * don't have access" and why, instead of a page whose every request answers 403.
 */
function gated(page: AppPath, element: ReactElement): ReactElement {
  if (!page.access) return element;
  const { call, action } = page.access;
  return (
    <Permitted call={call} action={action} denied="page">
      {element}
    </Permitted>
  );
}

/** Pages inside the shell. Their error element renders inside the shell's content area. */
const homePages: RouteObject[] = [
  { index: true, element: toHome },
  {
    path: home.leaderboard.path,
    element: <Pages.LeaderboardPage />,
    handle: { prefetch: prefetchLeaderboard } satisfies RouteHandle,
  },
  { path: home.athletes.path, element: <Pages.AthletesPage /> },
  { path: home.results.individual.path, element: <Pages.ResultsPage variant="individual" /> },
  {
    path: home.results.historical.path,
    element: <Pages.HistoricalResultsPage />,
  },
  { path: home.programs.gameSpeed.path, element: <Pages.ResultsPage variant="gamespeed" /> },
  { path: home.programs.eapi.path, element: <Pages.ResultsPage variant="eapi" /> },
  { path: home.programs.manualEntry.path, element: <Pages.ManualEntryPage /> },
  {
    path: home.reports.eapiIndividual.path,
    element: <Pages.ReportsPage variant="eapiIndividual" />,
  },
  { path: home.reports.eapiTeam.path, element: <Pages.ReportsPage variant="eapiTeam" /> },
  {
    path: home.reports.easiIndividual.path,
    element: <Pages.ReportsPage variant="easiIndividual" />,
  },
  {
    path: home.reports.eapiAthlete.path,
    element: <Pages.AthleteReportPage index="eapi" />,
  },
  {
    path: home.reports.easiAthlete.path,
    element: <Pages.AthleteReportPage index="easi" />,
  },
  { path: home.reports.eapiTeamDay.path, element: <Pages.TeamReportPage /> },
  { path: home.integrations.path, element: gated(home.integrations, <Pages.IntegrationsPage />) },
  { path: home.activity.path, element: gated(home.activity, <Pages.ActivityPage />) },
  { path: home.members.path, element: gated(home.members, <Pages.MembersPage />) },
  { path: home.store.path, element: gated(home.store, <Pages.StorePage />) },
  { path: home.athleteProfiles.path, element: <Pages.AthleteProfilesPage /> },
  { path: home.account.path, element: <Pages.AccountInfoPage /> },
  { path: '*', element: <Pages.NotFoundPage /> },
];

/**
 * The route table of the spec (section 2). The root error element catches what the
 * shell's own boundary cannot (the shell itself, pages outside /home). Everything under
 * /home needs a signed-in user (`RequireSignIn`).
 *
 * @example
 * const router = createBrowserRouter(routes);
 */
export const routes: RouteObject[] = [
  {
    path: paths.root.path,
    errorElement: <RouteErrorScreen />,
    element: (
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { index: true, element: toHome },
      {
        path: home.root.path,
        element: (
          <RequireSignIn>
            <AccountRequest />
            <Pages.AppShell />
          </RequireSignIn>
        ),
        children: [{ errorElement: <RouteErrorScreen />, children: homePages }],
      },
      { path: paths.verification.path, element: <Pages.VerificationPage /> },
      { path: paths.invitation.path, element: <Pages.InvitationPage /> },
      {
        path: paths.workspace.path,
        element: (
          <RequireSignIn>
            <Pages.WorkspaceChooserPage />
          </RequireSignIn>
        ),
      },
      { path: paths.login.path, element: <Pages.LoginPage /> },
      { path: '*', element: <Pages.NotFoundPage /> },
    ],
  },
];
