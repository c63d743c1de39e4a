import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setConfig } from '../../../../src/lib/config';
import {
  forgotPasswordUrl,
  isLightLogin,
  showLightLogin,
  wantedReturnTo,
} from '../../../../src/features/auth/lightLogin';
import { goToProvider } from '../../../../src/features/auth/lightSignIn';

// The buttons' chunk: what it does with the SDK is tested below, on its own.
jest.mock('../../../../src/features/auth/lightSignIn', () => ({ goToProvider: jest.fn() }));
const goToProviderMock = jest.mocked(goToProvider);

const url = (address: string) => new URL(address, 'https://app.example');

describe('isLightLogin', () => {
  it('answers /login without a session hint with the light card', () => {
    expect(isLightLogin(url('/login'), '')).toBe(true);
    expect(isLightLogin(url('/login?from=mail'), 'theme=dark')).toBe(true);
  });

  it("leaves every other page, and the provider's way back, to the app", () => {
    expect(isLightLogin(url('/'), '')).toBe(false);
    expect(isLightLogin(url('/home/leaderboard'), '')).toBe(false);
    expect(isLightLogin(url('/verification'), '')).toBe(false);
    expect(isLightLogin(url('/login?code=abc&state=xyz'), '')).toBe(false);
    expect(isLightLogin(url('/login?state=xyz'), '')).toBe(false);
    expect(isLightLogin(url('/login?error=access_denied&state=xyz'), '')).toBe(false);
  });

  it("leaves /login to the app when the SDK's session hint is there (it leads on to the dashboard)", () => {
    for (const cookies of [
      'auth0.my-client.is.authenticated=true',
      'theme=dark; _legacy_auth0.my-client.is.authenticated=true',
      'auth0.is.authenticated=true; theme=dark', // the SDK's older name
    ])
      expect(isLightLogin(url('/login'), cookies)).toBe(false);
    expect(isLightLogin(url('/login'), 'not-auth0.is.authenticatedly=1')).toBe(true);
  });
});

describe('wantedReturnTo', () => {
  it("reads the sign-in guard's returnTo that react-router keeps in history.state", () => {
    expect(
      wantedReturnTo({ usr: { returnTo: '/home/athlete?rosterId=3' }, key: 'k', idx: 1 }),
    ).toBe('/home/athlete?rosterId=3');
    expect(wantedReturnTo(null)).toBeUndefined();
    expect(wantedReturnTo({ usr: null })).toBeUndefined();
    expect(wantedReturnTo({ usr: { returnTo: 'https://elsewhere.example/' } })).toBeUndefined();
  });
});

describe('the light /login card (public/index.html)', () => {
  const html = fs.readFileSync(path.join(__dirname, '../../../../public/index.html'), 'utf8');

  beforeEach(() => {
    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    setConfig({
      apiBase: '/api',
      auth: { domain: 'https://id.example/', clientId: 'client', audience: 'api' },
    });
    goToProviderMock.mockReset();
    window.history.replaceState(null, '');
  });
  afterEach(() => setConfig(undefined));

  const show = () => {
    showLightLogin(document, document.getElementById('root')!);
    return userEvent.setup();
  };

  it("shows the React page's texts and the provider's forgotten-password page", async () => {
    show();
    expect(document.title).toBe('Sign in · Splitline');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Splitline' })).toBeInTheDocument();
    expect(
      screen.getByText('Results, leaderboards and reports for your athletes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(screen.queryByText('Loading Splitline…')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
        'href',
        'https://id.example/u/forgot-password',
      ),
    );
  });

  it('goes to the provider: sign-in, or sign-up with its screen hint, the button busy meanwhile', async () => {
    goToProviderMock.mockReturnValue(new Promise(() => {})); // the page is leaving
    const user = show();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(goToProviderMock).toHaveBeenCalledWith({ screenHint: undefined, returnTo: undefined }),
    );
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('aria-busy', 'true');
    expect(signIn).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();

    document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    window.history.replaceState({ usr: { returnTo: '/home/athlete' }, key: 'a', idx: 0 }, '');
    const again = show();
    await again.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(goToProviderMock).toHaveBeenLastCalledWith({
        screenHint: 'signup',
        returnTo: '/home/athlete',
      }),
    );
  });

  it('shows a failure in the card and lets the user try again', async () => {
    goToProviderMock.mockRejectedValueOnce(
      Object.assign(new Error('x'), { error_description: 'The provider is down' }),
    );
    const user = show();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in is unavailable: The provider is down',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create account' })).not.toHaveAttribute('aria-busy');

    goToProviderMock.mockReturnValue(new Promise(() => {}));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('forgotPasswordUrl', () => {
  it("is the provider's page, whatever the domain's trailing slashes", () => {
    expect(forgotPasswordUrl('https://id.example//')).toBe('https://id.example/u/forgot-password');
  });
});
