import { Outlet, matchRoutes } from 'react-router';
import { waitFor } from '@testing-library/react';
import { AccountRequest, type RouteHandle } from '../../../src/app/AccountRequest';
import { routes as appRoutes } from '../../../src/app/router';
import { prefetchLeaderboard } from '../../../src/features/leaderboard/prefetchLeaderboard';
import { referenceApi } from '../../../src/lib/api/referenceApi';
import { json, renderRoute, stubApi, testUser } from '../test-utils';

describe('AccountRequest', () => {
  it("asks for the account, the webhooks, then the prefetch of the address's route", async () => {
    const api = stubApi({
      'GET /api/user': json(testUser),
      'GET /api/integration/webhook': json({ items: [] }),
      'GET /api/sport': json({ items: [] }),
    });
    const handle: RouteHandle = {
      prefetch: (dispatch) => dispatch(referenceApi.util.prefetch('listSports', undefined, {})),
    };
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

  it("is told the leaderboard's prefetch by the app's route table", () => {
    const handles = (matchRoutes(appRoutes, '/home/leaderboard') ?? []).map(
      ({ route }) => route.handle as RouteHandle | undefined,
    );
    expect(handles.map((handle) => handle?.prefetch)).toContain(prefetchLeaderboard);
  });
});
