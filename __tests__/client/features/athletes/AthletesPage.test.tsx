import { act, screen, waitFor, within } from '@testing-library/react';
import { initialAthleteFilters } from '../../../../src/features/athletes/athleteFiltersSlice';
import { json, stubApi, testUser } from '../../test-utils';
import {
  athletePage,
  athletesPageRoutes,
  findDialog,
  openAthletesPage,
  tableSettled,
  queryOf,
  testAthlete,
  testRoster,
} from './athleteFixtures';

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the athlete list', () => {
  it('shows each athlete with rosters, sport, position, gender, age and class', async () => {
    stubApi({
      ...athletesPageRoutes([testRoster(), testRoster({ id: 2, name: 'Sprinters' })]),
      'GET /api/athlete': () =>
        json(
          athletePage([
            testAthlete({
              rosters: [
                { id: 1, name: 'Varsity' },
                { id: 2, name: 'Sprinters' },
              ],
            }),
            testAthlete({
              id: 2,
              firstName: 'Bo',
              middleName: 'Lee',
              lastName: 'Nguyen',
              gender: 'male',
              birthDate: null,
              graduationYear: 2028,
              sportId: 2,
              positionId: 20,
              rosters: [],
            }),
          ]),
        ),
    });
    await openAthletesPage();

    const ada = await screen.findByRole('row', { name: /Ada/ });
    const adaCells = within(ada)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(adaCells).toEqual(
      expect.arrayContaining([
        'Ada',
        'Okafor',
        'VarsitySprinters',
        'Football',
        'QB',
        'Female',
        '17',
        '2027',
      ]),
    );
    expect(within(ada).getByText('QB')).toHaveAttribute('title', 'Quarterback');
    const bo = row('Nguyen');
    expect(within(bo).getByText('Basketball')).toBeInTheDocument();
    expect(within(bo).getByText('PG')).toBeInTheDocument();
    expect(within(bo).getByText('2028')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('asks for the filters in the store, leaving out empty name queries', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
    });
    await openAthletesPage({
      preloadedState: {
        athleteFilters: {
          ...initialAthleteFilters,
          rosterId: 1,
          lastNameQuery: 'Ok',
          sort: 'None',
        },
      },
    });
    await waitFor(() => expect(api.sent('GET /api/athlete')).toHaveLength(1));
    expect(queryOf(api.sent('GET /api/athlete')[0]!)).toEqual({
      rosterId: '1',
      lastNameQuery: 'Ok',
      sort: 'None',
      pageNumber: '1',
      pageSize: '20',
    });
    expect(screen.getByRole('textbox', { name: 'Search last names' })).toHaveValue('Ok');
  });

  it('shows a skeleton while the first page loads', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openAthletesPage();
    expect(document.querySelector('.ant-skeleton')).toBeInTheDocument();
    answer(json(athletePage([testAthlete()])));
    expect(await screen.findByRole('row', { name: /Okafor/ })).toBeInTheDocument();
    expect(document.querySelector('.ant-skeleton')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let fail = true;
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () =>
        fail
          ? json({ message: 'Internal server error', requestId: 'r1' }, 500)
          : json(athletePage([testAthlete()])),
    });
    const { user } = await openAthletesPage();
    expect(await screen.findByText('The athletes could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Okafor/ })).toBeInTheDocument();
  });
});

describe('empty states', () => {
  it('with no athletes at all, says to add one or import a CSV', async () => {
    stubApi({ ...athletesPageRoutes(), 'GET /api/athlete': () => json(athletePage([])) });
    const { user } = await openAthletesPage();
    expect(await screen.findByText('Add an athlete or import a CSV')).toBeInTheDocument();
    const table = screen.getByRole('table');
    await user.click(within(table).getByRole('button', { name: /Import CSV/ }));
    const dialog = await findDialog('Import athletes from CSV');
    expect(within(dialog).getByRole('button', { name: /Download template/ })).toBeInTheDocument();
  });

  it('with filters that match nobody, offers to clear them', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
    });
    const { user, store } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, lastNameQuery: 'Zz' } },
    });
    expect(await screen.findByText('No athlete matches these filters')).toBeInTheDocument();
    const table = screen.getByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    expect(store.getState().athleteFilters.lastNameQuery).toBe('');
    expect(screen.getByRole('textbox', { name: 'Search last names' })).toHaveValue('');
    await waitFor(() => expect(api.sent('GET /api/athlete')).toHaveLength(2));
    expect(queryOf(api.sent('GET /api/athlete')[1]!)).not.toHaveProperty('lastNameQuery');
  });
});

describe('filters', () => {
  it('searches last names once typing pauses, shows the text at once, and goes to page 1', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([testAthlete()], 90)),
    });
    const { user, store } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, pageNumber: 3, pageSize: 50 } },
    });
    await screen.findByRole('row', { name: /Okafor/ });
    const search = screen.getByRole('textbox', { name: 'Search last names' });

    await user.type(search, 'Oka');
    expect(search).toHaveValue('Oka');
    const withQuery = () =>
      api.sent('GET /api/athlete').filter((request) => queryOf(request).lastNameQuery);
    expect(withQuery()).toHaveLength(0);

    await waitFor(() => expect(withQuery()).toHaveLength(1));
    expect(queryOf(withQuery()[0]!)).toMatchObject({
      lastNameQuery: 'Oka',
      pageNumber: '1',
      pageSize: '20',
    });
    expect(store.getState().athleteFilters).toMatchObject({ lastNameQuery: 'Oka', pageNumber: 1 });
    // One search for the three keys, not one per key.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(withQuery()).toHaveLength(1);
    await tableSettled();
  });

  it('lists the rosters to choose from, with All for every athlete', async () => {
    const api = stubApi({
      ...athletesPageRoutes([testRoster(), testRoster({ id: 2, name: 'Sprinters' })]),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
    });
    const { user, store } = await openAthletesPage();
    const picker = screen.getByRole('combobox', { name: 'Roster' });
    await waitFor(() => expect(picker.closest('.ant-select')).toHaveTextContent('All'));
    await user.click(picker);
    await user.click(await screen.findByTitle('Sprinters'));
    expect(store.getState().athleteFilters.rosterId).toBe(2);
    await waitFor(() =>
      expect(api.sent('GET /api/athlete').some((r) => queryOf(r).rosterId === '2')).toBe(true),
    );
  });

  it('offers a coach limited to two rosters theirs only, and shows the first', async () => {
    const rosters = [
      testRoster({ id: 3, name: 'Jumpers' }),
      testRoster({ id: 5, name: 'Throwers' }),
    ];
    const api = stubApi({
      ...athletesPageRoutes(rosters),
      'GET /api/user': () => json(testUser({ role: 'coach', rosterIds: [3, 5] })),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
    });
    const { user, store } = await openAthletesPage();
    const picker = screen.getByRole('combobox', { name: 'Roster' });
    await waitFor(() => expect(picker.closest('.ant-select')).toHaveTextContent('Jumpers'));
    expect(store.getState().athleteFilters.rosterId).toBe(3);
    await waitFor(() => expect(queryOf(api.sent('GET /api/athlete').at(-1)!).rosterId).toBe('3'));
    await user.click(picker);
    expect(await screen.findByTitle('Throwers')).toBeInTheDocument();
    expect(screen.queryByTitle('All')).not.toBeInTheDocument();
  });

  it('falls back to all athletes when the remembered roster no longer exists', async () => {
    stubApi({ ...athletesPageRoutes(), 'GET /api/athlete': () => json(athletePage([])) });
    const { store } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, rosterId: 99 } },
    });
    await waitFor(() => expect(store.getState().athleteFilters.rosterId).toBe(-1));
  });
});

describe('sorting and paging', () => {
  it('shows the sort in the store and clicks through to None and back', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
    });
    const { user, store } = await openAthletesPage();
    await screen.findByRole('row', { name: /Okafor/ });
    const lastName = screen.getByRole('columnheader', { name: /Last name/ });
    expect(lastName).toHaveAttribute('aria-sort', 'descending');

    await user.click(lastName);
    expect(store.getState().athleteFilters.sort).toBe('None');
    await waitFor(() => expect(lastName).not.toHaveAttribute('aria-sort'));
    await waitFor(() =>
      expect(api.sent('GET /api/athlete').some((r) => queryOf(r).sort === 'None')).toBe(true),
    );

    await user.click(lastName);
    expect(store.getState().athleteFilters.sort).toBe('LastNameAsc');
    await user.click(screen.getByRole('columnheader', { name: /First name/ }));
    expect(store.getState().athleteFilters.sort).toBe('FirstNameAsc');
    expect(screen.getByRole('columnheader', { name: /First name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('goes to the last page when the remembered page no longer exists', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': (request) =>
        json(athletePage(queryOf(request).pageNumber === '3' ? [testAthlete()] : [], 45)),
    });
    const { store } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, pageNumber: 7 } },
    });
    expect(await screen.findByRole('row', { name: /Okafor/ })).toBeInTheDocument();
    expect(store.getState().athleteFilters.pageNumber).toBe(3);
    expect(api.sent('GET /api/athlete').map((r) => queryOf(r).pageNumber)).toEqual(['7', '3']);
    expect(screen.queryByText('No athlete matches these filters')).not.toBeInTheDocument();
  });

  it('changes the page and keeps the filters', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([testAthlete()], 45)),
    });
    const { user, store } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, firstNameQuery: 'A' } },
    });
    await screen.findByRole('row', { name: /Okafor/ });
    await user.click(screen.getByRole('listitem', { name: '3' }));
    expect(store.getState().athleteFilters).toMatchObject({ pageNumber: 3, firstNameQuery: 'A' });
    await waitFor(() =>
      expect(queryOf(api.sent('GET /api/athlete').at(-1)!)).toMatchObject({
        pageNumber: '3',
        firstNameQuery: 'A',
      }),
    );
    await tableSettled();
  });
});
