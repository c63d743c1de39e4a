import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { empty, json, renderRoute, stubApi, testUser } from '../../test-utils';

async function openAccountPage() {
  const view = renderRoute('/home/account/info');
  await screen.findByLabelText('First name (required)');
  return view;
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('logo upload', () => {
  it('uploads the chosen image and shows it in the shell', async () => {
    const api = stubApi({
      'GET /api/user': () => json(testUser()),
      'POST /api/user/uploadlogo': () => json({ logoUrl: '/files/logos/new.png' }),
    });
    const { user } = await openAccountPage();
    expect(screen.getByText('No logo yet.')).toBeInTheDocument();

    await user.upload(fileInput(), new File(['png'], 'lions.png', { type: 'image/png' }));

    expect(await screen.findByRole('img', { name: 'Riverside Lions logo' })).toHaveAttribute(
      'src',
      '/files/logos/new.png',
    );
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      '/files/logos/new.png',
    );
    expect(api.sent('POST /api/user/uploadlogo')).toHaveLength(1);
    expect(await screen.findByText('Logo uploaded.')).toBeInTheDocument();
  });

  it('refuses a file over 2 MB before sending it', async () => {
    const api = stubApi({ 'GET /api/user': () => json(testUser()) });
    const { user } = await openAccountPage();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(fileInput(), big);
    expect(await screen.findByText('The logo must be 2 MB or smaller.')).toBeInTheDocument();
    expect(api.sent('POST /api/user/uploadlogo')).toHaveLength(0);
  });

  it('refuses a file that is not PNG, JPEG or WebP', async () => {
    const api = stubApi({ 'GET /api/user': () => json(testUser()) });
    await openAccountPage();
    // Dropped or picked with "All files": the browser's accept filter is only a hint.
    const user = userEvent.setup({ applyAccept: false });
    const gif = new File(['gif'], 'logo.gif', { type: 'image/gif' });
    await user.upload(fileInput(), gif);
    expect(
      await screen.findByText('The logo must be a PNG, JPEG or WebP image.'),
    ).toBeInTheDocument();
    expect(api.sent('POST /api/user/uploadlogo')).toHaveLength(0);
  });
});

describe('delete all my data', () => {
  it('needs DELETE typed before it purges, then says it is done', async () => {
    let answerPurge: (response: Response) => void = () => {};
    const api = stubApi({
      'GET /api/user': () => json(testUser()),
      'DELETE /api/user/purge': () => new Promise<Response>((resolve) => (answerPurge = resolve)),
    });
    const { user } = await openAccountPage();
    await user.click(screen.getByRole('button', { name: /Delete all my data/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all my data?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete everything' });
    expect(confirm).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    expect(await within(dialog).findByText('Deleting your data…')).toBeInTheDocument();
    expect(api.sent('DELETE /api/user/purge')).toHaveLength(1);

    answerPurge(empty());
    expect(await screen.findByText('All your data has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET /api/user')).toHaveLength(2));
  });

  it('empties the profile form, as the purge emptied the profile', async () => {
    let stored = testUser({ organisation: 'Riverside Lions' });
    stubApi({
      'GET /api/user': () => json(stored),
      'DELETE /api/user/purge': () => {
        stored = testUser({
          firstName: '',
          lastName: '',
          organisation: '',
          hasUpdatedProfile: false,
          logoUrl: null,
        });
        return empty();
      },
    });
    const { user } = await openAccountPage();
    expect(screen.getByLabelText('First name (required)')).toHaveValue('Ada');
    await user.click(screen.getByRole('button', { name: /Delete all my data/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all my data?' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));

    expect(await screen.findByText(/Please update your profile/)).toBeInTheDocument();
    expect(screen.getByLabelText('First name (required)')).toHaveValue('');
    expect(screen.getByLabelText('Last name (required)')).toHaveValue('');
    expect(screen.getByLabelText(/Organisation/)).toHaveValue('');
  });
});

describe("the workspace's logo and data, by role", () => {
  it("shows a coach the logo with its button disabled, saying why, and not the owner's purge", async () => {
    const api = stubApi({ 'GET /api/user': () => json(testUser({ role: 'coach' })) });
    const { user } = await openAccountPage();
    const upload = screen.getByRole('button', { name: /Upload logo/ });
    expect(upload).toBeDisabled();
    expect(upload).toHaveAccessibleDescription(
      'Only an owner of Riverside Lions can change the logo.',
    );
    // Nor does the file field take a file.
    await user.upload(fileInput(), new File(['png'], 'lions.png', { type: 'image/png' }));
    expect(api.sent('POST /api/user/uploadlogo')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Delete all my data/ })).not.toBeInTheDocument();
    // Their own profile and password stay theirs to change.
    expect(screen.getByRole('button', { name: /Change password/ })).toBeEnabled();
  });

  it('offers an owner both', async () => {
    stubApi({ 'GET /api/user': () => json(testUser()) });
    await openAccountPage();
    expect(screen.getByRole('button', { name: /Upload logo/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Delete all my data/ })).toBeEnabled();
  });
});
