import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { initialAthleteFilters } from '../../../../src/features/athletes/athleteFiltersSlice';
import { empty, json, stubApi } from '../../test-utils';
import {
  athletePage,
  athletesPageRoutes,
  findDialog,
  openAthletesPage,
  tableSettled,
  testAthlete,
  testRoster,
} from './athleteFixtures';

const varsity = testRoster();
const sprinters = testRoster({ id: 2, name: 'Sprinters', athleteCount: 0 });

async function openRosterManager(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: /Manage rosters/ }));
  return findDialog('Manage rosters');
}

describe('managing rosters', () => {
  it('creates a roster, and shows why the server refused a name', async () => {
    let rosters = [varsity];
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/roster': () =>
        json({ items: rosters, totalCount: rosters.length, pageNumber: 1, pageSize: 500 }),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/roster': async (request) => {
        const { name } = (await request.json()) as { name: string };
        if (name.toLowerCase() === 'varsity')
          return json({ errors: { name: ['A roster with this name exists.'] } }, 400);
        rosters = [...rosters, testRoster({ id: 3, name, athleteCount: 0 })];
        return json(rosters.at(-1), 201);
      },
    });
    const { user } = await openAthletesPage();
    const dialog = await openRosterManager(user);
    await within(dialog).findByText('Varsity');
    const name = within(dialog).getByRole('textbox', { name: 'New roster name' });

    await user.type(name, 'VARSITY');
    await user.click(within(dialog).getByRole('button', { name: 'Create roster' }));
    expect(await within(dialog).findByText('A roster with this name exists.')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, ' Juniors ');
    await user.click(within(dialog).getByRole('button', { name: 'Create roster' }));
    expect(await within(dialog).findByText('Juniors')).toBeInTheDocument();
    expect(api.sent('POST /api/roster').map(({ body }) => JSON.parse(body))).toEqual([
      { name: 'VARSITY' },
      { name: 'Juniors' },
    ]);
    // A reset form renders its fields anew: ask for the input again.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'New roster name' })).toHaveValue(''),
    );
    expect(within(dialog).queryByText('A roster with this name exists.')).not.toBeInTheDocument();
  });

  it('renames a roster in place', async () => {
    let rosters = [varsity, sprinters];
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/roster': () =>
        json({ items: rosters, totalCount: 2, pageNumber: 1, pageSize: 500 }),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
      'PUT /api/roster/2': async (request) => {
        const { name } = (await request.json()) as { name: string };
        rosters = [varsity, { ...sprinters, name }];
        return json(rosters[1]);
      },
    });
    const { user } = await openAthletesPage();
    const dialog = await openRosterManager(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Rename Sprinters' }));
    const input = within(dialog).getByRole('textbox', { name: 'New name for Sprinters' });
    expect(input).toHaveValue('Sprinters');
    await user.clear(input);
    await user.type(input, 'Speed group{Enter}');

    expect(await within(dialog).findByText('Speed group')).toBeInTheDocument();
    expect(JSON.parse(api.sent('PUT /api/roster/2')[0]!.body)).toEqual({ name: 'Speed group' });
    expect(within(dialog).queryByRole('textbox', { name: /New name for/ })).not.toBeInTheDocument();
    // The list shows roster names, so it is fetched again.
    await waitFor(() => expect(api.sent('GET /api/athlete').length).toBeGreaterThan(1));
    await tableSettled();
  });

  it('deletes a roster after confirmation and leaves it when it was the one shown', async () => {
    let rosters = [varsity, sprinters];
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/roster': () =>
        json({ items: rosters, totalCount: 2, pageNumber: 1, pageSize: 500 }),
      'GET /api/athlete': () => json(athletePage([])),
      'DELETE /api/roster/1': () => {
        rosters = [sprinters];
        return empty();
      },
    });
    const { user, store } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, rosterId: 1 } },
    });
    const dialog = await openRosterManager(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Varsity' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete roster “Varsity”?')).toBeInTheDocument();
    expect(
      within(confirm).getByText('Its athletes stay; they only leave this roster.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.sent('DELETE /api/roster/1')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('Varsity')).not.toBeInTheDocument());
    expect(store.getState().athleteFilters.rosterId).toBe(-1);
    expect(await screen.findByText('Roster “Varsity” deleted.')).toBeInTheDocument();
    await tableSettled();
  });
});

describe('assigning rosters in bulk', () => {
  const ada = testAthlete();
  const bo = testAthlete({ id: 2, firstName: 'Bo', lastName: 'Nguyen', rosters: [] });

  it('adds the selected athletes to a chosen roster', async () => {
    const api = stubApi({
      ...athletesPageRoutes([varsity, sprinters]),
      'GET /api/athlete': () => json(athletePage([ada, bo])),
      'POST /api/roster/2/athlete': () => empty(),
    });
    const { user } = await openAthletesPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Okafor' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bo Nguyen' }));
    const selection = screen.getByRole('region', { name: 'Selected athletes' });
    expect(within(selection).getByText('2 selected')).toBeInTheDocument();

    await user.click(within(selection).getByRole('button', { name: 'Add to roster' }));
    const dialog = await findDialog('Add 2 athletes to a roster');
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Roster' }));
    await user.click(await screen.findByTitle('Sprinters'));
    await user.click(add);

    await waitFor(() => expect(api.sent('POST /api/roster/2/athlete')).toHaveLength(1));
    expect(JSON.parse(api.sent('POST /api/roster/2/athlete')[0]!.body)).toEqual({ add: [1, 2] });
    expect(await screen.findByText('2 athletes added to Sprinters.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected athletes' })).not.toBeInTheDocument();
    await tableSettled();
  });

  it('removes the selected athletes from the roster being viewed', async () => {
    const api = stubApi({
      ...athletesPageRoutes([varsity, sprinters]),
      'GET /api/athlete': () => json(athletePage([ada])),
      'POST /api/roster/1/athlete': () => empty(),
    });
    const { user } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, rosterId: 1 } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ada Okafor' }));
    await user.click(screen.getByRole('button', { name: 'Remove from roster' }));
    const dialog = await findDialog('Remove 1 athlete from a roster');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(api.sent('POST /api/roster/1/athlete')).toHaveLength(1));
    expect(JSON.parse(api.sent('POST /api/roster/1/athlete')[0]!.body)).toEqual({ remove: [1] });
    expect(await screen.findByText('1 athlete removed from Varsity.')).toBeInTheDocument();
    await tableSettled();
  });
});
