import { screen } from '@testing-library/react';
import { paths, homePath } from '../../../src/lib/paths';
import { fakeAuth, renderRoute } from '../test-utils';

const { home } = paths;

/** Every route of the spec's table with the label its page must show. */
const specRoutes = [
  home.leaderboard,
  home.athletes,
  home.results.individual,
  home.results.historical,
  home.programs.gameSpeed,
  home.programs.eapi,
  home.programs.manualEntry,
  home.reports.eapiIndividual,
  home.reports.eapiTeam,
  home.reports.easiIndividual,
  home.integrations,
  home.store,
  home.athleteProfiles,
  home.account,
  paths.verification,
  paths.login,
];

describe('route table', () => {
  it('holds the spec routes and labels', () => {
    expect(specRoutes.map(({ path }) => path)).toEqual([
      '/home/leaderboard',
      '/home/athlete',
      '/home/result/individual',
      '/home/result/historical',
      '/home/result/program/gamespeed',
      '/home/result/program/eapi',
      '/home/result/program/manualentry',
      '/home/report/eapi/individual',
      '/home/report/eapi/team',
      '/home/report/easi/individual',
      '/home/integration',
      '/home/store/credit',
      '/home/athleteprofile',
      '/home/account/info',
      '/verification',
      '/login',
    ]);
    expect(home.programs.eapi.label).toBe('Programs: Epply Advantage Performance Index');
  });

  it.each(specRoutes.map((entry) => [entry.path, entry.label]))(
    '%s shows "%s" as its heading',
    async (path, label) => {
      // Signed out outside /home: a signed-in coach would be sent on from /login.
      renderRoute(path, path.startsWith('/home') ? {} : { auth: fakeAuth({ signedIn: false }) });
      expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
    },
  );

  it('shows pages under /home inside the shell, and sign-in outside it', async () => {
    renderRoute(home.store.path);
    await screen.findByRole('heading', { name: 'Store' });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the sign-in page without the shell', async () => {
    renderRoute(paths.login.path, { auth: fakeAuth({ signedIn: false }) });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it.each(['/', '/home'])('redirects %s to the leaderboard', async (path) => {
    const { router } = renderRoute(path);
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(homePath);
  });

  it.each(['/nowhere', '/home/nowhere'])(
    'shows the 404 page for %s, with a way home',
    async (path) => {
      const { router, user } = renderRoute(path);
      expect(await screen.findByText('404')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Go Home' }));
      expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(homePath);
    },
  );
});
