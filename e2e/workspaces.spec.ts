import type { Browser, Page } from '@playwright/test';
import { apiOf, dataDir, screenshots, signUp, signUpAt, uniqueEmail, type Api } from './account';
import { expect, test } from './fixtures';
import { mailsTo } from './mail';
import { seedEapiSession, seedRoster } from './seed';
import { choose } from './select';

/**
 * Issue 34's walk through a program's staff, against the built app, the real server and
 * the embedded identity provider (nothing mocked): the owner invites a coach limited to
 * one roster and a viewer; the coach enters results in Manual Entry and sees only their
 * roster on the leaderboard; the viewer opens a report and downloads its PDF; the owner
 * removes the coach, whose next click is refused with a clear message; the activity log
 * shows each step. Screens go to test-results/workspaces/.
 */

/** The JV roster: athletes the limited coach must never see. */
async function seedJv(api: Api): Promise<number[]> {
  const { id: rosterId } = await api('POST', '/roster', { name: 'Junior varsity' });
  const athlete = await api('POST', '/athlete', {
    firstName: 'Zed',
    lastName: 'Hidden-Juniper',
    gender: 'male',
    weightKg: 75,
    rosterIds: [rosterId],
  });
  return [athlete.id as number];
}

/** Invites `email` from the owner's Members page, with a role and optionally a roster. */
async function invite(page: Page, email: string, role: 'Coach' | 'Viewer', roster?: string) {
  await page.getByLabel('E-mail').fill(email);
  await choose(page, page.getByLabel('Role'), role);
  if (roster) {
    await choose(page, page.getByLabel('Rosters'), roster, { multiple: true });
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
}

/** A browser of the invitee's own: the mail's link, sign-up, and into the workspace. */
async function join(browser: Browser, baseURL: string | undefined, email: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailsTo(dataDir(), email);
      link = mail?.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]{43}/)?.[0];
      return link;
    })
    .toBeDefined();
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Join a workspace' })).toBeVisible();
  await signUp(page, email, `${email} runs the first lap`);
  await expect(page.getByText(/^You joined /)).toBeVisible();
  await expect(page).toHaveURL(/\/home\/leaderboard$/);
  return { context, page };
}

test('a staff shares one workspace: invite, limit, enter, read, remove, and the log', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  const api = apiOf(page);
  const screenshot = screenshots(page, 'test-results/workspaces');
  const coachEmail = uniqueEmail('coach');
  const viewerEmail = uniqueEmail('viewer');

  await test.step('the owner: two rosters with results, and two invitations', async () => {
    await signUpAt(page, '/home/leaderboard', 'owner');
    const { ids } = await seedRoster(api, [
      ['Ada', 'Okafor'],
      ['Bo', 'Nguyen'],
    ]);
    await seedEapiSession(api, ids);
    await seedEapiSession(api, await seedJv(api));
    await page.reload();
    await page.getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await invite(page, coachEmail, 'Coach', 'Varsity sprinters');
    await invite(page, viewerEmail, 'Viewer');
    await screenshot('invitations');
  });

  const coach = await join(browser, baseURL, coachEmail);
  await test.step('the coach enters results in Manual Entry, for their roster only', async () => {
    const { page: tab } = coach;
    await tab.getByRole('link', { name: 'Manual Entry' }).click();
    await tab.getByRole('button', { name: 'Enter a session' }).click();
    const drawer = tab.getByRole('dialog', { name: 'Enter a session' });
    await choose(tab, drawer.getByLabel('Event type'), 'Linear sprint');
    await choose(tab, drawer.getByLabel('Roster'), 'Varsity sprinters');
    // Only their roster is offered.
    await drawer.getByLabel('Roster').click();
    await expect(tab.getByRole('option', { name: 'Junior varsity' })).toHaveCount(0);
    await tab.keyboard.press('Escape');
    await drawer.getByRole('textbox', { name: 'Bo Nguyen, Total 40 yd', exact: true }).fill('4.41');
    await drawer
      .getByRole('textbox', { name: 'Ada Okafor, Total 40 yd', exact: true })
      .fill('4.44');
    const posted = tab.waitForResponse(
      (response) => response.url().endsWith('/api/event') && response.request().method() === 'POST',
    );
    await drawer.getByRole('button', { name: /Save/ }).click();
    expect((await posted).status()).toBe(201);
    await expect(drawer.getByText('Saved 2 results')).toBeVisible();
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the coach’s leaderboard shows their roster, not the other', async () => {
    const { page: tab } = coach;
    await tab.getByRole('link', { name: 'Leaderboard' }).click();
    const board = tab.getByRole('list', { name: '40 yd board' });
    await expect(board).toContainText('Bo Nguyen');
    await expect(board).toContainText('4.41');
    await expect(tab.getByText('Hidden-Juniper')).toHaveCount(0);
    // The roster filter names their roster, not "All" (decision 044); until first used
    // it is a read-only look-alike of the select (components/FilterSelect.tsx).
    await expect(tab.getByRole('textbox', { name: 'Roster' })).toHaveValue('Varsity sprinters');
    await tab.screenshot({ path: 'test-results/workspaces/coach-leaderboard.png' });
  });

  const viewer = await join(browser, baseURL, viewerEmail);
  await test.step('the viewer opens a report and downloads its PDF, and cannot edit', async () => {
    const { page: tab } = viewer;
    await tab.goto('/home/report/eapi/individual');
    await expect(
      tab.getByRole('heading', { level: 1, name: 'Reports: EAPI individual' }),
    ).toBeVisible();
    await tab.getByRole('row').filter({ hasText: 'Okafor' }).getByText('Okafor').click();
    await expect(tab).toHaveURL(/\/home\/report\/eapi\/individual\/\d+/);
    const downloading = tab.waitForEvent('download');
    await tab.getByRole('button', { name: 'Download PDF' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);

    await tab.getByRole('link', { name: 'Athletes' }).click();
    const add = tab.getByRole('button', { name: 'Add athlete' });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(/^Viewers can't add athletes\./);
    await viewer.context.close();
  });

  await test.step('the owner removes the coach; the coach’s next click is refused', async () => {
    // The owner comes back to the page later: the two have joined since.
    await page.reload();
    const staff = page.getByRole('table', { name: 'Members' });
    await expect(staff.getByRole('row', { name: new RegExp(coachEmail) })).toBeVisible();
    await staff.getByRole('button', { name: `More for ${coachEmail}` }).click();
    await page.getByRole('menuitem', { name: /Remove from workspace/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(staff.getByRole('row', { name: new RegExp(coachEmail) })).toHaveCount(0);

    const { page: tab } = coach;
    await tab.getByRole('link', { name: 'Athletes' }).click();
    await expect(
      tab.getByRole('alert').filter({ hasText: /You no longer have access to/ }),
    ).toContainText('an owner removed you');
    await expect(tab.getByText('Okafor')).toHaveCount(0);
    await tab.screenshot({ path: 'test-results/workspaces/coach-removed.png' });
    await coach.context.close();
  });

  await test.step('the activity log shows each step', async () => {
    await page.getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Member invited/ })).toHaveCount(2);
    await expect(page.getByRole('row', { name: /Member joined/ })).toHaveCount(2);
    await expect(
      page.getByRole('row', { name: /Results added/ }).filter({ hasText: coachEmail }),
    ).toHaveCount(1);
    await expect(page.getByRole('row', { name: /Member removed/ })).toHaveCount(1);
    await screenshot('activity');
  });
});
