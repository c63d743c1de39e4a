import { render, screen } from '@testing-library/react';
import { homePath, paths } from '../../../src/lib/paths';
import { AppErrorBoundary } from '../../../src/app/AppErrorBoundary';
import { allowConsoleErrors, renderRoute } from '../test-utils';

const spec500Text =
  'An unexpected error has occurred. If this error persists, please contact technical support immediately.';

function Broken(): never {
  throw new Error('Broken on purpose');
}

// Two real pages that crash: one inside the shell, one outside it.
jest.mock('../../../src/features/store/StorePage', () => ({ __esModule: true, default: Broken }));
jest.mock('../../../src/features/auth/LoginPage', () => ({ __esModule: true, default: Broken }));

beforeEach(() => {
  // React and the router report a caught rendering error on console.error by design.
  allowConsoleErrors();
});

describe('the 500 screen', () => {
  it('replaces a crashing page inside the shell, with the spec text and a way out', async () => {
    renderRoute(paths.home.store.path);
    expect(await screen.findByText(spec500Text)).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@splitline.app',
    );
  });

  it('Go Home leads to the leaderboard', async () => {
    const { router, user } = renderRoute(paths.home.store.path);
    await user.click(await screen.findByRole('button', { name: 'Go Home' }));
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(homePath);
    expect(screen.queryByText(spec500Text)).not.toBeInTheDocument();
  });

  it('also covers pages outside the shell', async () => {
    const { router, user } = renderRoute(paths.login.path);
    expect(await screen.findByText(spec500Text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(homePath);
  });

  it('is the last resort above the router too', () => {
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByText(spec500Text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
  });
});
