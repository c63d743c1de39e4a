import { screen, waitFor, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import type { ActivityEntryBody } from '../../../../contract/activity';
import ActivityPage from '../../../../src/features/activity/ActivityPage';
import { initialActivityFilters } from '../../../../src/features/activity/activityFiltersSlice';
import { json, renderWithProviders, stubApi, testUser } from '../../test-utils';
import { queryOf } from '../athletes/athleteFixtures';

const coach = { sub: 'sub-coach', email: 'coach@example.org', apiKeyId: null, apiKeyName: null };
const gate = { sub: null, email: '', apiKeyId: 4, apiKeyName: 'Lane 1 gate' };

function entry(overrides: Partial<ActivityEntryBody>): ActivityEntryBody {
  return {
    id: 1,
    at: '2026-11-20T15:04:00.000Z',
    actor: coach,
    kind: 'athlete',
    action: 'created',
    subjectId: '7',
    subjectLabel: 'Ada Okafor',
    count: 1,
    before: null,
    after: null,
    ...overrides,
  };
}

const entries = [
  entry({
    id: 3,
    kind: 'result',
    action: 'updated',
    subjectId: '91',
    subjectLabel: '40 yd Dash · Ada Okafor',
    before: { timeMs: 4850, athlete: 'Ada Okafor', laneId: 1 },
    after: { timeMs: 4790, athlete: 'Ada Okafor', laneId: 1 },
  }),
  entry({
    id: 2,
    kind: 'result',
    action: 'created',
    subjectId: null,
    subjectLabel: '25 results',
    count: 25,
    actor: gate,
  }),
  entry({ id: 1 }),
];

const page = (items: ActivityEntryBody[]) => ({
  items,
  totalCount: items.length,
  pageNumber: 1,
  pageSize: 20,
});

function routes(items = entries) {
  return {
    'GET /api/user': () => json(testUser()),
    'GET /api/activity': () => json(page(items)),
    'GET /api/activity/member': () =>
      json({ items: [{ sub: 'sub-coach', email: 'coach@example.org' }] }),
  };
}

async function openPage(options: Parameters<typeof renderWithProviders>[1] = {}) {
  const view = renderWithProviders(
    <StyleProvider mock="server">
      <ConfigProvider theme={{ token: { motion: false } }}>
        <ActivityPage />
      </ConfigProvider>
    </StyleProvider>,
    { route: '/home/activity', ...options },
  );
  await screen.findByRole('heading', { level: 1, name: 'Activity' });
  return view;
}

describe('the activity page', () => {
  it('shows who did what to which, when, and a correction’s before and after', async () => {
    const api = stubApi(routes());
    await openPage();
    const correction = await screen.findByRole('row', { name: /Result corrected/ });
    expect(within(correction).getByText('coach@example.org')).toBeInTheDocument();
    expect(within(correction).getByText('40 yd Dash · Ada Okafor')).toBeInTheDocument();
    expect(within(correction).getByText('4.85 s')).toBeInTheDocument();
    expect(within(correction).getByText('4.79 s')).toBeInTheDocument();
    // Unchanged fields are not listed.
    expect(within(correction).queryByText(/Lane/)).not.toBeInTheDocument();
    const batch = screen.getByRole('row', { name: /Results added/ });
    expect(within(batch).getByText('API key Lane 1 gate')).toBeInTheDocument();
    expect(within(batch).getByText('25 results')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Athlete added/ })).toHaveTextContent('Ada Okafor');
    const sent = queryOf(api.sent('GET /api/activity')[0]!);
    expect(sent).toMatchObject({ pageNumber: '1', pageSize: '20', sort: 'DateDesc' });
    expect(sent).not.toHaveProperty('member');
    expect(sent).not.toHaveProperty('kind');
  });

  it('filters by kind and member into the persisted slice, back to page 1', async () => {
    const api = stubApi(routes());
    const { user, store } = await openPage({
      preloadedState: { activityFilters: { ...initialActivityFilters, pageNumber: 3 } },
    });
    await screen.findByRole('row', { name: /Result corrected/ });
    await user.click(screen.getByLabelText('Kind'));
    await user.click(await screen.findByTitle('Results'));
    expect(store.getState().activityFilters).toMatchObject({ kind: 'result', pageNumber: 1 });
    await waitFor(() =>
      expect(api.sent('GET /api/activity').some((r) => queryOf(r).kind === 'result')).toBe(true),
    );

    await user.click(screen.getByLabelText('Member'));
    await user.click(await screen.findByTitle('coach@example.org'));
    expect(store.getState().activityFilters.member).toBe('sub-coach');
    await waitFor(() =>
      expect(api.sent('GET /api/activity').some((r) => queryOf(r).member === 'sub-coach')).toBe(
        true,
      ),
    );
  });

  it('sorts oldest first from the When column', async () => {
    const api = stubApi(routes());
    const { user, store } = await openPage();
    await screen.findByRole('row', { name: /Result corrected/ });
    await user.click(screen.getByRole('columnheader', { name: /When/ }));
    await waitFor(() => expect(store.getState().activityFilters.sort).not.toBe('DateDesc'));
    await waitFor(() =>
      expect(queryOf(api.sent('GET /api/activity').at(-1)!).sort).toBe(
        store.getState().activityFilters.sort,
      ),
    );
  });

  it('says so when nothing happened yet, and when filters match nothing', async () => {
    stubApi(routes([]));
    await openPage();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    stubApi(routes([]));
    const { user, store } = await openPage({
      preloadedState: { activityFilters: { ...initialActivityFilters, kind: 'webhook' } },
    });
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(store.getState().activityFilters.kind).toBe('');
  });
});
