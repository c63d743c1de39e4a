import { act, screen, waitFor, within } from '@testing-library/react';
import { userApi } from '../../../../src/features/account/userApi';
import { baseApi, getWorkspaceId, setWorkspaceId } from '../../../../src/lib/api';
import { fakeAuth, json, renderRoute, stubApi, testUser } from '../../test-utils';

const own = testUser().workspaces[0]!;
const lincoln = {
  id: '0b3c5d7e-0000-4000-8000-00000000b0b0',
  name: 'Lincoln High Football',
  role: 'coach' as const,
  rosterIds: null,
};
const workspaceHeader = 'x-splitline-workspace';

/** `/user` as the server answers it for the workspace the request names. */
function userIn(workspaceId: string | null, { memberOfLincoln = true } = {}) {
  const workspaces = memberOfLincoln ? [own, lincoln] : [own];
  if (workspaceId === lincoln.id && memberOfLincoln)
    return testUser({ id: lincoln.id, role: 'coach', logoUrl: null, workspaces });
  // Not a member of the workspace named: the server answers for the user's own.
  return testUser({ workspaces });
}

describe('workspaces', () => {
  it('pins the tab to the workspace /user answers and names it on every later call', async () => {
    const api = stubApi({
      'GET /api/user': () => json(testUser()),
    });
    const { store } = renderRoute('/home/leaderboard');
    await waitFor(() => expect(getWorkspaceId()).toBe(own.id));
    expect(store.getState().workspaceFilters.workspaceId).toBe(own.id);
    await screen.findByRole('heading', { name: 'Leaderboard' });
    const before = api.requests.length;
    // Any call made now names the workspace.
    await act(async () => {
      await store.dispatch(userApi.endpoints.getUser.initiate(undefined, { forceRefetch: true }));
    });
    const later = api.requests.slice(before);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later) expect(request.headers.get(workspaceHeader)).toBe(own.id);
  });

  it('switches workspace from the user menu: remembered on the server, named on every call', async () => {
    const api = stubApi({
      'GET /api/user': (request) => json(userIn(request.headers.get(workspaceHeader))),
      'PUT /api/workspace/current': () => json({ items: [own, lincoln], currentId: lincoln.id }),
    });
    const { user } = renderRoute('/home/leaderboard');
    await user.click(await screen.findByRole('button', { name: /Account menu of/ }));
    await user.click(
      await screen.findByRole('menuitem', { name: /Lincoln High Football · Coach/ }),
    );

    await waitFor(() => expect(api.sent('PUT /api/workspace/current')).toHaveLength(1));
    expect(JSON.parse(api.sent('PUT /api/workspace/current')[0]!.body)).toEqual({
      workspaceId: lincoln.id,
    });
    // The header shows the workspace the tab now works in.
    expect(await screen.findByText('Lincoln High Football')).toBeInTheDocument();
    expect(getWorkspaceId()).toBe(lincoln.id);
    expect(api.sent('GET /api/user').at(-1)!.headers.get(workspaceHeader)).toBe(lincoln.id);
  });

  it("leaves a workspace that is not the user's own, and goes back to their own", async () => {
    let left = false;
    const api = stubApi({
      'GET /api/user': (request) =>
        json(userIn(request.headers.get(workspaceHeader), { memberOfLincoln: !left })),
      'POST /api/workspace/leave': () => ((left = true), new Response(null, { status: 204 })),
      'PUT /api/workspace/current': () => json({ items: [own], currentId: own.id }),
    });
    setWorkspaceId(lincoln.id);
    const { user } = renderRoute('/home/leaderboard');
    expect(await screen.findByText('Lincoln High Football')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Account menu of/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Leave Lincoln High Football/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this workspace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));

    await waitFor(() => expect(getWorkspaceId()).toBe(own.id));
    expect(api.sent('POST /api/workspace/leave')[0]!.headers.get(workspaceHeader)).toBe(lincoln.id);
    expect(JSON.parse(api.sent('PUT /api/workspace/current')[0]!.body)).toEqual({
      workspaceId: own.id,
    });
    expect(await screen.findByText('Riverside Lions')).toBeInTheDocument();
  });

  it('tells a removed member where they are now, after a refused call', async () => {
    let removed = false;
    const api = stubApi({
      'GET /api/user': (request) =>
        json(userIn(request.headers.get(workspaceHeader), { memberOfLincoln: !removed })),
      'GET /api/leaderboard': () =>
        removed
          ? json(
              {
                message:
                  'You are not a member of this workspace: an owner removed you, or it is not yours. Choose another workspace.',
              },
              403,
            )
          : json({ message: 'not stubbed' }, 404),
    });
    setWorkspaceId(lincoln.id);
    const { store } = renderRoute('/home/leaderboard');
    expect(await screen.findByText('Lincoln High Football')).toBeInTheDocument();

    removed = true;
    // The next call (the board asks again) is refused.
    act(() => void store.dispatch(baseApi.util.invalidateTags(['Leaderboard'])));
    const banner = await screen.findByText(
      'You no longer have access to Lincoln High Football: an owner removed you. You are now in Riverside Lions.',
      {},
      { timeout: 5000 },
    );
    expect(getWorkspaceId()).toBe(own.id);
    // Every page asks again, in the user's own workspace.
    await waitFor(() =>
      expect(api.sent('GET /api/user').at(-1)!.headers.get(workspaceHeader)).toBe(own.id),
    );
    expect(await screen.findByText('Riverside Lions')).toBeInTheDocument();
    await act(async () =>
      within(banner.closest<HTMLElement>('[role="alert"]')!)
        .getByRole('button', { name: 'Dismiss' })
        .click(),
    );
    expect(screen.queryByText(/You no longer have access/)).not.toBeInTheDocument();
  });
});

describe('choosing a workspace after signing in', () => {
  /** Back from the provider, having signed in for `returnTo`. */
  const signedInFor = (returnTo: string) => {
    const url = 'http://localhost/login?code=abc&state=xyz';
    return fakeAuth({ signedIn: false, url, appState: { returnTo } });
  };

  it('asks a member of several, the last used first, and opens the page in the one chosen', async () => {
    const api = stubApi({
      // The server's last chosen is Lincoln: /user answers for it until told otherwise.
      'GET /api/user': (request) =>
        json(userIn(request.headers.get(workspaceHeader) ?? lincoln.id)),
      'PUT /api/workspace/current': () => json({ items: [own, lincoln], currentId: own.id }),
    });
    const { router, user } = renderRoute('/login?code=abc&state=xyz', {
      auth: signedInFor('/home/athlete'),
    });
    expect(await screen.findByRole('heading', { name: 'Choose a workspace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workspace');
    const choices = within(screen.getByRole('list', { name: 'Workspaces' })).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Lincoln High FootballCoach · last used',
      'Riverside LionsOwner',
    ]);
    expect(choices[0]).toHaveFocus();

    await user.click(choices[1]!);
    expect(await screen.findByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/athlete');
    expect(JSON.parse(api.sent('PUT /api/workspace/current')[0]!.body)).toEqual({
      workspaceId: own.id,
    });
    expect(getWorkspaceId()).toBe(own.id);
    expect(await screen.findByText('Riverside Lions')).toBeInTheDocument();
  });

  it('opens the last used at once: no switch, the answers kept', async () => {
    const api = stubApi({
      'GET /api/user': (request) =>
        json(userIn(request.headers.get(workspaceHeader) ?? lincoln.id)),
    });
    const { router, user } = renderRoute('/login?code=abc&state=xyz', {
      auth: signedInFor('/home/athlete'),
    });
    const list = await screen.findByRole('list', { name: 'Workspaces' });
    await user.click(within(list).getAllByRole('button')[0]!);
    expect(await screen.findByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/athlete');
    expect(api.sent('PUT /api/workspace/current')).toHaveLength(0);
    expect(api.sent('GET /api/user')).toHaveLength(1);
    expect(getWorkspaceId()).toBe(lincoln.id);
  });

  it('goes straight on with one workspace', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    const { router } = renderRoute('/login?code=abc&state=xyz', {
      auth: signedInFor('/home/athlete'),
    });
    expect(await screen.findByRole('heading', { name: 'Athletes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/athlete');
    expect(screen.queryByRole('heading', { name: 'Choose a workspace' })).not.toBeInTheDocument();
  });

  it('does not ask on the way to an invitation, nor when the session was already there', async () => {
    stubApi({
      'GET /api/user': (request) => json(userIn(request.headers.get(workspaceHeader))),
    });
    const first = renderRoute('/login?code=abc&state=xyz', {
      auth: signedInFor('/invitation/abc'),
    });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/invitation/abc'));
    first.unmount();

    const { router } = renderRoute('/login');
    expect(await screen.findByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/leaderboard');
  });
});
