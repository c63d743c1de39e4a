import { StrictMode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../../src/app/AppProviders';
import { routes } from '../../../../src/app/router';
import { WORKSPACE_HEADER } from '../../../../contract/workspace-constants';
import { userApi } from '../../../../src/features/account/userApi';
import { getWorkspaceId, setWorkspaceId } from '../../../../src/lib/api';
import { homePath } from '../../../../src/lib/paths';
import { fakeAuth, json, makeTestStore, renderRoute, stubApi, testUser } from '../../test-utils';

/** A token as the server mints them: 43 characters of base64url. */
const token = 'Jx3kq8H0bT9mZr2Lw5nYv7PcQe1sUa4dGf6hKj8Mn0o';
const link = `/invitation/${token}`;
const lincoln = {
  id: '4b8a2c10-0000-4000-8000-00000000beef',
  name: 'Lincoln High Football',
  role: 'coach',
  rosterIds: null,
};

/** The server's answers (server/workspace/routes.ts, ACCEPT_REFUSALS). */
const EXPIRED = 'This invitation expired (after 7 days): ask for a new one.';
const OTHER_ADDRESS =
  'This invitation was sent to another address: sign in with that address to accept it.';

/** The user's own workspace, where the tab works before joining. */
const own = testUser();

/** `/user` as the server answers it for the workspace the call names (the tab's). */
const userIn = (request: Request) =>
  json(
    request.headers.get(WORKSPACE_HEADER) === lincoln.id
      ? testUser({ id: lincoln.id, role: 'coach' })
      : own,
  );

function joinRoutes(accept: () => Response | Promise<Response> = () => json(lincoln)) {
  return {
    'POST /api/invitation/accept': accept,
    'GET /api/user': userIn,
  };
}

describe('the invitation link', () => {
  it('joins at once when signed in, switches the tab to the workspace and lands on the dashboard', async () => {
    setWorkspaceId(own.id); // the tab worked in the user's own workspace
    const api = stubApi(joinRoutes());
    const { router, store } = renderRoute(link);
    expect(await screen.findByText('You joined Lincoln High Football')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(homePath));
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();

    expect(api.sent('POST /api/invitation/accept')).toHaveLength(1);
    expect(JSON.parse(api.sent('POST /api/invitation/accept')[0]!.body)).toEqual({ token });
    // The server remembers the joined workspace as it accepts: nothing else is sent.
    expect(api.sent('PUT /api/workspace/current')).toHaveLength(0);
    // The tab's calls name the joined workspace from now on: the dashboard's are in it.
    expect(getWorkspaceId()).toBe(lincoln.id);
    await waitFor(() =>
      expect(userApi.endpoints.getUser.select()(store.getState()).data?.id).toBe(lincoln.id),
    );
    expect(api.sent('GET /api/user').at(-1)!.headers.get(WORKSPACE_HEADER)).toBe(lincoln.id);
  });

  it('sends the single-use token once, under StrictMode’s double effects too', async () => {
    const api = stubApi(joinRoutes());
    const router = createMemoryRouter(routes, { initialEntries: [link] });
    render(
      <StrictMode>
        <StyleProvider mock="server">
          <AppProviders store={makeTestStore()}>
            <RouterProvider router={router} />
          </AppProviders>
        </StyleProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('You joined Lincoln High Football')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Leaderboard' });
    expect(api.sent('POST /api/invitation/accept')).toHaveLength(1);
  });

  it('drops what was cached of the workspace left', async () => {
    setWorkspaceId(own.id);
    let answerAccept: () => void = () => undefined;
    const acceptHeld = new Promise<void>((resolve) => (answerAccept = resolve));
    stubApi(
      joinRoutes(async () => {
        await acceptHeld;
        return json(lincoln);
      }),
    );
    const { store } = renderRoute(link);
    expect(await screen.findByText('Joining the workspace…')).toBeInTheDocument();
    // The account of the workspace left is in the cache when the accept answers.
    await act(async () => {
      await store.dispatch(userApi.endpoints.getUser.initiate());
    });
    const cachedId = () => userApi.endpoints.getUser.select()(store.getState()).data?.id;
    expect(cachedId()).toBe(own.id);
    answerAccept();
    expect(await screen.findByText('You joined Lincoln High Football')).toBeInTheDocument();
    await waitFor(() => expect(cachedId()).toBe(lincoln.id));
  });

  it('signed out: sign up (or in) first, and come back to the link', async () => {
    const auth = fakeAuth({ signedIn: false });
    const api = stubApi(joinRoutes());
    const { user } = renderRoute(link, { auth });
    // The card is there while the sign-in is looked for too: wait for its buttons.
    const signUp = await screen.findByRole('button', { name: 'Create account' });
    expect(screen.getByRole('heading', { name: 'Join a workspace' })).toBeInTheDocument();
    expect(
      screen.getByText(/with the e-mail address the invitation was sent to/),
    ).toBeInTheDocument();

    await user.click(signUp);
    expect(auth.client.loginWithRedirect).toHaveBeenCalledWith({
      appState: { returnTo: link },
      authorizationParams: { screen_hint: 'signup' },
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(auth.client.loginWithRedirect).toHaveBeenLastCalledWith({
      appState: { returnTo: link },
      authorizationParams: {},
    });
    expect(api.sent('POST /api/invitation/accept')).toHaveLength(0);
  });

  it('back from the provider, opens the link again and joins', async () => {
    const url = 'http://localhost/login?code=abc&state=xyz';
    const auth = fakeAuth({ signedIn: false, url, appState: { returnTo: link } });
    const api = stubApi(joinRoutes());
    const { router } = renderRoute('/login?code=abc&state=xyz', { auth });
    expect(await screen.findByText('You joined Lincoln High Football')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(homePath));
    expect(api.sent('POST /api/invitation/accept')).toHaveLength(1);
  });

  it('expired: says so in the server’s words and what to do', async () => {
    stubApi(joinRoutes(() => json({ message: EXPIRED }, 409)));
    const { router, user } = renderRoute(link);
    expect(
      await screen.findByRole('heading', { name: 'This invitation expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText(EXPIRED)).toBeInTheDocument();
    expect(
      screen.getByText(/Ask the owner of the workspace to invite you again/),
    ).toBeInTheDocument();
    // The tab stays in its workspace.
    expect(getWorkspaceId()).not.toBe(lincoln.id);

    await user.click(screen.getByRole('button', { name: 'Go to your dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(homePath));
  });

  it.each([
    ['This invitation was used already: ask for a new one.', 'This invitation was used already'],
    ['This invitation was withdrawn: ask for a new one.', 'This invitation was withdrawn'],
    ['You belong to this workspace already.', 'You are already a member'],
  ])('409 “%s” reads as “%s”', async (message, title) => {
    stubApi(joinRoutes(() => json({ message }, 409)));
    renderRoute(link);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('an unknown invitation (404) asks for a new one', async () => {
    const message = 'This invitation is not known: ask for a new one.';
    stubApi(joinRoutes(() => json({ message }, 404)));
    renderRoute(link);
    expect(
      await screen.findByRole('heading', { name: 'This invitation is not known' }),
    ).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('signed in with another address: offers to sign out and use another account', async () => {
    const auth = fakeAuth({ claims: { email: 'ada.personal@example.com' } });
    stubApi(joinRoutes(() => json({ message: OTHER_ADDRESS }, 403)));
    const { user } = renderRoute(link, { auth });
    expect(
      await screen.findByRole('heading', { name: 'This invitation is for another address' }),
    ).toBeInTheDocument();
    expect(screen.getByText(OTHER_ADDRESS)).toBeInTheDocument();
    expect(screen.getByText('ada.personal@example.com')).toBeInTheDocument();
    expect(screen.getByText(/open the link in the invitation e-mail again/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out and use another account' }));
    await waitFor(() => expect(auth.client.logout).toHaveBeenCalled());
  });

  it('a cut-off link says so and asks the server nothing', async () => {
    const api = stubApi(joinRoutes());
    renderRoute('/invitation/Jx3kq8H0bT9');
    expect(
      await screen.findByRole('heading', { name: 'This invitation link is incomplete' }),
    ).toBeInTheDocument();
    expect(api.sent('POST /api/invitation/accept')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Go to your dashboard' })).toBeVisible();
  });

  it('offline: the same link can be tried again', async () => {
    let online = false;
    stubApi(
      joinRoutes(() => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(lincoln);
      }),
    );
    const { user } = renderRoute(link);
    expect(
      await screen.findByRole('heading', { name: 'You have not joined yet' }),
    ).toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You joined Lincoln High Football')).toBeInTheDocument();
  });
});
