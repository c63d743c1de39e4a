import {
  dataDir,
  screenshots,
  signInAfterSignUp,
  signInButton,
  signInForm,
  signUp,
  uniqueEmail,
} from './account';
import { expect, test } from './fixtures';
import { linkTo, mailsTo } from './mail';
import { png } from './png';

/**
 * Issue 3, the account from its first minute to "delete all my data", through the real
 * server and its identity provider: nothing of our API or of the provider is mocked.
 * Every screen is photographed into test-results/account-walk/.
 */

/** What the test reads of an <img> (e2e/ is type-checked without the DOM). */
interface LoadedImage {
  complete: boolean;
  naturalWidth: number;
}

const shotsDir = 'test-results/account-walk';

test('a coach signs up, verifies, fills the profile, changes the password and purges the data', async ({
  page,
  context,
}) => {
  test.slow(); // one long walk through a dozen screens
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const screenshot = screenshots(page, shotsDir);

  const email = uniqueEmail('walk');
  const firstPassword = 'first run on the track';
  const newPassword = 'second lap is faster';
  const verifyBanner = page.getByRole('alert').filter({ hasText: 'verify your e-mail' });
  const profileBanner = page.getByRole('alert').filter({ hasText: 'update your profile' });

  await test.step('a deep link opened signed out lands on /login', async () => {
    await page.goto('/home/athlete');
    await expect(page).toHaveURL(/\/login$/);
    await expect(signInButton(page)).toBeVisible();
    await screenshot('login');
  });

  await test.step('create the account on the provider’s sign-up page', async () => {
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/u\/login\/[^/?]+$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await screenshot('signup');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(firstPassword);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await screenshot('signup-answer');
    await signInAfterSignUp(page, email, firstPassword);
  });

  await test.step('signed in at the wanted page: both banners show', async () => {
    await expect(page).toHaveURL(/\/home\/athlete$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Athletes' })).toBeVisible();
    await expect(verifyBanner).toBeVisible();
    await expect(verifyBanner.getByRole('link', { name: 'Verify e-mail' })).toHaveAttribute(
      'href',
      '/verification',
    );
    await expect(profileBanner).toBeVisible();
    await expect(profileBanner.getByRole('link', { name: 'Update profile' })).toHaveAttribute(
      'href',
      '/home/account/info',
    );
    await expect(page.getByText('50 athlete spots left')).toBeVisible();
    await screenshot('dashboard-both-banners');
  });

  await test.step('follow the link of the verification mail', async () => {
    let link: string | undefined;
    await expect
      .poll(async () => {
        const [mail] = await mailsTo(dataDir(), email);
        link = mail && linkTo(mail.text, '/u/email-verification');
        return mail?.subject;
      })
      .toBe('Verify your e-mail address for Splitline');
    expect(link, 'the verification mail carries a link').toMatch(/\?ticket=[\w-]+$/);
    const mailTab = await context.newPage();
    await mailTab.goto(link!);
    await expect(mailTab.getByRole('heading', { name: 'E-mail verified' })).toBeVisible();
    await screenshot('verified', mailTab);
    await mailTab.close();
  });

  await test.step('"I have verified" takes the verify banner away', async () => {
    await verifyBanner.getByRole('link', { name: 'Verify e-mail' }).click();
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByText(email)).toBeVisible();
    await screenshot('verification');
    await page.getByRole('button', { name: 'I have verified' }).click();
    await expect(page).toHaveURL(/\/home\/leaderboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(verifyBanner).toHaveCount(0);
    await expect(profileBanner).toBeVisible();
    await screenshot('dashboard-profile-banner');
  });

  await test.step('saving the profile takes the profile banner away', async () => {
    await profileBanner.getByRole('link', { name: 'Update profile' }).click();
    await expect(page).toHaveURL(/\/home\/account\/info$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await screenshot('account-empty');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Organisation').fill('Lions Track Club');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(profileBanner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu of Ada Okafor' })).toBeVisible();
  });

  await test.step('an uploaded logo shows in the shell', async () => {
    const logo = png(96, 48, (x, y) =>
      (x - 48) ** 2 + (y - 24) ** 2 < 20 ** 2 ? [255, 255, 255] : [31, 79, 255],
    );
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await (await chooser).setFiles({ name: 'lions.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByText('Logo uploaded.')).toBeVisible();
    const inShell = page.getByRole('img', { name: 'Lions Track Club logo' });
    await expect(inShell).toBeVisible();
    await expect(inShell).toHaveAttribute('src', /^\/files\/logos\/.+\.png$/);
    await expect
      .poll(() =>
        inShell.evaluate((img) => {
          const { complete, naturalWidth } = img as unknown as LoadedImage;
          return complete && naturalWidth;
        }),
      )
      .toBe(96);
    await expect(page.getByRole('button', { name: 'Replace logo' })).toBeVisible();
    await screenshot('account-profile-and-logo');
  });

  await test.step('change the password', async () => {
    await page.getByLabel('Current password').fill(firstPassword);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');
    await screenshot('password-changed');
  });

  await test.step('sign out from the user menu', async () => {
    await page.getByRole('button', { name: 'Account menu of Ada Okafor' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(signInButton(page)).toBeVisible();
    await screenshot('signed-out');
  });

  await test.step('the old password is refused, the new one signs in', async () => {
    await signInButton(page).click();
    await signInForm(page, email, firstPassword);
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail address or password.');
    await screenshot('old-password-refused');
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/home\/leaderboard$/);
    await expect(page.getByRole('button', { name: 'Account menu of Ada Okafor' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Lions Track Club logo' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0); // verified, profile saved: no banner
    await screenshot('signed-in-again');
  });

  await test.step('delete all my data', async () => {
    await page.getByRole('button', { name: 'Account menu of Ada Okafor' }).click();
    await page.getByRole('menuitem', { name: /\bProfile$/ }).click();
    await expect(page).toHaveURL(/\/home\/account\/info$/);
    await page.getByRole('button', { name: 'Delete all my data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete all my data?' });
    const confirm = dialog.getByRole('button', { name: 'Delete everything' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await screenshot('purge-confirm');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('All your data has been deleted.')).toBeVisible();
    // The profile and the logo went with the data; the sign-in and the bought spots stay.
    await expect(profileBanner).toBeVisible();
    await expect(page.getByRole('img', { name: /logo$/ })).toHaveCount(0);
    await expect(page.getByText('No logo yet.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Organisation')).toHaveValue('');
    await expect(page.getByRole('button', { name: `Account menu of ${email}` })).toBeVisible();
    await expect(page.getByText('50 athlete spots left')).toBeVisible();
    await screenshot('purged');
  });

  expect(errors).toEqual([]);
});

test('a page whose code fails to load shows the 500 screen inside the shell', async ({ page }) => {
  await page.goto('/login');
  await signUp(page, uniqueEmail('broken'), 'a page that will not load');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();

  // The Athletes page's chunk (webpackChunkName "athletes", src/app/lazyPages.ts) fails to
  // load, so React.lazy rejects while the page renders.
  await page.route('**/js/athletes.*.js', (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Athletes' })
    .click();
  await expect(page).toHaveURL(/\/home\/athlete$/);

  await expect(page.getByText('500', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'An unexpected error has occurred. If this error persists, please contact technical support immediately.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
    'href',
    'mailto:support@splitline.app',
  );
  // The shell around the error stays usable.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.screenshot({
    path: `${shotsDir}/500-screen.png`,
    fullPage: true,
    animations: 'disabled',
  });

  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/home\/leaderboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByText(/An unexpected error has occurred/)).toHaveCount(0);
});
