import { screen, waitFor, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import HistoricalResultsPage from '../../../../src/features/history/HistoricalResultsPage';
import { initialHistoricalFilters } from '../../../../src/features/history/historicalFiltersSlice';
import type { RootState } from '../../../../src/app/store';
import { json, renderWithProviders, stubApi, testUser } from '../../test-utils';
import { sprint, verticalJump } from '../../fakes/eventTypes';
import { testHistory } from './historyFixtures';

const list = <T,>(items: T[]) => ({
  items,
  totalCount: items.length,
  pageNumber: 1,
  pageSize: 500,
});

const rosters = [
  { id: 1, name: 'Varsity', athleteCount: 2, createdAt: '2026-01-10T12:00:00.000Z' },
  { id: 2, name: 'Sprinters', athleteCount: 1, createdAt: '2026-01-10T12:00:00.000Z' },
];

function athlete(id: number, firstName: string, lastName: string) {
  return {
    id,
    firstName,
    middleName: '',
    lastName,
    gender: null,
    birthDate: null,
    graduationYear: null,
    sportId: null,
    positionId: null,
    heightCm: null,
    weightKg: null,
    externalId: null,
    email: null,
    rosters: [],
    createdAt: '2026-01-10T12:00:00.000Z',
  };
}

const eventTypes = [{ ...sprint, distanceMode: 'fixed' as const, aliases: [] }, verticalJump];

/** Varsity has Ada and Bo, Sprinters only Cy; every athlete is Ada, Bo and Cy. */
const athletesByRoster: Record<string, ReturnType<typeof athlete>[]> = {
  '1': [athlete(12, 'Ada', 'Okafor'), athlete(13, 'Bo', 'Nguyen')],
  '2': [athlete(14, 'Cy', 'Adams')],
  '-1': [athlete(14, 'Cy', 'Adams'), athlete(13, 'Bo', 'Nguyen'), athlete(12, 'Ada', 'Okafor')],
};

function pageRoutes(history = testHistory()) {
  return {
    'GET /api/user': () => json(testUser()),
    'GET /api/roster': () => json(list(rosters)),
    'GET /api/event-type': () => json(list(eventTypes)),
    'GET /api/athlete': (request: Request) =>
      json(list(athletesByRoster[new URL(request.url).searchParams.get('rosterId')!] ?? [])),
    'GET /api/event/historical': () => json(history),
  };
}

const queryOf = (request: { url: string }) => Object.fromEntries(new URL(request.url).searchParams);

/**
 * recharts sizes its chart from the ResponsiveContainer's box, which jsdom reports as
 * 0 × 0 (no layout): give that box a laptop's size. Only that box: recharts also
 * measures other boxes (axis labels), and one as tall as the chart leaves no room for lines.
 */
const measure = HTMLElement.prototype.getBoundingClientRect;
beforeEach(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (!this.classList.contains('recharts-responsive-container')) return measure.call(this);
    return DOMRect.fromRect({ width: 800, height: 340 });
  });
});
afterEach(() => jest.restoreAllMocks());

async function openHistoryPage(preloadedState: Partial<RootState> = {}) {
  const view = renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <HistoricalResultsPage />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/result/historical', preloadedState },
  );
  await screen.findByRole('heading', { level: 1, name: 'Results, historical' });
  return view;
}

const withAthlete = (filters: Partial<typeof initialHistoricalFilters> = {}) => ({
  historicalFilters: { ...initialHistoricalFilters, rosterId: 1, athleteId: 12, ...filters },
});

/** Opens an antd Select by its label and picks an option by its text. */
async function choose(
  user: ReturnType<typeof renderWithProviders>['user'],
  label: string,
  option: string,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByRole('option', { name: option });
  // antd renders a hidden a11y copy of the options and the visible list; the last is visible.
  await user.click(
    document.querySelector(`.ant-select-item-option[title="${option}"]`) ?? options[0]!,
  );
}

describe('the historical results page', () => {
  it('asks to choose an athlete first, and asks the server nothing', async () => {
    const api = stubApi(pageRoutes());
    await openHistoryPage();
    expect(await screen.findByText('No athlete chosen')).toBeInTheDocument();
    expect(api.sent('GET /api/event/historical')).toHaveLength(0);
  });

  it('sends the chosen filters, without nulls, with the browser’s time zone', async () => {
    const api = stubApi(pageRoutes());
    const { user, store } = await openHistoryPage();
    await screen.findByText('No athlete chosen');
    await choose(user, 'Roster', 'Varsity');
    await choose(user, 'Athlete', 'Okafor, Ada');
    expect(store.getState().historicalFilters).toMatchObject({ rosterId: 1, athleteId: 12 });
    await waitFor(() => expect(api.sent('GET /api/event/historical')).toHaveLength(1));
    expect(queryOf(api.sent('GET /api/event/historical')[0]!)).toEqual({
      rosterId: '1',
      athleteId: '12',
      eventTypeId: '1',
      isMetric: 'false',
      multiSplitDistance: 'true',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('lists only the chosen roster’s athletes, and a new roster clears the athlete', async () => {
    const api = stubApi(pageRoutes());
    const { user, store } = await openHistoryPage(withAthlete());
    await screen.findByText('Results of Ada Okafor');
    await choose(user, 'Roster', 'Sprinters');
    expect(store.getState().historicalFilters).toMatchObject({ rosterId: 2, athleteId: null });
    expect(await screen.findByText('No athlete chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Athlete' }));
    expect(await screen.findAllByRole('option', { name: 'Adams, Cy' })).not.toHaveLength(0);
    expect(screen.queryAllByRole('option', { name: 'Okafor, Ada' })).toHaveLength(0);
    expect(queryOf(api.sent('GET /api/athlete').at(-1)!)).toMatchObject({ rosterId: '2' });
  });

  it('lets go of a remembered athlete who is no longer on the roster', async () => {
    stubApi(pageRoutes());
    const { store } = await openHistoryPage(withAthlete({ rosterId: 2 }));
    await waitFor(() => expect(store.getState().historicalFilters.athleteId).toBeNull());
    expect(await screen.findByText('No athlete chosen')).toBeInTheDocument();
  });

  /** The y axis' tick values, top to bottom. */
  const yTicks = (chart: HTMLElement) =>
    Array.from(
      chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
      (tick) => ({ value: Number(tick.textContent), y: Number(tick.getAttribute('y')) }),
    )
      .sort((a, b) => a.y - b.y)
      .map(({ value }) => value);

  it('draws one line per split distance with a legend, time axis upside down', async () => {
    stubApi(pageRoutes());
    await openHistoryPage(withAthlete());
    const chart = await screen.findByRole('figure', { name: /progress chart/i });
    await waitFor(() => expect(chart.querySelectorAll('.recharts-line')).toHaveLength(3));
    const legend = within(chart).getByRole('list', { name: 'Lines' });
    expect(within(legend).getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['10 yd', '20 yd', '40 yd']);
    expect(within(chart).getByText(/lower times are better/i)).toBeInTheDocument();
    expect(within(chart).getByText('Time (s)')).toBeInTheDocument();
    // Reversed: the top tick is the fastest time.
    const ticks = yTicks(chart);
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks[0]).toBeLessThan(ticks.at(-1)!);
  });

  it('keeps the lines in distance order in metres, and hides a line from its legend', async () => {
    stubApi(
      pageRoutes(
        testHistory({
          isMetric: true,
          distanceUnit: 'm',
          series: testHistory().series.map((one, index) => ({
            ...one,
            distanceLabel: ['9.14 m', '18.29 m', '36.58 m'][index]!,
          })),
        }),
      ),
    );
    const { user } = await openHistoryPage(withAthlete({ isMetric: true }));
    const chart = await screen.findByRole('figure', { name: /progress chart/i });
    const legend = within(chart).getByRole('list', { name: 'Lines' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['9.14 m', '18.29 m', '36.58 m']);
    await user.click(within(legend).getByRole('checkbox', { name: '9.14 m' }));
    await user.click(within(legend).getByRole('checkbox', { name: '18.29 m' }));
    // The axis spans the 40s alone now; the last line shown cannot be hidden.
    await waitFor(() => expect(Math.min(...yTicks(chart))).toBeGreaterThan(4));
    expect(within(legend).getByRole('checkbox', { name: '36.58 m' })).toBeDisabled();
    await user.click(within(legend).getByRole('checkbox', { name: '9.14 m' }));
    await waitFor(() => expect(Math.min(...yTicks(chart))).toBeLessThan(2));
  });

  it('lists every result, newest first, with its distance, total and splits', async () => {
    stubApi(pageRoutes());
    await openHistoryPage(withAthlete());
    await screen.findByText('Results of Ada Okafor');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('4.87 s');
    expect(rows[0]).toHaveTextContent(/10 yd\s*1\.72 s/);
    expect(rows[0]).toHaveTextContent(/20 yd\s*2\.90 s/);
    expect(rows[0]).toHaveTextContent('40 yd');
    expect(rows[0]).toHaveTextContent('Linear sprint');
    expect(rows[1]).toHaveTextContent('4.98 s');
  });

  it('switches to metres and to totals only through the slice', async () => {
    const api = stubApi(pageRoutes());
    const { user, store } = await openHistoryPage(withAthlete());
    await screen.findByText('Results of Ada Okafor');
    await user.click(screen.getByText('Metres'));
    await user.click(screen.getByRole('switch', { name: 'Every split distance' }));
    expect(store.getState().historicalFilters).toMatchObject({
      isMetric: true,
      multiSplitDistance: false,
    });
    await waitFor(() =>
      expect(queryOf(api.sent('GET /api/event/historical').at(-1)!)).toMatchObject({
        isMetric: 'true',
        multiSplitDistance: 'false',
      }),
    );
  });

  it('says when the athlete has no results with these filters', async () => {
    stubApi(pageRoutes(testHistory({ results: [], series: [] })));
    await openHistoryPage(withAthlete());
    expect(await screen.findByText('No results to chart')).toBeInTheDocument();
  });

  it('shows the server’s refusal and lets the coach choose another athlete', async () => {
    stubApi({
      ...pageRoutes(),
      'GET /api/event/historical': () => json({ message: 'No such athlete on this roster' }, 404),
    });
    const { user, store } = await openHistoryPage(withAthlete());
    expect(
      await screen.findByText('This athlete is not on the chosen roster any more.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No such athlete on this roster')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose another athlete' }));
    expect(store.getState().historicalFilters.athleteId).toBeNull();
  });
});
