import { screen } from '@testing-library/react';
import { fakeAuth, renderRoute } from '../../test-utils';

describe('the /home guard', () => {
  it('shows a spinner while the session is being looked for', async () => {
    const auth = fakeAuth();
    auth.client.checkSession.mockReturnValue(new Promise(() => {}));
    renderRoute('/home/athlete', { auth });
    expect(await screen.findByLabelText('Checking your sign-in')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends a signed-out user to /login, and back to the wanted page after sign-in', async () => {
    const auth = fakeAuth({ signedIn: false });
    const { router, user } = renderRoute('/home/athlete?rosterId=3', { auth });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(auth.client.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/home/athlete?rosterId=3' },
      authorizationParams: {},
    });
  });

  it('lets a signed-in user in', async () => {
    renderRoute('/home/athlete');
    expect(await screen.findByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
  });
});

describe('/login', () => {
  it('shows the product, sign-in, sign-up and the forgotten-password page', async () => {
    const auth = fakeAuth({ signedIn: false });
    const { user } = renderRoute('/login', { auth });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Splitline' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      'http://localhost/u/forgot-password',
    );
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(auth.client.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: undefined },
      authorizationParams: { screen_hint: 'signup' },
    });
  });

  it('sends a signed-in user on to the leaderboard', async () => {
    const { router } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/leaderboard');
  });

  it('completes the redirect back from the provider and opens the remembered page', async () => {
    const url = 'http://localhost/login?code=abc&state=xyz';
    const auth = fakeAuth({ signedIn: false, url, appState: { returnTo: '/home/store/credit' } });
    const { router } = renderRoute('/login?code=abc&state=xyz', { auth });
    expect(await screen.findByRole('heading', { name: 'Store' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/store/credit');
    expect(router.state.location.search).toBe('');
  });

  it('says why the sign-in failed', async () => {
    const url = 'http://localhost/login?code=abc&state=old';
    const auth = fakeAuth({ signedIn: false, url });
    auth.client.handleRedirectCallback.mockRejectedValue(new Error('Invalid state'));
    renderRoute('/login?code=abc&state=old', { auth });
    expect(
      await screen.findByText('Sign-in could not be completed: Invalid state'),
    ).toBeInTheDocument();
  });
});
