import { screen, waitFor, within } from '@testing-library/react';
import ResultsPage from '../../../../src/features/results/ResultsPage';
import { sortFor as sortOf } from '../../../../src/lib/sortColumns';
import { columnSorts } from '../../../../src/features/results/resultSorts';
import { json, renderWithProviders, stubApi } from '../../test-utils';

const result = (id: number, lastName: string, timeMs: number, program = 'none') => ({
  id,
  athlete: { id, firstName: 'Ada', middleName: '', lastName },
  eventType: { id: 1, name: 'Linear sprint', unit: 'time', lowerIsBetter: true },
  eventAlias: null,
  laneId: 2,
  recordedAt: '2026-03-01T15:04:05Z',
  distanceMm: 36576,
  timeMs,
  markMm: null,
  splits: [
    { distanceMm: 9144, timeMs: 1700 },
    { distanceMm: 18288, timeMs: 2950 },
  ],
  program,
  source: 'device',
  timingMethod: 'electronic',
  implausible: false,
});

const page = (items: ReturnType<typeof result>[], capped = false) =>
  json({
    items,
    totalCount: capped ? 10000 : items.length,
    totalCountCapped: capped,
    pageNumber: 1,
    pageSize: 20,
    nextCursor: null,
  });

const reference = {
  'GET /api/roster': json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
  'GET /api/event-type': json({ items: [], totalCount: 0, pageNumber: 1, pageSize: 20 }),
};

describe('the results tables', () => {
  it('maps columns and directions to the spec’s sort values; no direction is None', () => {
    const sortFor = (column: string, order: 'ascend' | 'descend' | null) =>
      sortOf(columnSorts, column, order);
    expect(sortFor('date', 'ascend')).toBe('DateAsc');
    expect(sortFor('date', 'descend')).toBe('DateDesc');
    expect(sortFor('lastName', 'ascend')).toBe('LastName');
    expect(sortFor('result', 'descend')).toBe('ResultDesc');
    expect(sortFor('event', 'ascend')).toBe('EventAsc');
    expect(sortFor('result', null)).toBe('None');
    expect(sortFor('lastName', 'descend')).toBe('None');
  });

  it('asks for the variant’s program and default filters, and shows capped counts as 10,000+', async () => {
    const api = stubApi({
      ...reference,
      'GET /api/event': () => page([result(1, 'Okafor', 4620)], true),
    });
    renderWithProviders(<ResultsPage variant="gamespeed" />, {
      route: '/home/result/program/gamespeed',
    });
    expect(await screen.findByText('4.62 s')).toBeInTheDocument();
    expect(screen.getByText(/of 10,000\+/)).toBeInTheDocument();
    const query = new URL(api.sent('GET /api/event')[0]!.url).searchParams;
    expect(query.get('program')).toBe('gamespeed');
    expect(query.get('sort')).toBe('DateDesc');
    expect(query.get('pageSize')).toBe('20');
    expect(query.get('rosterId')).toBe('-1');
    expect(query.get('getBestByAthlete')).toBe('false');
    expect(query.has('firstNameQuery')).toBe(false); // empty searches are left out
    expect(query.get('tz')).toBeTruthy();
    // Game Speed filters by alias, not distance.
    expect(screen.getByLabelText('Event alias')).toBeInTheDocument();
    expect(screen.queryByLabelText('Distance')).toBeNull();
  });

  it('tags a row’s program on the individual page, not on the program’s own page', async () => {
    stubApi({
      ...reference,
      'GET /api/event': () =>
        page([result(1, 'Okafor', 4620, 'gamespeed'), result(2, 'Nguyen', 4700, 'none')]),
    });
    const individual = renderWithProviders(<ResultsPage variant="individual" />, {
      route: '/home/result/individual',
    });
    const okafor = (await screen.findByText('Okafor')).closest('tr')!;
    expect(within(okafor).getByText('Game Speed')).toBeInTheDocument();
    expect(within(okafor).getByText('Device')).toBeInTheDocument();
    individual.unmount();

    renderWithProviders(<ResultsPage variant="gamespeed" />, {
      route: '/home/result/program/gamespeed',
    });
    const row = (await screen.findByText('Okafor')).closest('tr')!;
    expect(within(row).getByText('Device')).toBeInTheDocument();
    expect(within(row).queryByText('Game Speed')).toBeNull();
  });

  it('says once that a result was typed in the Manual Entry grid', async () => {
    stubApi({
      ...reference,
      'GET /api/event': () =>
        page([
          { ...result(1, 'Okafor', 4620, 'manualentry'), source: 'manual', timingMethod: 'hand' },
        ]),
    });
    renderWithProviders(<ResultsPage variant="individual" />, { route: '/home/result/individual' });
    const row = (await screen.findByText('Okafor')).closest('tr')!;
    expect(
      within(row)
        .getAllByText(/manual/i)
        .map((tag) => tag.textContent),
    ).toEqual(['Manual Entry']);
    expect(within(row).getByText('Hand')).toBeInTheDocument();
  });

  it('keeps titles on one line and breaks names and events at spaces, never at a hyphen', async () => {
    stubApi({
      ...reference,
      'GET /api/event': () =>
        page([
          {
            ...result(1, 'Smith-Okafor', 4620),
            athlete: { id: 1, firstName: 'Mary-Jo', middleName: '', lastName: 'Smith-Okafor' },
            eventType: { id: 2, name: 'Pro agility (5-10-5)', unit: 'time', lowerIsBetter: true },
          },
        ]),
    });
    renderWithProviders(<ResultsPage variant="individual" />, { route: '/home/result/individual' });
    const row = (await screen.findByText('Smith-Okafor')).closest('tr')!;
    // The text is unchanged (real hyphens, for copying and searching) ...
    expect(within(row).getByText('Mary-Jo')).toBeInTheDocument();
    const agility = within(row).getByText('(5-10-5)');
    // ... but each word is kept whole, so a line ends only at a space.
    expect(agility).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(agility.parentElement).toHaveTextContent('Pro agility (5-10-5)');
    expect(within(row).getByText('Smith-Okafor')).toHaveStyle({ whiteSpace: 'nowrap' });
    for (const title of ['First name', 'Middle name', 'Last name', 'Event', 'Source'])
      expect(screen.getByText(title, { selector: 'th span' })).toHaveStyle({
        whiteSpace: 'nowrap',
      });
  });

  it('opens a row to its segments, in yards or metres', async () => {
    stubApi({ ...reference, 'GET /api/event': () => page([result(1, 'Okafor', 4620)]) });
    const { user } = renderWithProviders(<ResultsPage variant="individual" />, {
      route: '/home/result/individual',
    });
    await screen.findByText('4.62 s');
    expect(screen.getByLabelText('Distance')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /expand row/i }));
    const splits = screen.getByRole('table', { name: 'Splits of Linear sprint' });
    const rows = within(splits).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('0 – 10 yd1.70 s1.70 s'),
      expect.stringContaining('10 yd – 20 yd2.95 s1.25 s'),
      expect.stringContaining('20 yd – 40 yd4.62 s1.67 s'),
    ]);
    expect(rows[1]).toHaveTextContent('16.4 mph');
    await user.click(screen.getByText('Metres'));
    await waitFor(() => expect(rows[1]).toHaveTextContent('26.3 km/h'));
  });

  it('sorts by result when its column is clicked, back on page 1', async () => {
    const api = stubApi({
      ...reference,
      'GET /api/event': () => page([result(1, 'Okafor', 4620)]),
    });
    const { user } = renderWithProviders(<ResultsPage variant="individual" />, {
      route: '/home/result/individual',
    });
    await screen.findByText('4.62 s');
    await user.click(screen.getByRole('columnheader', { name: /^Result/ }));
    await waitFor(() =>
      expect(
        api.sent('GET /api/event').map((r) => new URL(r.url).searchParams.get('sort')),
      ).toContain('ResultAsc'),
    );
  });

  it('deletes a result after a confirmation', async () => {
    let items = [result(1, 'Okafor', 4620), result(2, 'Mills', 4810)];
    const api = stubApi({
      ...reference,
      'GET /api/event': () => page(items),
      'DELETE /api/event/2': () => {
        items = items.filter(({ id }) => id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<ResultsPage variant="individual" />, {
      route: '/home/result/individual',
    });
    await screen.findByText('4.81 s');
    await user.click(screen.getByRole('button', { name: 'Delete Ada Mills’s result' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('4.81 s')).toBeNull());
    expect(api.sent('DELETE /api/event/2')).toHaveLength(1);
  });
});
