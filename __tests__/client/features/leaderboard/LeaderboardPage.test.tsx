import { act, screen, waitFor, within } from '@testing-library/react';
import LeaderboardPage from '../../../../src/features/leaderboard/LeaderboardPage';
import { prefetchLeaderboard } from '../../../../src/features/leaderboard/prefetchLeaderboard';
import { initialLeaderboardFilters } from '../../../../src/features/leaderboard/leaderboardFiltersSlice';
import { sprint } from '../../fakes/eventTypes';
import { json, makeTestStore, renderWithProviders, stubApi, testUser } from '../../test-utils';

const sprintType = { ...sprint, aliases: [] };

const entry = (rank: number, first: string, last: string, value: number, resultId = rank) => ({
  rank,
  resultId,
  athlete: { id: resultId, firstName: first, middleName: '', lastName: last },
  value,
  recordedAt: '2026-03-01T15:04:05Z',
  laneId: 2,
});

const board = (entries: ReturnType<typeof entry>[]) => ({
  eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
  isDistinct: false,
  athletesPerLeaderboard: 5,
  boards: [{ distanceMm: 36576, label: '40 yd', entries }],
});

/** The live stream: the test pushes frames into the open connection. */
function liveStream() {
  let push: ((text: string) => void) | undefined;
  const open = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(new TextEncoder().encode(text));
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );
  return { open, send: (text: string) => push?.(text), isOpen: () => push !== undefined };
}

function leaderboardRoutes(answers: Array<ReturnType<typeof board>>, stream = liveStream()) {
  let call = 0;
  return {
    stream,
    routes: {
      'GET /api/event-type': json({
        items: [sprintType],
        totalCount: 1,
        pageNumber: 1,
        pageSize: 1,
      }),
      'GET /api/sport': json({ items: [] }),
      'GET /api/position': json({ items: [] }),
      'GET /api/roster': json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
      'GET /api/leaderboard': () => json(answers[Math.min(call++, answers.length - 1)]),
      'GET /api/event/stream': () => stream.open(),
    },
  };
}

describe('the leaderboard page', () => {
  it('asks for the spec’s default query and shows each board with the top three marked', async () => {
    const { routes } = leaderboardRoutes([
      board([
        entry(1, 'Ada', 'Okafor', 4620),
        entry(1, 'Bo', 'Lind', 4620, 2),
        entry(3, 'Cy', 'Moss', 4800, 3),
        entry(4, 'Di', 'Park', 4910, 4),
      ]),
    ]);
    const api = stubApi(routes);
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    const list = await screen.findByRole('list', { name: '40 yd board' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ada Okafor'),
      expect.stringContaining('Bo Lind'),
      expect.stringContaining('Cy Moss'),
      expect.stringContaining('Di Park'),
    ]);
    expect(within(rows[0]!).getByLabelText('Rank 1, top three')).toBeInTheDocument();
    expect(within(rows[1]!).getByLabelText('Rank 1, top three')).toBeInTheDocument(); // a tie
    expect(within(rows[2]!).getByLabelText('Rank 3, top three')).toBeInTheDocument();
    expect(within(rows[3]!).getByLabelText('Rank 4')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('4.62 s');
    const [first] = api.sent('GET /api/leaderboard');
    // The browser's zone goes with the query: the dates are the coach's days.
    const tz = new URLSearchParams({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(new URL(first!.url).search).toBe(
      `?athletesPerLeaderboard=5&eventTypeId=1&isDistinct=false&${tz.toString()}`,
    );
  });

  it("finds the queries asked early (the route's prefetch) and asks none of them again", async () => {
    const { routes } = leaderboardRoutes([board([entry(1, 'Ada', 'Okafor', 4620)])]);
    const api = stubApi(routes);
    const store = makeTestStore();
    store.dispatch(prefetchLeaderboard); // in flight as the page renders
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard', store });
    await screen.findByRole('list', { name: '40 yd board' });
    // The same arguments as the page's: one request each.
    for (const route of [
      'GET /api/leaderboard',
      'GET /api/event-type',
      'GET /api/sport',
      'GET /api/position',
      'GET /api/roster',
    ])
      expect(api.sent(route)).toHaveLength(1);
  });

  it('asks again with isDistinct when "Best per athlete" is switched on', async () => {
    const { routes } = leaderboardRoutes([board([entry(1, 'Ada', 'Okafor', 4620)])]);
    const api = stubApi(routes);
    const { user } = renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    await screen.findByRole('list', { name: '40 yd board' });
    await user.click(screen.getByRole('switch', { name: 'Best per athlete' }));
    await waitFor(() =>
      expect(
        api.sent('GET /api/leaderboard').map((r) => new URL(r.url).searchParams.get('isDistinct')),
      ).toContain('true'),
    );
  });

  it('refetches when the stream says results of its event type arrived, and not for others', async () => {
    const { routes, stream } = leaderboardRoutes([
      board([entry(1, 'Ada', 'Okafor', 4620)]),
      board([entry(1, 'Bo', 'Lind', 4510, 2), entry(2, 'Ada', 'Okafor', 4620, 1)]),
    ]);
    const api = stubApi(routes);
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    await screen.findByText('Live');
    await waitFor(() => expect(stream.isOpen()).toBe(true));
    const boardCalls = () => api.sent('GET /api/leaderboard').length;
    const before = boardCalls();
    await act(async () =>
      stream.send('event: results\ndata: {"count":1,"eventTypeIds":[4],"resultIds":[9]}\n\n'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(boardCalls()).toBe(before);
    await act(async () =>
      stream.send('event: results\ndata: {"count":1,"eventTypeIds":[1],"resultIds":[10]}\n\n'),
    );
    const list = await screen.findByRole('list', { name: '40 yd board' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Bo Lind'),
    );
  });

  it('opens the TV mode full screen and leaves it', async () => {
    const { routes } = leaderboardRoutes([board([entry(1, 'Ada', 'Okafor', 4620)])]);
    stubApi(routes);
    const { user } = renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    await screen.findByRole('list', { name: '40 yd board' });
    await user.click(screen.getByRole('button', { name: /TV mode/ }));
    const tv = screen.getByRole('dialog', { name: 'Leaderboard on TV' });
    expect(within(tv).getByRole('heading', { name: 'Linear sprint' })).toBeInTheDocument();
    expect(within(tv).getByRole('list', { name: '40 yd board' })).toHaveTextContent('Ada Okafor');
    // A run of another day shows its date on the TV too, not a time that reads as today's.
    expect(within(tv).getByRole('list', { name: '40 yd board' })).toHaveTextContent('Mar 1, 2026');
    await user.click(within(tv).getByRole('button', { name: 'Leave TV mode' }));
    expect(screen.queryByRole('dialog', { name: 'Leaderboard on TV' })).not.toBeInTheDocument();
  });

  it('says what to do when the boards are empty', async () => {
    const { routes } = leaderboardRoutes([board([])]);
    stubApi(routes);
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    expect(await screen.findByText('No results on these boards yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Entry' })).toBeInTheDocument();
  });

  it('says that filters hide the results when a filtered board is empty', async () => {
    const { routes } = leaderboardRoutes([board([])]);
    stubApi(routes);
    renderWithProviders(<LeaderboardPage />, {
      route: '/home/leaderboard',
      preloadedState: {
        leaderboardFilters: { ...initialLeaderboardFilters, startDate: '2099-01-01' },
      },
    });
    expect(await screen.findByText('No results match these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No results on these boards yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manual Entry' })).not.toBeInTheDocument();
  });
});

describe('the leaderboard of a member limited to some rosters', () => {
  it('follows the live stream, which the server narrows to their rosters', async () => {
    const { routes } = leaderboardRoutes([board([entry(1, 'Ada', 'Okafor', 4620)])]);
    const api = stubApi({
      ...routes,
      'GET /api/user': () => json(testUser({ role: 'coach', rosterIds: [3] })),
    });
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    await screen.findByRole('list', { name: '40 yd board' });
    await waitFor(() => expect(api.sent('GET /api/event/stream').length).toBeGreaterThan(0));
    expect(screen.queryByText('Not live')).not.toBeInTheDocument();
  });

  it("names Integrations, an owner's page, without a link to it", async () => {
    const { routes } = leaderboardRoutes([board([])]);
    stubApi({ ...routes, 'GET /api/user': () => json(testUser({ role: 'coach' })) });
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    expect(await screen.findByText('No results on these boards yet.')).toBeInTheDocument();
    expect(screen.getByText(/Integrations/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manual Entry' })).toBeInTheDocument();
  });
});
