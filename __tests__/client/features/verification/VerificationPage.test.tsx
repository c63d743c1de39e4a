import { screen } from '@testing-library/react';
import { empty, fakeAuth, json, renderRoute, stubApi } from '../../test-utils';

function renderUnverified() {
  const auth = fakeAuth({ claims: { email_verified: false } });
  return { auth, ...renderRoute('/verification', { auth }) };
}

describe('/verification', () => {
  it('shows the address to verify', async () => {
    renderUnverified();
    expect(await screen.findByRole('heading', { name: 'Email Verification' })).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  });

  it('sends the verification e-mail again and says so', async () => {
    const api = stubApi({ 'POST /api/user/verification-email': () => empty() });
    const { user } = renderUnverified();
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await screen.findByText('A new verification e-mail is on its way to ada@example.com.'),
    ).toBeInTheDocument();
    expect(api.sent('POST /api/user/verification-email')[0]?.headers.get('authorization')).toBe(
      'Bearer token-1',
    );
  });

  it('asks to wait when the server limits the e-mails', async () => {
    stubApi({
      'POST /api/user/verification-email': () => json({ message: 'Too many requests' }, 429),
    });
    const { user } = renderUnverified();
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await screen.findByText(/Please wait a minute before asking for another/),
    ).toBeInTheDocument();
  });

  it('says the address is still unverified when the new token says so', async () => {
    const { auth, user } = renderUnverified();
    await user.click(await screen.findByRole('button', { name: 'I have verified' }));
    expect(await screen.findByText(/still unverified/)).toBeInTheDocument();
    expect(auth.client.getTokenSilently).toHaveBeenLastCalledWith({ cacheMode: 'off' });
  });

  it('goes on to the leaderboard once the new token says the address is verified', async () => {
    const { auth, user, router } = renderUnverified();
    const button = await screen.findByRole('button', { name: 'I have verified' });
    auth.provider.claims.email_verified = true;
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/leaderboard');
    expect(screen.queryByText('Please verify your e-mail address.')).not.toBeInTheDocument();
  });

  it('offers to sign in when signed out', async () => {
    const auth = fakeAuth({ signedIn: false });
    const { user } = renderRoute('/verification', { auth });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(auth.client.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: '/verification' },
      authorizationParams: {},
    });
  });
});
