import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { EventBatchInput } from '../../../../../contract/event';
import ManualEntryPage from '../../../../../src/features/results/manualEntry/ManualEntryPage';
import {
  accountSettled,
  allowConsoleErrors,
  json,
  renderWithProviders,
  stubApi,
  testUser,
} from '../../../test-utils';
import { testAthlete, testRoster } from '../../athletes/athleteFixtures';
import { eventTypes } from '../../../fakes/eventTypes';

const athletes = [
  testAthlete({ id: 7, firstName: 'Ada', lastName: 'Okafor' }),
  testAthlete({ id: 8, firstName: 'Bo', lastName: 'Nguyen' }),
  testAthlete({ id: 9, firstName: 'Cy', lastName: 'Mills' }),
];
const list = <T,>(items: T[]) => ({
  items,
  totalCount: items.length,
  pageNumber: 1,
  pageSize: 500,
});

function pageRoutes() {
  return {
    'GET /api/user': () => json(testUser()),
    'GET /api/event-type': () => json(list(eventTypes)),
    'GET /api/roster': () => json(list([testRoster({ id: 1, name: 'Varsity', athleteCount: 3 })])),
    'GET /api/athlete': () => json(list(athletes)),
  };
}

/** A batch's answer: every item stored now. */
async function stored(request: Request) {
  const { items } = (await request.json()) as EventBatchInput;
  return json(
    {
      items: items.map((item, index) => ({
        id: index + 1,
        clientId: item.clientId,
        implausible: false,
      })),
      created: items.length,
    },
    201,
  );
}

async function openGrid() {
  const view = renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ManualEntryPage />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/result/program/manualentry' },
  );
  await screen.findByRole('heading', { level: 1, name: 'Programs: Manual Entry' });
  await accountSettled(view.store);
  await view.user.click(screen.getByRole('button', { name: /Enter a session/ }));
  const drawer = await screen.findByRole('dialog');
  return { ...view, drawer };
}

async function choose(user: UserEvent, drawer: HTMLElement, label: string, option: string) {
  await user.click(within(drawer).getByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}

/** Sprint 40 yd for the Varsity roster: the grid with 10 yd, 20 yd and total columns. */
async function sprintSession() {
  const view = await openGrid();
  const { user, drawer } = view;
  await choose(user, drawer, 'Event type', 'Linear sprint');
  await choose(user, drawer, 'Roster', 'Varsity');
  await within(drawer).findByRole('textbox', { name: 'Ada Okafor, Total 40 yd' });
  return view;
}

const cell = (drawer: HTMLElement, name: string) => within(drawer).getByRole('textbox', { name });
const sentBatches = (api: ReturnType<typeof stubApi>) =>
  api.sent('POST /api/event').map((request) => JSON.parse(request.body) as EventBatchInput);

describe('the Manual Entry grid', () => {
  it('says what to choose before it lists athletes', async () => {
    stubApi(pageRoutes());
    const { drawer } = await openGrid();
    expect(within(drawer).getByText(/Choose an event type and a roster/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Save/ })).toBeDisabled();
    expect(within(drawer).getByRole('status')).toHaveTextContent('0 results ready');
  });

  it('moves down the column with Enter and up with Shift+Enter', async () => {
    stubApi(pageRoutes());
    const { user, drawer } = await sprintSession();
    expect(
      within(drawer)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Athlete', '10 yd split', '20 yd split', 'Total 40 yd', 'Attempts']);

    await user.click(cell(drawer, 'Ada Okafor, Total 40 yd'));
    await user.keyboard('4.81{Enter}');
    expect(cell(drawer, 'Bo Nguyen, Total 40 yd')).toHaveFocus();
    await user.keyboard('5,02{Enter}');
    expect(cell(drawer, 'Cy Mills, Total 40 yd')).toHaveFocus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(cell(drawer, 'Bo Nguyen, Total 40 yd')).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');
    // Enter on the last cell goes to Save.
    expect(within(drawer).getByRole('button', { name: /Save 2 results/ })).toHaveFocus();
    expect(within(drawer).getByRole('status')).toHaveTextContent('2 results ready');
  });

  it('marks a wrong cell at once and saves nothing until it is fixed', async () => {
    const api = stubApi(pageRoutes());
    const { user, drawer } = await sprintSession();
    await user.click(cell(drawer, 'Ada Okafor, 10 yd'));
    await user.keyboard('1.70{Tab}1.65');
    const twenty = cell(drawer, 'Ada Okafor, 20 yd');
    expect(twenty).toHaveAttribute('aria-invalid', 'true');
    expect(twenty).toHaveAccessibleDescription('Must be more than the 10 yd split (1.70 s)');
    expect(within(drawer).getByText('Type the total time too')).toBeInTheDocument();
    expect(within(drawer).getByRole('status')).toHaveTextContent('0 results ready · 2 to fix');
    expect(within(drawer).getByRole('button', { name: /Save/ })).toBeDisabled();

    await user.clear(twenty);
    await user.type(twenty, '2.79');
    await user.type(cell(drawer, 'Ada Okafor, Total 40 yd'), '462');
    expect(cell(drawer, 'Ada Okafor, Total 40 yd')).toHaveAccessibleDescription(
      'Slower than a walk: type seconds, e.g. 4.62',
    );
    await user.clear(cell(drawer, 'Ada Okafor, Total 40 yd'));
    await user.type(cell(drawer, 'Ada Okafor, Total 40 yd'), '4.62');
    expect(twenty).not.toHaveAttribute('aria-invalid');
    expect(within(drawer).getByRole('button', { name: 'save Save 1 result' })).toBeEnabled();
    expect(api.sent('POST /api/event')).toHaveLength(0);
  });

  it('saves one batch with a client id per row, and clears the grid', async () => {
    const api = stubApi({ ...pageRoutes(), 'POST /api/event': stored });
    const { user, drawer } = await sprintSession();
    await user.click(cell(drawer, 'Ada Okafor, 20 yd'));
    await user.keyboard('2.79{Tab}4.81');
    await user.click(cell(drawer, 'Cy Mills, Total 40 yd'));
    await user.keyboard('5.10');
    await user.click(within(drawer).getByRole('button', { name: /Save 2 results/ }));

    expect(await within(drawer).findByText('Saved 2 results')).toBeInTheDocument();
    expect(within(drawer).getByRole('alert')).toHaveTextContent(
      /^Saved 2 results\. They show under/,
    );
    const [batch, ...more] = sentBatches(api);
    expect(more).toEqual([]);
    expect(batch!.items).toEqual([
      {
        clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        athleteId: 7,
        eventTypeId: 1,
        recordedAt: expect.any(String),
        distanceMm: 36576,
        timeMs: 4810,
        splits: [{ distanceMm: 18288, timeMs: 2790 }],
        program: 'manualentry',
        source: 'manual',
        timingMethod: 'hand',
      },
      expect.objectContaining({ athleteId: 9, timeMs: 5100, distanceMm: 36576 }),
    ]);
    expect(batch!.items[0]!.clientId).not.toBe(batch!.items[1]!.clientId);
    expect(cell(drawer, 'Ada Okafor, Total 40 yd')).toHaveValue('');
    expect(within(drawer).getByRole('status')).toHaveTextContent('0 results ready');
  });

  it('saves the session under the program chosen in the setup (EAPI)', async () => {
    const api = stubApi({ ...pageRoutes(), 'POST /api/event': stored });
    const { user, drawer } = await sprintSession();
    const program = within(drawer).getByRole('radiogroup', { name: 'Program' });
    expect(within(drawer).queryByText(/Builds the athletes’ profiles/)).not.toBeInTheDocument();
    await user.click(within(program).getByText('EAPI'));
    expect(within(drawer).getByText(/Builds the athletes’ profiles/)).toBeInTheDocument();

    await user.click(cell(drawer, 'Ada Okafor, Total 40 yd'));
    await user.keyboard('4.81');
    await user.click(within(drawer).getByRole('button', { name: /Save 1 result/ }));
    expect(await within(drawer).findByText('Saved 1 result')).toBeInTheDocument();
    // One result: "it", not "they".
    expect(within(drawer).getByRole('alert')).toHaveTextContent(
      'Saved 1 result. It shows under Programs: EAPI.',
    );
    expect(sentBatches(api)[0]!.items).toEqual([
      expect.objectContaining({ athleteId: 7, timeMs: 4810, program: 'eapi', source: 'manual' }),
    ]);
  });

  it('retries under the same client ids after a network error', async () => {
    allowConsoleErrors();
    let calls = 0;
    const api = stubApi({
      ...pageRoutes(),
      'POST /api/event': (request) => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return stored(request);
      },
    });
    const { user, drawer } = await sprintSession();
    await user.click(cell(drawer, 'Bo Nguyen, Total 40 yd'));
    await user.keyboard('5.02');
    await user.click(within(drawer).getByRole('button', { name: /Save 1 result/ }));
    expect(await within(drawer).findByText(/Save again to retry/)).toBeInTheDocument();
    expect(cell(drawer, 'Bo Nguyen, Total 40 yd')).toHaveValue('5.02');

    await user.click(within(drawer).getByRole('button', { name: /Save 1 result/ }));
    expect(await within(drawer).findByText('Saved 1 result')).toBeInTheDocument();
    const [first, second] = sentBatches(api);
    expect(second!.items[0]!.clientId).toBe(first!.items[0]!.clientId);
  });

  it('puts the server’s 400 at the row and cell it names', async () => {
    stubApi({
      ...pageRoutes(),
      'POST /api/event': () =>
        json(
          {
            errors: {
              'items.1.splits.0.timeMs': ['must be more than 0'],
              'items.0.recordedAt': ['is more than a day ahead'],
            },
          },
          400,
        ),
    });
    const { user, drawer } = await sprintSession();
    await user.type(cell(drawer, 'Ada Okafor, Total 40 yd'), '4.81');
    await user.type(cell(drawer, 'Cy Mills, 10 yd'), '1.80');
    await user.type(cell(drawer, 'Cy Mills, Total 40 yd'), '5.10');
    await user.click(within(drawer).getByRole('button', { name: /Save 2 results/ }));

    await waitFor(() =>
      expect(cell(drawer, 'Cy Mills, 10 yd')).toHaveAccessibleDescription('must be more than 0'),
    );
    expect(within(drawer).getByText('Date: is more than a day ahead')).toBeInTheDocument();
    expect(within(drawer).getByText(/nothing was saved/)).toBeInTheDocument();
    // Typing over the cell clears the server's message.
    await user.type(cell(drawer, 'Cy Mills, 10 yd'), '1');
    expect(cell(drawer, 'Cy Mills, 10 yd')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps what was typed when the drawer closes, and adds attempts', async () => {
    const api = stubApi({ ...pageRoutes(), 'POST /api/event': stored });
    const { user, drawer } = await sprintSession();
    await user.type(cell(drawer, 'Ada Okafor, Total 40 yd'), '4.81');
    await user.click(within(drawer).getByRole('button', { name: 'Add an attempt for Ada Okafor' }));
    await user.type(cell(drawer, 'Ada Okafor, attempt 2, Total 40 yd'), '4.75');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: /Continue the session/ }));
    const reopened = await screen.findByRole('dialog');
    expect(cell(reopened, 'Ada Okafor, Total 40 yd')).toHaveValue('4.81');
    await user.click(within(reopened).getByRole('button', { name: /Save 2 results/ }));
    await within(reopened).findByText('Saved 2 results');
    const [batch] = sentBatches(api);
    expect(batch!.items.map((item) => [item.athleteId, item.timeMs])).toEqual([
      [7, 4810],
      [7, 4750],
    ]);
  });

  it('takes a mark for jumps', async () => {
    const api = stubApi({ ...pageRoutes(), 'POST /api/event': stored });
    const { user, drawer } = await openGrid();
    await choose(user, drawer, 'Event type', 'Vertical jump');
    await choose(user, drawer, 'Roster', 'All athletes');
    await user.type(
      await within(drawer).findByRole('textbox', { name: 'Bo Nguyen, Height' }),
      '26.5',
    );
    await user.click(within(drawer).getByRole('button', { name: /Save 1 result/ }));
    await within(drawer).findByText('Saved 1 result');
    expect(sentBatches(api)[0]!.items[0]).toEqual(
      expect.objectContaining({ athleteId: 8, eventTypeId: 5, markMm: 673 }),
    );
    expect(sentBatches(api)[0]!.items[0]).not.toHaveProperty('timeMs');
  });
  it('holds a move to another page while rows are typed, until the coach confirms it', async () => {
    stubApi(pageRoutes());
    const { user, drawer, router } = await sprintSession();
    // Found by its text: antd's dialogs all carry the same test id as their label here.
    const leaveDialog = async () =>
      (await screen.findByText(/typed but not saved/)).closest<HTMLElement>('[role="dialog"]')!;
    const leave = () =>
      act(async () => {
        void router.navigate('/home/leaderboard');
      });
    // Nothing typed: the move goes through.
    await leave();
    expect(router.state.location.pathname).toBe('/home/leaderboard');
    await act(async () => {
      void router.navigate('/home/result/program/manualentry');
    });

    await user.click(cell(drawer, 'Ada Okafor, Total 40 yd'));
    await user.keyboard('4.81{Enter}');
    await leave();
    const ask = await leaveDialog();
    expect(ask).toHaveTextContent('Leave without saving?');
    expect(ask).toHaveTextContent('1 row of the Manual Entry grid is typed but not saved');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/home/result/program/manualentry');
    expect(cell(drawer, 'Ada Okafor, Total 40 yd')).toHaveValue('4.81');

    await leave();
    const again = await leaveDialog();
    await user.click(within(again).getByRole('button', { name: 'Leave and discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/leaderboard'));
  });
});
