import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { AthleteSpots } from '../../../../src/app/shell/AccountSummary';
import { initialAthleteFilters } from '../../../../src/features/athletes/athleteFiltersSlice';
import { empty, json, stubApi, testUser } from '../../test-utils';
import {
  athletePage,
  athletesPageRoutes,
  findDialog,
  openAthletesPage,
  tableSettled,
  testAthlete,
} from './athleteFixtures';

const fieldOf = (dialog: HTMLElement, label: string | RegExp) =>
  within(dialog).getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

/** Types a value in one go (a paste): the form is heavy to re-render per key in jsdom. */
async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function openAddDrawer(user: UserEvent) {
  await user.click(screen.getAllByRole('button', { name: /Add athlete/ })[0]!);
  return findDialog('Add athlete');
}

describe('adding an athlete', () => {
  it('sends the form and shows the new athlete', async () => {
    let athletes = [testAthlete()];
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage(athletes)),
      'POST /api/athlete': async (request) => {
        const body = await request.json();
        athletes = [...athletes, testAthlete({ ...body, id: 2, rosters: [] })];
        return json(athletes[1], 201);
      },
    });
    const { user } = await openAthletesPage();
    await screen.findByRole('row', { name: /Okafor/ });
    const drawer = await openAddDrawer(user);

    await fill(user, within(drawer).getByLabelText('First name'), ' Bo ');
    await fill(user, within(drawer).getByLabelText('Last name'), 'Nguyen');
    await fill(user, within(drawer).getByLabelText(/^Graduation year/), '2028');
    await user.click(within(drawer).getByRole('button', { name: 'Add athlete' }));

    await waitFor(() => expect(api.sent('POST /api/athlete')).toHaveLength(1));
    expect(JSON.parse(api.sent('POST /api/athlete')[0]!.body)).toEqual({
      firstName: 'Bo',
      middleName: '',
      lastName: 'Nguyen',
      gender: null,
      birthDate: null,
      graduationYear: 2028,
      sportId: null,
      positionId: null,
      heightCm: null,
      weightKg: null,
      externalId: null,
      email: null,
      rosterIds: [],
    });
    expect(await screen.findByText('Bo Nguyen added.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Nguyen/ })).toBeInTheDocument();
    await tableSettled();
  });

  it('checks the names before sending', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
    });
    const { user } = await openAthletesPage();
    const drawer = await openAddDrawer(user);
    await user.click(within(drawer).getByRole('button', { name: 'Add athlete' }));
    expect(await within(drawer).findByText('Enter the first name.')).toBeInTheDocument();
    expect(within(drawer).getByText('Enter the last name.')).toBeInTheDocument();
    expect(api.sent('POST /api/athlete')).toHaveLength(0);
  });

  it("shows the server's 400 messages at their fields", async () => {
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete': () =>
        json(
          {
            errors: {
              lastName: ['Last name may not contain digits.'],
              'rosterIds.0': ['Roster 9 does not exist.'],
              body: ['Something else is wrong.'],
            },
          },
          400,
        ),
    });
    const { user } = await openAthletesPage();
    const drawer = await openAddDrawer(user);
    await fill(user, within(drawer).getByLabelText('First name'), 'Bo');
    await fill(user, within(drawer).getByLabelText('Last name'), 'Ng2');
    await user.click(within(drawer).getByRole('button', { name: 'Add athlete' }));

    expect(
      await within(fieldOf(drawer, 'Last name')).findByText('Last name may not contain digits.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(fieldOf(drawer, /^Rosters/)).getByText('Roster 9 does not exist.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Something else is wrong.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: /Store/ })).not.toBeInTheDocument();
  });

  it('when no athlete spots are left, says so with a link to the Store', async () => {
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete': () =>
        json({ errors: { athleteSpots: ['No athlete spots are left.'] } }, 400),
    });
    const { user } = await openAthletesPage();
    const drawer = await openAddDrawer(user);
    await fill(user, within(drawer).getByLabelText('First name'), 'Bo');
    await fill(user, within(drawer).getByLabelText('Last name'), 'Nguyen');
    await user.click(within(drawer).getByRole('button', { name: 'Add athlete' }));

    expect(await within(drawer).findByText('No athlete spots are left.')).toBeInTheDocument();
    expect(
      within(drawer).getByRole('link', { name: 'Buy more athlete spots in the Store' }),
    ).toHaveAttribute('href', '/home/store/credit');
  });

  it('updates the athlete spots in the top bar', async () => {
    let spots = 12;
    stubApi({
      'GET /api/user': () => json(testUser({ athleteSpots: spots })),
      ...Object.fromEntries(
        Object.entries(athletesPageRoutes()).filter(([route]) => route !== 'GET /api/user'),
      ),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete': () => {
        spots -= 1;
        return json(testAthlete({ id: 5 }), 201);
      },
    });
    // The shell's top-bar piece beside the page: it reads the cached user.
    const { user } = await openAthletesPage({ besides: <AthleteSpots /> });
    expect(await screen.findByText('12')).toBeInTheDocument();
    const drawer = await openAddDrawer(user);
    await fill(user, within(drawer).getByLabelText('First name'), 'Ada');
    await fill(user, within(drawer).getByLabelText('Last name'), 'Okafor');
    await user.click(within(drawer).getByRole('button', { name: 'Add athlete' }));
    expect(await screen.findByText('11')).toBeInTheDocument();
    await tableSettled();
  });
});

describe('adding an athlete while a roster is shown', () => {
  it('puts the new athlete on that roster unless told otherwise', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete': () => json(testAthlete({ id: 9 }), 201),
    });
    const { user } = await openAthletesPage({
      preloadedState: { athleteFilters: { ...initialAthleteFilters, rosterId: 1 } },
    });
    const drawer = await openAddDrawer(user);
    expect(within(fieldOf(drawer, /^Rosters/)).getByText('Varsity')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('First name'), 'Bo');
    await fill(user, within(drawer).getByLabelText('Last name'), 'Nguyen');
    await user.click(within(drawer).getByRole('button', { name: 'Add athlete' }));
    await waitFor(() => expect(api.sent('POST /api/athlete')).toHaveLength(1));
    expect(JSON.parse(api.sent('POST /api/athlete')[0]!.body)).toMatchObject({ rosterIds: [1] });
    await tableSettled();
  });
});

describe('editing an athlete', () => {
  it("offers the chosen sport's positions and forgets a position of another sport", async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
      'PUT /api/athlete/1': () => json(testAthlete()),
    });
    const { user } = await openAthletesPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Ada Okafor' }));
    const drawer = await findDialog('Edit Ada Okafor');
    const position = fieldOf(drawer, /^Position/);
    expect(within(position).getByText('Quarterback (QB)')).toBeInTheDocument();

    await user.click(within(drawer).getByLabelText(/^Sport/));
    await user.click(await screen.findByTitle('Basketball'));
    await waitFor(() => expect(within(position).queryByText('Quarterback (QB)')).toBeNull());
    await user.click(within(drawer).getByLabelText(/^Position/));
    expect(await screen.findByTitle('Point guard (PG)')).toBeInTheDocument();
    expect(screen.queryByTitle('Wide receiver (WR)')).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT /api/athlete/1')).toHaveLength(1));
    expect(JSON.parse(api.sent('PUT /api/athlete/1')[0]!.body)).toMatchObject({
      sportId: 2,
      positionId: null,
    });
    await tableSettled();
  });

  it('starts from the athlete and sends every field', async () => {
    const ada = testAthlete({ middleName: 'J', email: 'ada@school.example' });
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([ada])),
      'PUT /api/athlete/1': async (request) => json({ ...ada, ...(await request.json()) }),
    });
    const { user } = await openAthletesPage();
    await screen.findByRole('row', { name: /Okafor/ });
    await user.click(screen.getByRole('button', { name: 'Edit Ada J Okafor' }));
    const drawer = await findDialog('Edit Ada J Okafor');
    expect(within(drawer).getByLabelText('First name')).toHaveValue('Ada');
    expect(within(drawer).getByLabelText(/^E-mail/)).toHaveValue('ada@school.example');

    await user.clear(within(drawer).getByLabelText('Last name'));
    await user.paste('Okafor-Bello');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.sent('PUT /api/athlete/1')).toHaveLength(1));
    expect(JSON.parse(api.sent('PUT /api/athlete/1')[0]!.body)).toEqual({
      firstName: 'Ada',
      middleName: 'J',
      lastName: 'Okafor-Bello',
      gender: 'female',
      birthDate: ada.birthDate,
      graduationYear: 2027,
      sportId: 1,
      positionId: 10,
      heightCm: 170,
      weightKg: 62,
      externalId: null,
      email: 'ada@school.example',
      rosterIds: [1],
    });
    expect(await screen.findByText('Athlete saved.')).toBeInTheDocument();
    await tableSettled();
  });
});

describe('deleting an athlete', () => {
  it('asks first, and deletes only when confirmed', async () => {
    let athletes = [testAthlete()];
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage(athletes)),
      'DELETE /api/athlete/1': () => {
        athletes = [];
        return empty();
      },
    });
    const { user } = await openAthletesPage();
    await screen.findByRole('row', { name: /Okafor/ });

    await user.click(screen.getByRole('button', { name: 'Delete Ada Okafor' }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete Ada Okafor?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE /api/athlete/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Ada Okafor' }));
    await user.click(
      within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.sent('DELETE /api/athlete/1')).toHaveLength(1));
    expect(await screen.findByText('Ada Okafor deleted.')).toBeInTheDocument();
    expect(await screen.findByText('Add an athlete or import a CSV')).toBeInTheDocument();
  });
});
