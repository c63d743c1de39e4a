import { apiOf, screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';
import { seedEapiSession, seedRoster } from './seed';

/**
 * The activity log against the built app and the real server (decision 036): the writes
 * go in through the API as the app and a device send them, and the page shows each one,
 * a batch of results as one line. Screens at 1366 × 800 and 390 × 844 go to
 * test-results/activity/.
 */
test('the activity page lists who changed what, a batch of results as one line', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  const api = apiOf(page);
  const screenshot = screenshots(page, 'test-results/activity');
  const { email } = await signUpAt(page, '/home/leaderboard', 'activity');
  const { ids } = await seedRoster(api);
  await seedEapiSession(api, ids);

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const batch = page.getByRole('row', { name: /Results added/ }).first();
  await expect(batch).toBeVisible();
  await expect(batch).toContainText(email);
  await expect(page.getByRole('row', { name: /Roster added/ })).toContainText('Varsity sprinters');
  await expect(page.getByRole('row', { name: /Athlete added/ })).toHaveCount(ids.length);
  await screenshot('desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(/Results added/).first()).toBeVisible();
  await screenshot('phone');
});
