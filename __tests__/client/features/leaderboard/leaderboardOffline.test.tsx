import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import LeaderboardPage from '../../../../src/features/leaderboard/LeaderboardPage';
import {
  closeQueueDatabase,
  entryQueue,
  ownerKey,
  QUEUE_DB_NAME,
} from '../../../../src/lib/offline/entryQueue';
import { setQueueOwner } from '../../../../src/lib/offline/queueOwner';
import { sprint } from '../../fakes/eventTypes';
import { allowConsoleErrors, json, renderWithProviders, stubApi } from '../../test-utils';

/**
 * The leaderboard when the network goes (issue 35, docs/offline.md): the last boards
 * stay with "Offline: last update 10:42", they catch up when the stream is back, and the
 * results queued on this device show under them at once, marked "Not sent yet".
 */

const entry = (rank: number, first: string, last: string, value: number) => ({
  rank,
  resultId: rank,
  athlete: { id: rank, firstName: first, middleName: '', lastName: last },
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

/** The live stream, which the test opens, drops and keeps down as the network does. */
function flakyStream() {
  let down = false;
  let close: (() => void) | undefined;
  let opened = 0;
  return {
    open: () => {
      if (down) throw new TypeError('Failed to fetch');
      opened += 1;
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            close = () => controller.close();
          },
        }),
        { headers: { 'Content-Type': 'text/event-stream' } },
      );
    },
    /** The network goes: the open stream ends and new ones fail. */
    drop: () => {
      down = true;
      close?.();
    },
    restore: () => {
      down = false;
    },
    opened: () => opened,
  };
}

function routes(stream: ReturnType<typeof flakyStream>, boards: () => unknown) {
  return {
    'GET /api/event-type': json({
      items: [{ ...sprint, aliases: [] }],
      totalCount: 1,
      pageNumber: 1,
      pageSize: 1,
    }),
    'GET /api/sport': json({ items: [] }),
    'GET /api/position': json({ items: [] }),
    'GET /api/roster': json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
    'GET /api/leaderboard': () => {
      const answer = boards();
      if (answer instanceof Error) throw answer;
      return json(answer);
    },
    'GET /api/event/stream': () => stream.open(),
  };
}

beforeEach(async () => {
  await closeQueueDatabase();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(QUEUE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

afterEach(() => act(() => setQueueOwner(null)));

describe('the leaderboard offline', () => {
  it('keeps the last boards with their time, and catches up when the network is back', async () => {
    allowConsoleErrors();
    const stream = flakyStream();
    let online = true;
    let answer = board([entry(1, 'Ada', 'Okafor', 4620)]);
    stubApi(routes(stream, () => (online ? answer : new TypeError('Failed to fetch'))));
    const asked = new Date();
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    await screen.findByText('Live');
    const list = await screen.findByRole('list', { name: '40 yd board' });
    const answered = new Date();
    expect(screen.queryByText(/Offline: last update/)).toBeNull();

    act(() => {
      online = false;
      stream.drop();
    });
    const banner = await screen.findByText(/^Offline: last update \d\d:\d\d$/);
    // The time is the last answer's, in the coach's clock (hours and minutes, 24 h).
    const minute = (at: Date) =>
      `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    expect([minute(asked), minute(answered)]).toContain(banner.textContent?.slice(-5));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    // The boards stay on screen, and so does the notice while the stream is retried.
    expect(within(list).getByRole('listitem')).toHaveTextContent('Ada Okafor');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1800)));
    expect(stream.opened()).toBe(1);
    expect(screen.getByText(/^Offline: last update/)).toBe(banner);

    // The network returns: the stream's resync reloads the boards, no reload of the page.
    answer = board([entry(1, 'Bo', 'Lind', 4510), entry(2, 'Ada', 'Okafor', 4620)]);
    act(() => {
      online = true;
      stream.restore();
    });
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('list', { name: '40 yd board' })).getAllByRole('listitem')[0],
        ).toHaveTextContent('Bo Lind'),
      { timeout: 5000 },
    );
    expect(screen.queryByText(/Offline: last update/)).toBeNull();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(stream.opened()).toBe(2);
  });

  it('lists the results queued on this device for the board’s event type, marked not sent', async () => {
    act(() => setQueueOwner({ sub: 'coach-1', accountId: 'a1' }));
    const queue = entryQueue(ownerKey('coach-1', 'a1'));
    const sprintItem = (clientId: string, eventTypeId = 1) => ({
      clientId,
      athleteId: 7,
      eventTypeId,
      recordedAt: '2026-11-28T10:00:00Z',
      timeMs: 4700,
      source: 'manual' as const,
      program: 'manualentry' as const,
    });
    await queue.add([
      {
        item: sprintItem('a'),
        label: { athleteName: 'Cy Moss', eventName: '40', value: '4.70 s' },
      },
      {
        item: sprintItem('b'),
        label: { athleteName: 'Di Park', eventName: '40', value: '4.75 s' },
      },
      {
        item: sprintItem('c', 2),
        label: { athleteName: 'Ed Agility', eventName: 'Pro agility', value: '4.40 s' },
      },
      {
        item: sprintItem('d'),
        label: { athleteName: 'Fay Sent', eventName: '40', value: '4.80 s' },
      },
    ]);
    await queue.update([{ clientId: 'd', state: 'sent' }]);
    const stream = flakyStream();
    stubApi(routes(stream, () => board([entry(1, 'Ada', 'Okafor', 4620)])));
    renderWithProviders(<LeaderboardPage />, { route: '/home/leaderboard' });
    await screen.findByRole('list', { name: '40 yd board' });
    const queued = await screen.findByTestId('queued-on-board');
    expect(queued).toHaveTextContent('Saved on this device, not sent yet (2)');
    const items = within(queued).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Cy Moss 4.70 s Not sent yet',
      'Di Park 4.75 s Not sent yet',
    ]);

    // Sent: it leaves the list (the board's own answer lists it).
    await act(() => queue.update([{ clientId: 'a', state: 'sent' }]));
    await waitFor(() =>
      expect(screen.getByTestId('queued-on-board')).toHaveTextContent(
        'Saved on this device, not sent yet (1)',
      ),
    );
    await act(() => queue.update([{ clientId: 'b', state: 'sent' }]));
    await waitFor(() => expect(screen.queryByTestId('queued-on-board')).toBeNull());
  });
});
