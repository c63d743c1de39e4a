import { paths } from '../../../../src/lib/paths';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeAuth, json, renderRoute, stubApi, testUser } from '../../test-utils';

const verifyText = 'Please verify your e-mail address.';
const profileText = /Please update your profile/;

async function renderShell(options: Parameters<typeof renderRoute>[1] = {}) {
  const view = renderRoute('/home/leaderboard', options);
  await screen.findByRole('heading', { name: 'Leaderboard' });
  return view;
}

describe('shell header', () => {
  it('asks to verify the e-mail while the ID token says it is unverified, linking to /verification', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    await renderShell({ auth: fakeAuth({ claims: { email_verified: false } }) });
    const banner = (await screen.findByText(verifyText)).closest<HTMLElement>('[role="alert"]');
    expect(banner).not.toBeNull();
    expect(within(banner!).getByRole('link', { name: 'Verify e-mail' })).toHaveAttribute(
      'href',
      '/verification',
    );
  });

  it('asks to update the profile while it was never saved, linking to the account page', async () => {
    stubApi({ 'GET /api/user': () => json(testUser({ hasUpdatedProfile: false })) });
    await renderShell();
    const banner = (await screen.findByText(profileText)).closest<HTMLElement>('[role="alert"]');
    expect(within(banner!).getByRole('link', { name: 'Update profile' })).toHaveAttribute(
      'href',
      '/home/account/info',
    );
    expect(screen.queryByText(verifyText)).not.toBeInTheDocument();
  });

  it('draws the shell once the account is there, so that no banner pushes the page down', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubApi({
      'GET /api/user': async () => {
        await answered;
        return json(testUser({ hasUpdatedProfile: false }));
      },
    });
    renderRoute(paths.home.leaderboard.path);
    expect(await screen.findByLabelText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    answer();
    // The banner comes with the shell's first drawing, not after it.
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText(profileText)).toBeInTheDocument();
  });

  it('draws the shell without the account when it cannot be loaded, and keeps it', async () => {
    const api = stubApi({ 'GET /api/user': () => json({ message: 'Internal server error' }, 500) });
    renderRoute(paths.home.leaderboard.path);
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    // The header's own subscribers ask again; the shell stays (no spinner loop).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(api.sent('GET /api/user').length).toBeLessThan(5);
  });

  it('shows no banner for a verified coach with a saved profile', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    await renderShell();
    await screen.findByText('athlete spots left', { exact: false });
    expect(screen.queryByText(verifyText)).not.toBeInTheDocument();
    expect(screen.queryByText(profileText)).not.toBeInTheDocument();
  });

  it('shows the remaining athlete spots with Buy More, and the coach logo', async () => {
    stubApi({
      'GET /api/user': () => json(testUser({ athleteSpots: 7, logoUrl: '/files/logos/lions.png' })),
    });
    await renderShell();
    const spots = await screen.findByText('athlete spots left', { exact: false });
    expect(spots).toHaveTextContent('7 athlete spots left');
    expect(screen.getByRole('link', { name: 'Buy More' })).toHaveAttribute(
      'href',
      '/home/store/credit',
    );
    expect(screen.getByRole('img', { name: 'Riverside Lions logo' })).toHaveAttribute(
      'src',
      '/files/logos/lions.png',
    );
  });

  it('sends the token with GET /user', async () => {
    const api = stubApi({ 'GET /api/user': () => json(testUser()) });
    await renderShell();
    await screen.findByText('athlete spots left', { exact: false });
    expect(api.sent('GET /api/user')[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });
});

describe('disabled webhooks', () => {
  const hooks = (status: string) =>
    json({
      items: [
        {
          id: 4,
          url: 'https://ams.example.org/hooks',
          description: '',
          events: ['result.created'],
          status,
          disabledReason: status === 'disabled' ? '20 deliveries in a row failed' : null,
          secretPrefix: 'whsec_ab',
          createdAt: '2026-11-20T10:00:00Z',
          lastDeliveryAt: '2026-11-26T10:00:00Z',
          lastStatusCode: 500,
          consecutiveFailures: status === 'disabled' ? 20 : 0,
        },
      ],
      totalCount: 1,
      pageNumber: 1,
      pageSize: 1,
    });

  it('warns on every page while a webhook is disabled, linking to Integrations', async () => {
    stubApi({
      'GET /api/user': () => json(testUser()),
      'GET /api/integration/webhook': () => hooks('disabled'),
    });
    await renderShell();
    const banner = (await screen.findByText(/A webhook was disabled/)).closest<HTMLElement>(
      '[role="alert"]',
    );
    expect(within(banner!).getByRole('link', { name: 'Open Integrations' })).toHaveAttribute(
      'href',
      '/home/integration',
    );
  });

  it('says nothing while every webhook is active', async () => {
    const api = stubApi({
      'GET /api/user': () => json(testUser()),
      'GET /api/integration/webhook': () => hooks('active'),
    });
    await renderShell();
    await screen.findByText('athlete spots left', { exact: false });
    await waitFor(() => expect(api.sent('GET /api/integration/webhook')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the answer rendered
    expect(screen.queryByText(/webhook was disabled/)).not.toBeInTheDocument();
  });
});

describe('user menu', () => {
  it('opens Profile', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    const { user, router } = await renderShell();
    await user.click(await screen.findByRole('button', { name: 'Account menu of Ada Okafor' }));
    await user.click(await screen.findByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/account/info');
  });

  it('signs out with Logout', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    const auth = fakeAuth();
    const { user, router } = await renderShell({ auth });
    await user.click(await screen.findByRole('button', { name: 'Account menu of Ada Okafor' }));
    await user.click(await screen.findByRole('menuitem', { name: /Logout/ }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(auth.client.logout).toHaveBeenCalledWith({
      logoutParams: { returnTo: 'http://localhost/login' },
    });
  });
});
