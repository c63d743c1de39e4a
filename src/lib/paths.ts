import type { ApiCall } from './apiCall';

/**
 * Every route of the app with its label (spec, section 2), in one place: routes, menu
 * links, redirects and page headings all read from here. A page that some roles may not
 * open names the read it needs (`access`): the side menu leaves it out for them, and its
 * route shows "You don't have access" (docs/workspaces.md, "In the app").
 *
 * @example
 * <Link to={paths.home.leaderboard.path}>{paths.home.leaderboard.label}</Link>
 */
/** What /login hands to /workspace (the chooser): the page the user signed in for. */
export interface ChooserLocationState {
  returnTo?: string;
}

export const paths = {
  root: { path: '/', label: 'Splitline' },
  login: { path: '/login', label: 'Sign in' },
  verification: { path: '/verification', label: 'Email Verification' },
  /** The link of an invitation mail (`${PUBLIC_URL}/invitation/<token>`, server/workspace). */
  invitation: { path: '/invitation/:token', label: 'Invitation' },
  /** After a sign-in, a user of several workspaces picks one (docs/workspaces.md). */
  workspace: { path: '/workspace', label: 'Choose a workspace' },
  home: {
    root: { path: '/home', label: 'Home' },
    leaderboard: { path: '/home/leaderboard', label: 'Leaderboard' },
    athletes: { path: '/home/athlete', label: 'Athletes' },
    results: {
      individual: { path: '/home/result/individual', label: 'Results, individual' },
      historical: { path: '/home/result/historical', label: 'Results, historical' },
    },
    programs: {
      gameSpeed: { path: '/home/result/program/gamespeed', label: 'Programs: Game Speed' },
      eapi: {
        path: '/home/result/program/eapi',
        label: 'Programs: Epply Advantage Performance Index',
      },
      manualEntry: { path: '/home/result/program/manualentry', label: 'Programs: Manual Entry' },
    },
    reports: {
      eapiIndividual: { path: '/home/report/eapi/individual', label: 'Reports: EAPI individual' },
      eapiTeam: { path: '/home/report/eapi/team', label: 'Reports: EAPI team' },
      easiIndividual: { path: '/home/report/easi/individual', label: 'Reports: EASI individual' },
      eapiAthlete: {
        path: '/home/report/eapi/individual/:athleteId',
        label: 'EAPI report',
      },
      easiAthlete: {
        path: '/home/report/easi/individual/:athleteId',
        label: 'EASI report',
      },
      eapiTeamDay: { path: '/home/report/eapi/team/:rosterId/:date', label: 'EAPI team report' },
    },
    integrations: {
      path: '/home/integration',
      label: 'Integrations',
      access: { call: 'GET /api/integration/api-key', action: 'manage API keys and webhooks' },
    },
    activity: {
      path: '/home/activity',
      label: 'Activity',
      access: { call: 'GET /api/activity', action: 'see the activity log' },
    },
    members: {
      path: '/home/members',
      label: 'Members',
      access: { call: 'GET /api/member', action: 'manage the members' },
    },
    store: {
      path: '/home/store/credit',
      label: 'Store',
      access: { call: 'GET /api/store', action: 'open the Store' },
    },
    athleteProfiles: { path: '/home/athleteprofile', label: 'Athlete Profiles' },
    account: { path: '/home/account/info', label: 'Profile' },
  },
} as const;

/** The read a page needs, which some roles may not make, and what it is for the reason. */
export interface PageAccess {
  call: ApiCall;
  /** "open the Store": "Only an owner of … can open the Store." */
  action: string;
}

export interface AppPath {
  path: string;
  label: string;
  access?: PageAccess;
}

/** Where "Go Home" and the root redirects lead. */
export const homePath = paths.home.leaderboard.path;

/**
 * One athlete's EAPI or EASI report, of a profile (the latest when none is named).
 *
 * @example
 * athleteReportPath('eapi', 7, 31); // '/home/report/eapi/individual/7?profileId=31'
 */
export function athleteReportPath(
  index: 'eapi' | 'easi',
  athleteId: number,
  profileId?: number | null,
): string {
  const route = paths.home.reports[index === 'eapi' ? 'eapiAthlete' : 'easiAthlete'].path;
  const path = route.replace(':athleteId', String(athleteId));
  return profileId ? `${path}?profileId=${profileId}` : path;
}

/**
 * One roster's testing day in the EAPI team report.
 *
 * @example
 * teamReportPath(3, '2026-03-02'); // '/home/report/eapi/team/3/2026-03-02'
 */
export function teamReportPath(rosterId: number, date: string): string {
  return paths.home.reports.eapiTeamDay.path
    .replace(':rosterId', String(rosterId))
    .replace(':date', date);
}
