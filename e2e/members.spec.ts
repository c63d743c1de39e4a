import type { Locator, Page } from '@playwright/test';
import {
  apiOf,
  dataDir,
  screenshots,
  signInButton,
  signInForm,
  signUp,
  signUpAt,
  uniqueEmail,
} from './account';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { mailsTo } from './mail';
import { seedRoster } from './seed';
import { choose } from './select';

/** A rectangle as the checks read it (e2e/ is type-checked without the DOM). */
interface Rect {
  left: number;
  right: number;
}

/** Visible and wholly inside the window's width: not cut off by a table that is too wide. */
async function expectInsideWidth(page: Page, element: Locator, what: string): Promise<void> {
  await expect(element, what).toBeVisible();
  const rect = (await element.evaluate((el) =>
    (el as unknown as { getBoundingClientRect(): Rect }).getBoundingClientRect(),
  )) as Rect;
  const width = page.viewportSize()!.width;
  expect.soft(rect.left, what).toBeGreaterThanOrEqual(0);
  expect
    .soft(rect.right, `${what}: right edge at ${Math.round(rect.right)}`)
    .toBeLessThanOrEqual(width);
}

/**
 * The Members page and the invitation link against the built app, the real server and
 * the embedded identity provider: the owner invites a coach limited to a roster, the
 * mail's link takes the coach through sign-up and into the workspace. Screens at
 * 1366 × 800 and 390 × 844 go to test-results/members/.
 */
test('the owner invites a coach, who joins from the mail’s link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  const api = apiOf(page);
  const screenshot = screenshots(page, 'test-results/members');
  const owner = await signUpAt(page, '/home/leaderboard', 'owner');
  await seedRoster(api, [['Ada', 'Okafor']]);
  // The roster went in through the API behind the app's back: load the app again.
  await page.reload();

  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const staff = page.getByRole('table', { name: 'Members' });
  const invitations = page.getByRole('table', { name: 'Invitations' });
  await expect(staff.getByRole('row', { name: new RegExp(owner.email) })).toContainText('Owner');

  const coachEmail = uniqueEmail('coach');
  await page.getByLabel('E-mail').fill(coachEmail);
  await choose(page, page.getByLabel('Rosters'), 'Varsity sprinters', { multiple: true });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${coachEmail}.`)).toBeVisible();
  const invitation = invitations.getByRole('row', { name: new RegExp(coachEmail) });
  await expect(invitation).toContainText('Pending');
  await expect(invitation).toContainText('Varsity sprinters');
  await screenshot('desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  const ownerRow = staff.getByRole('row', { name: new RegExp(owner.email) });
  await expectInsideWidth(page, ownerRow.getByRole('button', { name: /^Edit access of/ }), 'Edit');
  await expectInsideWidth(page, invitation.getByRole('button', { name: /^Withdraw/ }), 'Withdraw');
  await expectNoSidewaysScroll(page, 'Members');
  await screenshot('phone');

  // The coach, in a browser of their own: the link, sign-up, and straight in.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailsTo(dataDir(), coachEmail);
      link = mail?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/)?.[0];
      return link;
    })
    .toBeDefined();
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const coach = await context.newPage();
  await coach.goto(new URL(link!).pathname);
  await expect(coach.getByRole('heading', { name: 'Join a workspace' })).toBeVisible();
  await coach.screenshot({ path: 'test-results/members/03-invitation-signed-out.png' });
  await signUp(coach, coachEmail, 'coach runs the first lap');
  await expect(coach.getByText(/^You joined /)).toBeVisible();
  await expect(coach).toHaveURL(/\/home\/leaderboard$/);
  await coach.getByRole('button', { name: 'Open menu' }).click();
  await expect(coach.getByRole('link', { name: 'Leaderboard' })).toBeVisible();
  await expect(coach.getByRole('link', { name: 'Members' })).toHaveCount(0);
  await coach.keyboard.press('Escape');

  // Signed in again, the coach chooses: the joined workspace (last used) or their own.
  await coach.getByRole('button', { name: /^Account menu of/ }).click();
  await coach.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(coach).toHaveURL(/\/login$/);
  await signInButton(coach).click();
  await signInForm(coach, coachEmail, 'coach runs the first lap');
  await expect(coach.getByRole('heading', { name: 'Choose a workspace' })).toBeVisible();
  const choices = coach.getByRole('list', { name: 'Workspaces' }).getByRole('button');
  await expect(choices).toHaveCount(2);
  await expect(choices.first()).toContainText('Coach · last used');
  await expect(choices.first()).toBeFocused();
  await expect(choices.nth(1)).toContainText('Owner');
  await expectNoSidewaysScroll(coach, 'Choose a workspace');
  await coach.screenshot({ path: 'test-results/members/04-choose-workspace.png' });
  // At a desktop's size too: the choices stay a readable column, not stretched across.
  await coach.setViewportSize({ width: 1366, height: 800 });
  await expectNoSidewaysScroll(coach, 'Choose a workspace at 1366');
  expect((await choices.first().boundingBox())!.width).toBeLessThan(700);
  await coach.screenshot({ path: 'test-results/members/05-choose-workspace-desktop.png' });
  await coach.setViewportSize({ width: 390, height: 844 });
  await choices.nth(1).click();
  await expect(coach).toHaveURL(/\/home\/leaderboard$/);
  await coach.getByRole('button', { name: 'Open menu' }).click();
  await expect(coach.getByRole('link', { name: 'Members' })).toBeVisible(); // their own
  await context.close();

  // The owner sees the coach among the members, with the roster, and the link used.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.reload();
  const member = staff.getByRole('row', { name: new RegExp(`${coachEmail}.*Coach`) });
  await expect(member).toContainText('Varsity sprinters');
  await expect(invitation).toContainText('Accepted');
});
