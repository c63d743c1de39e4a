/**
 * Every route of the app with its label (spec, section 2), in one place: routes, menu
 * links, redirects and page headings all read from here.
 *
 * @example
 * <Link to={paths.home.leaderboard.path}>{paths.home.leaderboard.label}</Link>
 */
export const paths = {
  root: { path: '/', label: 'Splitline' },
  login: { path: '/login', label: 'Sign in' },
  verification: { path: '/verification', label: 'Email Verification' },
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
    },
    integrations: { path: '/home/integration', label: 'Integrations' },
    store: { path: '/home/store/credit', label: 'Store' },
    athleteProfiles: { path: '/home/athleteprofile', label: 'Athlete Profiles' },
    account: { path: '/home/account/info', label: 'Profile' },
  },
} as const;

export interface AppPath {
  path: string;
  label: string;
}

/** Where "Go Home" and the root redirects lead. */
export const homePath = paths.home.leaderboard.path;
