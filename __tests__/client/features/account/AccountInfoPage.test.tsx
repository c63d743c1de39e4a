import { screen, waitFor, within } from '@testing-library/react';
import { empty, json, renderRoute, stubApi, testUser } from '../../test-utils';

async function openAccountPage() {
  const view = renderRoute('/home/account/info');
  await screen.findByRole('heading', { name: 'Profile', level: 1 });
  await screen.findByLabelText('First name (required)');
  return view;
}

describe('profile form', () => {
  it('saves the profile, fetches the user again and the banner goes', async () => {
    let saved = testUser({ hasUpdatedProfile: false, organisation: '' });
    const api = stubApi({
      'GET /api/user': () => json(saved),
      'PUT /api/user': async (request) => {
        saved = { ...saved, ...(await request.json()), hasUpdatedProfile: true };
        return json(saved);
      },
    });
    const { user } = await openAccountPage();
    expect(await screen.findByText(/Please update your profile/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Organisation/), 'Riverside Lions');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(2));
    expect(JSON.parse(api.sent('PUT /api/user')[0]?.body ?? '{}')).toEqual({
      firstName: 'Ada',
      lastName: 'Okafor',
      organisation: 'Riverside Lions',
    });
    await waitFor(() =>
      expect(screen.queryByText(/Please update your profile/)).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
  });

  it("shows the server's messages at their fields", async () => {
    stubApi({
      'GET /api/user': () => json(testUser()),
      'PUT /api/user': () =>
        json(
          { errors: { lastName: ['Last name may not contain digits.'], body: ['Bad body.'] } },
          400,
        ),
    });
    const { user } = await openAccountPage();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    const lastName = screen.getByLabelText('Last name (required)');
    const field = lastName.closest<HTMLElement>('.ant-form-item');
    expect(
      await within(field!).findByText('Last name may not contain digits.'),
    ).toBeInTheDocument();
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bad body.')).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('shows the server refusing the current password at that field', async () => {
    const api = stubApi({
      'GET /api/user': () => json(testUser()),
      'POST /api/user/password': () =>
        json({ errors: { currentPassword: ['The current password is wrong.'] } }, 400),
    });
    const { user } = await openAccountPage();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'a-new-long-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-long-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const field = screen.getByLabelText('Current password').closest<HTMLElement>('.ant-form-item');
    expect(await within(field!).findByText('The current password is wrong.')).toBeInTheDocument();
    expect(JSON.parse(api.sent('POST /api/user/password')[0]?.body ?? '{}')).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'a-new-long-secret',
    });
  });

  it('checks that the new password was typed twice the same', async () => {
    const api = stubApi({ 'GET /api/user': () => json(testUser()) });
    const { user } = await openAccountPage();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'a-new-long-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'another');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(api.sent('POST /api/user/password')).toHaveLength(0);
  });

  it('says when the password was changed', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()), 'POST /api/user/password': () => empty() });
    const { user } = await openAccountPage();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'a-new-long-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-long-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
