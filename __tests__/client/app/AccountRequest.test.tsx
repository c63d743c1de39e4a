import { Outlet, matchRoutes } from 'react-router';
import { screen, waitFor } from '@testing-library/react';
import { AccountRequest, type RouteHandle } from '../../../src/app/AccountRequest';
import { routes as appRoutes } from '../../../src/app/router';
import { LeaderboardRequests } from '../../../src/features/leaderboard/LeaderboardRequests';
import { useListSportsQuery } from '../../../src/lib/api/referenceApi';
import { json, renderRoute, stubApi, testUser } from '../test-utils';

describe('AccountRequest', () => {
  it("asks for the account, the webhooks and the requests of the address's route", async () => {
    const api = stubApi({
      'GET /api/user': json(testUser),
      'GET /api/integration/webhook': json({ items: [] }),
      'GET /api/sport': json({ items: [] }),
    });
    const Probe = () => {
      useListSportsQuery();
      return <p>asked for the board</p>;
    };
    const handle: RouteHandle = { requests: Probe };
    renderRoute('/home/board', {
      routes: [
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
      ],
    });
    expect(await screen.findByText('asked for the board')).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(1));
    await waitFor(() => expect(api.sent('GET /api/integration/webhook')).toHaveLength(1));
    await waitFor(() => expect(api.sent('GET /api/sport')).toHaveLength(1));
    // The account first: the shell waits for it.
    expect(api.requests.map(({ path }) => path)).toEqual([
      '/api/user',
      '/api/integration/webhook',
      '/api/sport',
    ]);
  });

  it("is told the leaderboard's requests by the app's route table", () => {
    const handles = (matchRoutes(appRoutes, '/home/leaderboard') ?? []).map(
      ({ route }) => route.handle as RouteHandle | undefined,
    );
    expect(handles.map((handle) => handle?.requests)).toContain(LeaderboardRequests);
  });
});
