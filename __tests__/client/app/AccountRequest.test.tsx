import { Outlet, matchRoutes } from 'react-router';
import { act, waitFor } from '@testing-library/react';
import { AccountRequest, type RouteHandle } from '../../../src/app/AccountRequest';
import { routes as appRoutes } from '../../../src/app/router';
import { prefetchLeaderboard } from '../../../src/features/leaderboard/prefetchLeaderboard';
import { referenceApi } from '../../../src/lib/api/referenceApi';
import { json, renderRoute, stubApi, testUser } from '../test-utils';

describe('AccountRequest', () => {
  const board = (handle: RouteHandle) => [
    {
      path: '/home',
      element: (
        <>
          <AccountRequest />
          <Outlet />
        </>
      ),
      children: [
        { path: 'board', handle, element: null },
        { path: 'other', element: null },
      ],
    },
  ];
  const sportsPrefetch: RouteHandle = {
    prefetch: (dispatch) => dispatch(referenceApi.util.prefetch('listSports', undefined, {})),
  };

  it("asks for the account and the prefetch of the address's route, then an owner's webhooks", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = stubApi({
      'GET /api/user': async () => {
        await answered;
        return json(testUser());
      },
      'GET /api/integration/webhook': json({ items: [] }),
      'GET /api/sport': json({ items: [] }),
    });
    renderRoute('/home/board', { routes: board(sportsPrefetch) });
    await waitFor(() => expect(api.sent('GET /api/sport')).toHaveLength(1));
    // The account first: the shell waits for it.
    expect(api.requests.map(({ path }) => path)).toEqual(['/api/user', '/api/sport']);
    // The webhooks are an owner's: asked for once the account says the role.
    answer();
    await waitFor(() => expect(api.sent('GET /api/integration/webhook')).toHaveLength(1));
  });

  it('asks for no webhooks for a member who is not an owner (they would answer 403)', async () => {
    const api = stubApi({
      'GET /api/user': json(testUser({ role: 'coach' })),
      'GET /api/sport': json({ items: [] }),
    });
    renderRoute('/home/board', { routes: board(sportsPrefetch) });
    await waitFor(() => expect(api.sent('GET /api/sport')).toHaveLength(1));
    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.sent('GET /api/integration/webhook')).toHaveLength(0);
  });

  it("is told the leaderboard's prefetch by the app's route table", () => {
    const handles = (matchRoutes(appRoutes, '/home/leaderboard') ?? []).map(
      ({ route }) => route.handle as RouteHandle | undefined,
    );
    expect(handles.map((handle) => handle?.prefetch)).toContain(prefetchLeaderboard);
  });
});
