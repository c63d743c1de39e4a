import { screen, within } from '@testing-library/react';
import ResultsPage from '../../../../src/features/results/ResultsPage';
import { json, renderWithProviders, stubApi } from '../../test-utils';
import { setScreenWidth } from '../../screen';

/** Decision 032: a table's key number beside the athlete on a phone. */

const result = {
  id: 1,
  athlete: { id: 1, firstName: 'Ada', middleName: '', lastName: 'Smith-Okafor' },
  eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
  eventAlias: null,
  laneId: 2,
  recordedAt: '2026-03-01T15:04:05Z',
  distanceMm: 36576,
  timeMs: 4620,
  markMm: null,
  splits: [],
  program: 'none',
  source: 'device',
  timingMethod: 'electronic',
  implausible: false,
};

function stub() {
  stubApi({
    'GET /api/roster': json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
    'GET /api/event-type': json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
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
}

const titles = () =>
  screen
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.trim())
    .filter(Boolean);

describe('the results table’s column priority', () => {
  it('on a phone: one Athlete column (name, event and distance, date) beside the Result', async () => {
    setScreenWidth(390);
    stub();
    renderWithProviders(<ResultsPage variant="individual" />, { route: '/home/result/individual' });
    const row = (await screen.findByText('Ada Smith-Okafor')).closest('tr')!;
    expect(titles()).toEqual(['Athlete', 'Result']);
    expect(within(row).getByText(/Linear sprint, 40 yd/)).toBeInTheDocument();
    expect(within(row).getByText('4.62 s')).toBeInTheDocument();
    // The phone's cell wraps inside its width (layout.css), the Result stays beside it.
    expect(row.querySelector('.phone-wrap')).toHaveTextContent('Ada Smith-Okafor');
  });

  it('from a tablet up: the detailed columns, the Result last before the actions', async () => {
    setScreenWidth(1280);
    stub();
    renderWithProviders(<ResultsPage variant="individual" />, { route: '/home/result/individual' });
    await screen.findByText('Smith-Okafor');
    expect(titles()).toEqual([
      'Date',
      'First name',
      'Middle name',
      'Last name',
      'Event',
      'Distance',
      'Lane',
      'Source',
      'Result',
    ]);
    expect(screen.queryByText('Ada Smith-Okafor')).toBeNull();
  });
});
