import { screen, within } from '@testing-library/react';
import type { UserBody } from '../../../../contract/user';
import ResultsPage from '../../../../src/features/results/ResultsPage';
import ManualEntryPage from '../../../../src/features/results/manualEntry/ManualEntryPage';
import { accountSettled, json, renderWithProviders, stubApi, testUser } from '../../test-utils';

const result = {
  id: 1,
  athlete: { id: 1, firstName: 'Ada', middleName: '', lastName: 'Okafor' },
  eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
  eventAlias: null,
  laneId: 2,
  recordedAt: '2026-03-01T15:04:05Z',
  distanceMm: 36576,
  timeMs: 4620,
  markMm: null,
  splits: [],
  program: 'manualentry',
  source: 'manual',
  timingMethod: 'electronic',
  implausible: false,
};

async function openAs(member: Partial<UserBody>, page: 'results' | 'manual entry') {
  stubApi({
    'GET /api/user': () => json(testUser(member)),
    'GET /api/roster': () => json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
    'GET /api/event-type': () => json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
    'GET /api/event': () =>
      json({
        items: [result],
        totalCount: 1,
        totalCountCapped: false,
        pageNumber: 1,
        pageSize: 20,
        nextCursor: null,
      }),
  });
  const view =
    page === 'results'
      ? renderWithProviders(<ResultsPage variant="individual" />, {
          route: '/home/result/individual',
        })
      : renderWithProviders(<ManualEntryPage />, { route: '/home/result/program/manualentry' });
  await screen.findByText('4.62 s');
  await accountSettled(view.store);
  return view;
}

const row = () => screen.getByRole('row', { name: /Okafor/ });
const correct = /Correct Ada Okafor’s result/;
const remove = /Delete Ada Okafor’s result/;
const enterSession = () => screen.getByRole('button', { name: /Enter a session/ });

describe('results by role', () => {
  it('offers a coach the correction and the delete of a result', async () => {
    await openAs({ role: 'coach' }, 'results');
    expect(within(row()).getByRole('button', { name: correct })).toBeEnabled();
    expect(within(row()).getByRole('button', { name: remove })).toBeEnabled();
  });

  it('offers a coach limited to some rosters the same (the server holds them to their athletes)', async () => {
    await openAs({ role: 'coach', rosterIds: [1] }, 'results');
    expect(within(row()).getByRole('button', { name: correct })).toBeEnabled();
    expect(within(row()).getByRole('button', { name: remove })).toBeEnabled();
  });

  it.each([['a viewer', { role: 'viewer' as const }]])(
    'shows %s the results without them',
    async (_who, member) => {
      await openAs(member, 'results');
      expect(within(row()).queryByRole('button', { name: correct })).not.toBeInTheDocument();
      expect(within(row()).queryByRole('button', { name: remove })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Export CSV/ })).toBeEnabled();
    },
  );
});

describe('Manual Entry by role', () => {
  it('shows a viewer the results, and "Enter a session" disabled, saying why', async () => {
    await openAs({ role: 'viewer' }, 'manual entry');
    expect(enterSession()).toBeDisabled();
    expect(enterSession()).toHaveAccessibleDescription(
      "Viewers can't enter results. Ask an owner of Riverside Lions for the coach role.",
    );
  });

  it('lets a coach limited to some rosters enter results (for their rosters)', async () => {
    await openAs({ role: 'coach', rosterIds: [1] }, 'manual entry');
    expect(enterSession()).toBeEnabled();
  });
});
