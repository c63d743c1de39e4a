import { screen, within } from '@testing-library/react';
import type { UserBody } from '../../../../contract/user';
import AthletesPage from '../../../../src/features/athletes/AthletesPage';
import { json, renderWithProviders, stubApi, testUser } from '../../test-utils';
import {
  athletePage,
  athletesPageRoutes,
  findDialog,
  openAthletesPage,
  tableSettled,
  testAthlete,
} from './athleteFixtures';

/** The page's writing controls, each with the call it makes. */
const pageControls = ['Add athlete', 'Import CSV', 'Manage rosters'];

async function openAs(member: Partial<UserBody>, athletes = [testAthlete()]) {
  const api = stubApi({
    ...athletesPageRoutes(),
    'GET /api/user': () => json(testUser(member)),
    'GET /api/athlete': () => json(athletePage(athletes)),
    'POST /api/athlete': () =>
      json({ errors: { athleteSpots: ['No athlete spots are left.'] } }, 400),
  });
  const view = await openAthletesPage();
  await tableSettled();
  return { ...view, api };
}

/** A button by its text (its icon's label comes first in its name: "plus Add athlete"). */
const button = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });
const row = () => screen.getByRole('row', { name: /Ada/ });

describe('the athlete page for a viewer', () => {
  const reason = (action: string) =>
    `Viewers can't ${action}. Ask an owner of Riverside Lions for the coach role.`;

  it('shows the writing controls disabled, saying why', async () => {
    const { user } = await openAs({ role: 'viewer' });
    expect(button('Add athlete')).toBeDisabled();
    expect(button('Add athlete')).toHaveAccessibleDescription(reason('add athletes'));
    expect(button('Import CSV')).toBeDisabled();
    expect(button('Import CSV')).toHaveAccessibleDescription(reason('import athletes'));
    expect(button('Manage rosters')).toBeDisabled();
    expect(button('Manage rosters')).toHaveAccessibleDescription(reason('manage rosters'));

    // The tooltip shows over the disabled button (its wrapper takes the pointer).
    await user.hover(button('Add athlete').parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason('add athletes'));
  });

  it('leaves out the row actions and the row selection, and keeps the export', async () => {
    await openAs({ role: 'viewer' });
    expect(within(row()).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(row()).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(button('Export CSV')).toBeEnabled();
  });

  it('offers the empty list no way to add or import', async () => {
    await openAs({ role: 'viewer' }, []);
    await screen.findByText('No athletes yet');
    for (const text of ['Add athlete', 'Import CSV'])
      for (const control of screen.getAllByRole('button', { name: new RegExp(`${text}$`) }))
        expect(control).toBeDisabled();
  });
});

describe('the athlete page for a coach', () => {
  it('lets them add, import, manage rosters, edit, delete and select', async () => {
    await openAs({ role: 'coach' });
    for (const name of pageControls) {
      expect(button(name)).toBeEnabled();
      expect(button(name)).not.toHaveAccessibleDescription();
    }
    expect(within(row()).getByRole('button', { name: 'Edit Ada Okafor' })).toBeEnabled();
    expect(within(row()).getByRole('button', { name: 'Delete Ada Okafor' })).toBeEnabled();
    expect(within(row()).getByRole('checkbox', { name: 'Select Ada Okafor' })).toBeEnabled();
  });

  it("does not offer the owner's Store when the athlete spots run out", async () => {
    const { user } = await openAs({ role: 'coach' });
    await user.click(button('Add athlete'));
    const drawer = await findDialog('Add athlete');
    await user.type(within(drawer).getByLabelText('First name'), 'Bo');
    await user.type(within(drawer).getByLabelText('Last name'), 'Li');
    await user.click(within(drawer).getByRole('button', { name: /Add athlete$/ }));
    expect(await within(drawer).findByText('No athlete spots are left.')).toBeInTheDocument();
    expect(
      within(drawer).getByText(
        'An owner of this workspace can buy more athlete spots in the Store.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: /Store/ })).not.toBeInTheDocument();
  });

  it('limited to some rosters, edits their athletes but may not make or delete rosters', async () => {
    await openAs({ role: 'coach', rosterIds: [1] });
    expect(button('Add athlete')).toBeEnabled();
    expect(button('Import CSV')).toBeEnabled();
    expect(button('Manage rosters')).toBeDisabled();
    expect(button('Manage rosters')).toHaveAccessibleDescription(
      "You can't manage rosters while limited to some rosters. Ask an owner of Riverside Lions for access to every roster.",
    );
    expect(within(row()).getByRole('button', { name: 'Delete Ada Okafor' })).toBeEnabled();
  });
});

describe('the athlete page for an owner', () => {
  it('offers everything, the Store included', async () => {
    const { user } = await openAs({});
    for (const name of pageControls) expect(button(name)).toBeEnabled();
    expect(within(row()).getByRole('button', { name: 'Delete Ada Okafor' })).toBeEnabled();
    await user.click(button('Add athlete'));
    const drawer = await findDialog('Add athlete');
    await user.type(within(drawer).getByLabelText('First name'), 'Bo');
    await user.type(within(drawer).getByLabelText('Last name'), 'Li');
    await user.click(within(drawer).getByRole('button', { name: /Add athlete$/ }));
    expect(
      await within(drawer).findByRole('link', { name: 'Buy more athlete spots in the Store' }),
    ).toHaveAttribute('href', '/home/store/credit');
  });
});

describe('while the user loads', () => {
  it('shows no writing control enabled', async () => {
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/user': () => new Promise<Response>(() => undefined),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
    });
    renderWithProviders(<AthletesPage />, { route: '/home/athlete' });
    await screen.findByRole('row', { name: /Ada/ });
    for (const name of pageControls) {
      expect(button(name)).toBeDisabled();
      expect(button(name)).not.toHaveAccessibleDescription();
    }
    expect(within(row()).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  });
});
