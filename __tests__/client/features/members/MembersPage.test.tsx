import { screen, waitFor, within } from '@testing-library/react';
import type { InvitationBody, MemberBody } from '../../../../contract/workspace';
import MembersPage from '../../../../src/features/members/MembersPage';
import { paths } from '../../../../src/lib/paths';
import { empty, json, renderRoute, renderWithProviders, stubApi, testUser } from '../../test-utils';
import { setScreenWidth } from '../../screen';
import { findDialog } from '../athletes/athleteFixtures';
import { ada, bo, cy, membersPageRoutes, testInvitation } from './memberFixtures';

const LAST_OWNER =
  'A workspace keeps at least one owner: make another member an owner (or hand the workspace over) first.';

const openPage = () => renderWithProviders(<MembersPage />, { route: paths.home.members.path });
const row = async (name: string | RegExp) => await screen.findByRole('row', { name });
const sentBody = (api: ReturnType<typeof stubApi>, key: string, index = 0) =>
  JSON.parse(api.sent(key)[index]!.body) as unknown;

/** Opens an antd Select by its label and picks an option by its text (the visible copy). */
async function choose(
  user: ReturnType<typeof renderWithProviders>['user'],
  container: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(within(container).getByRole('combobox', { name: label }));
  const options = await screen.findAllByRole('option', { name: option });
  await user.click(
    document.querySelector(`.ant-select-item-option[title="${option}"]`) ?? options[0]!,
  );
}

describe('the Members page', () => {
  it('lists the members: name, e-mail, role, roster limit and when they joined', async () => {
    stubApi(membersPageRoutes(() => [ada, bo, cy]));
    openPage();
    expect(await screen.findByRole('heading', { name: 'Members', level: 1 })).toBeInTheDocument();
    const owner = await row(/Ada Okafor/);
    expect(owner).toHaveTextContent('ada@example.com');
    expect(owner).toHaveTextContent('Owner');
    expect(owner).toHaveTextContent('All rosters');
    expect(within(owner).getByText('You')).toBeInTheDocument();
    expect(owner).toHaveTextContent('Mar 1, 2026');
    // One's own row can be edited, not removed or handed over.
    expect(within(owner).queryByRole('button', { name: /^More for/ })).toBeNull();

    const coach = await row(/Bo Nguyen/);
    expect(coach).toHaveTextContent('Coach');
    expect(await within(coach).findByText('Varsity')).toBeInTheDocument();
    // Without a name yet, the Name column says so; the address is beside it.
    const viewer = await row(/No name yet.*cy@example\.com.*Viewer/);
    expect(within(viewer).getByText('cy@example.com')).toBeInTheDocument();
    expect(
      within(viewer).getByRole('button', { name: 'Edit access of cy@example.com' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Staff (3)' })).toBeInTheDocument();
    expect(await screen.findByText(/No invitations yet/)).toBeInTheDocument();
  });

  it('changes a member’s role and roster limit together', async () => {
    let members: MemberBody[] = [ada, bo];
    const api = stubApi({
      ...membersPageRoutes(() => members),
      [`PUT /api/member/${bo.userId}`]: async (request) => {
        const body = (await request.json()) as Pick<MemberBody, 'role' | 'rosterIds'>;
        members = [ada, { ...bo, ...body }];
        return json(members[1]);
      },
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit access of Bo Nguyen' }));
    const dialog = await findDialog('Access of Bo Nguyen');
    expect(within(dialog).getByRole('radio', { name: /^Coach/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: /^Viewer/ }));
    await choose(user, dialog, 'Rosters', 'Sprinters');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.sent(`PUT /api/member/${bo.userId}`)).toHaveLength(1));
    expect(sentBody(api, `PUT /api/member/${bo.userId}`)).toEqual({
      role: 'viewer',
      rosterIds: [1, 2],
    });
    expect(await screen.findByText('Saved Bo Nguyen’s access.')).toBeInTheDocument();
    const updated = await row(/Bo Nguyen.*Viewer/);
    expect(await within(updated).findByText('Sprinters')).toBeInTheDocument();
  });

  it('makes a member an owner with every roster, and clears a limit to all rosters', async () => {
    const api = stubApi({
      ...membersPageRoutes(() => [ada, bo]),
      [`PUT /api/member/${bo.userId}`]: () => json(bo),
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit access of Bo Nguyen' }));
    let dialog = await findDialog('Access of Bo Nguyen');
    await user.click(within(dialog).getByRole('radio', { name: /^Owner/ }));
    expect(within(dialog).getByText('Owners see every roster.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent(`PUT /api/member/${bo.userId}`)).toHaveLength(1));
    expect(sentBody(api, `PUT /api/member/${bo.userId}`)).toEqual({
      role: 'owner',
      rosterIds: null,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit access of Bo Nguyen' }));
    dialog = await findDialog('Access of Bo Nguyen');
    // Backspace in the select takes its last roster off: none left is every roster.
    await user.click(within(dialog).getByRole('combobox', { name: 'Rosters' }));
    await user.keyboard('{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent(`PUT /api/member/${bo.userId}`)).toHaveLength(2));
    expect(sentBody(api, `PUT /api/member/${bo.userId}`, 1)).toEqual({
      role: 'coach',
      rosterIds: null,
    });
  });

  it('shows the server’s 409 when the last owner would demote themself', async () => {
    stubApi({
      ...membersPageRoutes(() => [ada, bo]),
      [`PUT /api/member/${ada.userId}`]: () => json({ message: LAST_OWNER }, 409),
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit access of Ada Okafor' }));
    const dialog = await findDialog('Access of Ada Okafor');
    await user.click(within(dialog).getByRole('radio', { name: /^Coach/ }));
    expect(within(dialog).getByText(/you will no longer manage members/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(LAST_OWNER)).toBeInTheDocument();
    // The dialog stays open with the choice, to change it or cancel.
    expect(within(dialog).getByRole('radio', { name: /^Coach/ })).toBeChecked();
  });

  it('removes a member only after a confirmation', async () => {
    let members: MemberBody[] = [ada, bo];
    const api = stubApi({
      ...membersPageRoutes(() => members),
      [`DELETE /api/member/${bo.userId}`]: () => {
        members = [ada];
        return empty();
      },
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'More for Bo Nguyen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from workspace…' }));
    let confirm = await findDialog('Remove Bo Nguyen from the workspace?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent(`DELETE /api/member/${bo.userId}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More for Bo Nguyen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from workspace…' }));
    confirm = await findDialog('Remove Bo Nguyen from the workspace?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bo Nguyen was removed.')).toBeInTheDocument();
    expect(api.sent(`DELETE /api/member/${bo.userId}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Bo Nguyen/ })).toBeNull());
  });

  it('shows the server’s refusal of a removal above the table', async () => {
    const refusal = 'Not found';
    stubApi({
      ...membersPageRoutes(() => [ada, bo]),
      [`DELETE /api/member/${bo.userId}`]: () => json({ message: refusal }, 404),
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'More for Bo Nguyen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from workspace…' }));
    const confirm = await findDialog('Remove Bo Nguyen from the workspace?');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('hands the workspace over after a confirmation', async () => {
    const api = stubApi({
      ...membersPageRoutes(() => [ada, bo]),
      [`POST /api/member/${bo.userId}/ownership`]: () => json({ ...bo, role: 'owner' }),
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'More for Bo Nguyen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hand over ownership…' }));
    const confirm = await findDialog('Hand the workspace over to Bo Nguyen?');
    expect(confirm).toHaveTextContent('you become a coach');
    await user.click(within(confirm).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Bo Nguyen is now an owner.')).toBeInTheDocument();
    expect(api.sent(`POST /api/member/${bo.userId}/ownership`)).toHaveLength(1);
  });

  it('invites an address with a role and rosters; the server’s 400 shows at the fields', async () => {
    let invitations: InvitationBody[] = [];
    let answer400 = true;
    const api = stubApi({
      ...membersPageRoutes(
        () => [ada],
        () => invitations,
      ),
      'POST /api/member/invitation': async (request) => {
        if (answer400)
          return json(
            {
              errors: {
                email: ['must be an e-mail address'],
                rosterIds: ['no such roster in this workspace: 2'],
              },
            },
            400,
          );
        const body = (await request.json()) as Pick<InvitationBody, 'email' | 'role' | 'rosterIds'>;
        invitations = [testInvitation(body)];
        return json(invitations[0], 201);
      },
    });
    const { user } = openPage();
    const form = (await screen.findByRole('button', { name: 'Send invitation' })).closest('form')!;
    await user.type(within(form).getByLabelText('E-mail'), ' dee@example.com ');
    await choose(user, form, 'Role', 'Viewer');
    await choose(user, form, 'Rosters', 'Sprinters');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await within(form).findByText('must be an e-mail address')).toBeInTheDocument();
    expect(within(form).getByText('no such roster in this workspace: 2')).toBeInTheDocument();
    expect(sentBody(api, 'POST /api/member/invitation')).toEqual({
      email: 'dee@example.com',
      role: 'viewer',
      rosterIds: [2],
    });

    answer400 = false;
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to dee@example.com.')).toBeInTheDocument();
    const invitation = await row(/dee@example\.com/);
    expect(invitation).toHaveTextContent('Viewer');
    expect(invitation).toHaveTextContent('Sprinters');
    expect(invitation).toHaveTextContent('Pending');
    expect(invitation).toHaveTextContent('expires Mar 14, 2026');
    // The form is empty again for the next address.
    expect(within(form).getByLabelText('E-mail')).toHaveValue('');
  });

  it('shows the server’s 409 of an invitation above the form', async () => {
    const message = 'This address belongs to a member already.';
    stubApi({
      ...membersPageRoutes(() => [ada, bo]),
      'POST /api/member/invitation': () => json({ message }, 409),
    });
    const { user } = openPage();
    const form = (await screen.findByRole('button', { name: 'Send invitation' })).closest('form')!;
    await user.type(within(form).getByLabelText('E-mail'), 'bo@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('lists invitations with their status and expiry, and withdraws a pending one', async () => {
    let invitations = [
      testInvitation(),
      testInvitation({ id: 2, email: 'old@example.com', status: 'expired' }),
      testInvitation({ id: 3, email: 'in@example.com', status: 'accepted' }),
    ];
    const api = stubApi({
      ...membersPageRoutes(
        () => [ada],
        () => invitations,
      ),
      'DELETE /api/member/invitation/1': () => {
        invitations = [{ ...invitations[0]!, status: 'revoked' }, ...invitations.slice(1)];
        return empty();
      },
    });
    const { user } = openPage();
    expect(await row(/old@example\.com/)).toHaveTextContent('Expired');
    expect(await row(/in@example\.com/)).toHaveTextContent('Accepted');
    expect(
      within(await row(/old@example\.com/)).queryByRole('button', { name: /Withdraw/ }),
    ).toBeNull();

    await user.click(
      screen.getByRole('button', { name: 'Withdraw the invitation to dee@example.com' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('The invitation to dee@example.com was withdrawn.'),
    ).toBeInTheDocument();
    expect(api.sent('DELETE /api/member/invitation/1')).toHaveLength(1);
    expect(await row(/dee@example\.com.*Withdrawn/)).toBeInTheDocument();
  });

  it('is not open to a coach: the route says so, and asks the server nothing', async () => {
    const api = stubApi({
      ...membersPageRoutes(() => [ada, bo]),
      'GET /api/user': () => json(testUser({ role: 'coach' })),
    });
    renderRoute(paths.home.members.path);
    expect(
      await screen.findByText(/Only an owner of .* can manage the members/),
    ).toBeInTheDocument();
    expect(api.sent('GET /api/member')).toHaveLength(0);
  });

  it('shows the server’s 403 to a member whose role changed while the page was open', async () => {
    const refusal =
      'Your role in this workspace (coach) does not allow this; ask an owner of the workspace.';
    stubApi({
      ...membersPageRoutes(() => []),
      'GET /api/member': () => json({ message: refusal }, 403),
      'GET /api/member/invitation': () => json({ message: refusal }, 403),
    });
    openPage();
    expect(
      await screen.findByText('Only the workspace’s owners manage its members'),
    ).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('on a phone: one Member column beside the actions, nothing cut off', async () => {
    setScreenWidth(390);
    stubApi(
      membersPageRoutes(
        () => [ada, bo],
        () => [testInvitation()],
      ),
    );
    openPage();
    const coach = await row(/Bo Nguyen/);
    const headers = (table: string) =>
      within(screen.getByRole('table', { name: table }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.trim());
    expect(headers('Members')).toEqual(['Member', 'Actions']);
    expect(coach).toHaveTextContent('bo@example.com');
    expect(coach).toHaveTextContent('Coach');
    expect(coach).toHaveTextContent('Joined Mar 5, 2026');
    expect(within(coach).getByRole('button', { name: 'Edit access of Bo Nguyen' })).toBeVisible();
    expect(headers('Invitations')).toEqual(['Invitation', 'Actions']);
    expect(await row(/dee@example\.com/)).toHaveTextContent('Pending');
  });

  it('on a phone: a member without a name shows by their address, once', async () => {
    setScreenWidth(390);
    stubApi(membersPageRoutes(() => [ada, cy]));
    openPage();
    const viewer = await row(/cy@example\.com/);
    expect(within(viewer).getAllByText('cy@example.com')).toHaveLength(1);
    expect(viewer).not.toHaveTextContent('No name yet');
  });
});
