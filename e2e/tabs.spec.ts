import type { Page } from '@playwright/test';
import { signUpAt } from './account';
import { expect, test } from './fixtures';

/**
 * Two tabs of the app side by side (src/lib/api/tabSync.ts): what one tab writes, the
 * other shows at once, without a reload and without being focused (RTK Query's refetch
 * on focus never fires for it). Real server, real provider, nothing intercepted.
 */

const athleteTable = (page: Page) =>
  page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /^Class/ }) });

test('a second tab shows the athlete the first one added, without a reload', async ({
  page,
  context,
}) => {
  await signUpAt(page, '/home/athlete', 'tabs');
  await expect(page.getByText('No athletes yet')).toBeVisible();

  const other = await context.newPage();
  await other.goto('/home/athlete');
  await expect(other.getByRole('heading', { level: 1, name: 'Athletes' })).toBeVisible();
  await expect(other.getByText('No athletes yet')).toBeVisible();
  // Marks the document: a reload would lose it.
  await other.evaluate('window.__sameDocument = true');

  await page.bringToFront();
  await page.getByRole('button', { name: 'Add athlete' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add athlete' });
  await drawer.getByLabel('First name').fill('Ada');
  await drawer.getByLabel('Last name').fill('Okafor');
  await drawer.getByRole('button', { name: 'Add athlete' }).click();
  await expect(page.getByText('Ada Okafor added.')).toBeVisible();

  await expect(athleteTable(other).getByRole('row', { name: /Ada\s*Okafor/ })).toBeVisible({
    timeout: 5000,
  });
  await expect(other.getByText('49 athlete spots left')).toBeVisible();
  expect(await other.evaluate('window.__sameDocument')).toBe(true);
});
