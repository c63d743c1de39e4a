import type { Locator, Page } from '@playwright/test';
import { apiOf, signUpAt } from './account';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { seedEapiSession, seedRoster } from './seed';
import { choose } from './select';

/**
 * Issue 37, "What a coach notices", at a phone (390 × 844), a portrait tablet
 * (768 × 1024), a laptop (1366 × 800) and a TV-sized screen (1920 × 1080): the athlete
 * report's rank and percentile lines and the team report's Rank column, the Manual Entry
 * "It shows under Programs: EAPI" link after saving (decision 034), and the Store's
 * confirmation of a purchase. At each size the key text is on screen and the page does not
 * scroll sideways. Screens go to test-results/coach-notices/ (looked at before merging).
 */

const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 800 },
  { width: 1920, height: 1080 },
] as const;

/** A rectangle as the checks read it (e2e/ is type-checked without the DOM). */
interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Visible, scrolled to, and wholly inside the window's width. */
async function expectOnScreen(page: Page, element: Locator, where: string): Promise<void> {
  // A page's first answer may take a while on a loaded machine.
  await expect(element, where).toBeVisible({ timeout: 20_000 });
  await element.scrollIntoViewIfNeeded();
  const rect = (await element.evaluate((el) =>
    (el as unknown as { getBoundingClientRect(): Rect }).getBoundingClientRect(),
  )) as Rect;
  const width = page.viewportSize()!.width;
  const at = `${where}: ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}`;
  expect.soft(rect.left, at).toBeGreaterThanOrEqual(0);
  expect.soft(rect.right, at).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/coach-notices/${name}.png`, animations: 'disabled' });
}

test('ranks, the Manual Entry destination and the Store confirmation at every size', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const api = apiOf(page);
  await page.setViewportSize(sizes[2]);
  await signUpAt(page, '/home/result/program/manualentry', 'notices');
  const { rosterId, ids } = await seedRoster(api);
  await seedEapiSession(api, ids);
  const date = new Date(Date.now() - 3_600_000).toISOString().slice(0, 10);
  // The page's roster list predates the roster made through the API.
  await page.reload();

  for (const [round, size] of sizes.entries())
    await test.step(`${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      const where = (name: string) => `${name} at ${size.width}×${size.height}`;

      // The athlete report: "Rank 1 of 10 in the roster Varsity sprinters · 95th percentile".
      await page.goto(`/home/report/eapi/individual/${ids[0]}`);
      const standing = page.getByRole('listitem').filter({
        hasText: /^Rank \d+ of 10 in the roster Varsity sprinters · \d+(st|nd|rd|th) percentile$/,
      });
      await expectOnScreen(page, standing, where('the roster rank'));
      await expectNoSidewaysScroll(page, where('the athlete report'));
      await shoot(page, `${size.width}-report-percentiles`);

      // The team report's athletes ranked: the Rank column and the first place.
      await page.goto(`/home/report/eapi/team/${rosterId}/${date}`);
      const ranked = page.getByRole('table').filter({ hasText: 'Schimmel' });
      await expectOnScreen(page, ranked.getByRole('columnheader', { name: 'Rank' }), where('Rank'));
      await expectOnScreen(
        page,
        ranked.locator('tbody tr[data-row-key]').first().getByRole('cell').first(),
        where('the first rank'),
      );
      await expect(
        ranked.locator('tbody tr[data-row-key]').first().getByRole('cell').first(),
      ).toHaveText('1');
      await expectNoSidewaysScroll(page, where('the team report'));
      await shoot(page, `${size.width}-team-ranks`);

      // Manual Entry: a session typed under EAPI says where its results went. Typed for
      // the last athlete: a new EAPI profile of the first would change the report above.
      await page.goto('/home/result/program/manualentry');
      await page.getByRole('button', { name: /Enter a session|Continue the session/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Enter a session' });
      await drawer.getByRole('radiogroup', { name: 'Program' }).getByText('EAPI').click();
      const cell = drawer.getByRole('textbox', {
        name: 'Alessandro Kshlerin-Hagenes, Total 40 yd',
        exact: true,
      });
      await choose(page, drawer.getByLabel('Event type'), 'Linear sprint');
      await choose(page, drawer.getByLabel('Roster'), 'Varsity sprinters');
      await cell.fill(`4.${80 + round}`);
      await drawer.getByRole('button', { name: /Save 1 result/ }).click();
      const saved = drawer.getByRole('alert').filter({ hasText: 'Saved 1 result' });
      await expect(saved).toContainText('It shows under Programs: EAPI.');
      const link = saved.getByRole('link', { name: 'Programs: EAPI' });
      await expectOnScreen(page, link, where('the Programs: EAPI link'));
      await expectNoSidewaysScroll(page, where('Manual Entry'));
      await shoot(page, `${size.width}-manual-entry-saved`);
      if (round === 0) {
        await link.click();
        await expect(page).toHaveURL(/\/home\/result\/program\/eapi$/);
        await expect(
          page.getByRole('heading', {
            level: 1,
            name: 'Programs: Epply Advantage Performance Index',
          }),
        ).toBeVisible();
        await expect(page.getByRole('table').first()).toContainText('4.80 s');
      }

      // The Store: Buy asks first, with the package, its price and what happens next.
      await page.goto('/home/store/credit');
      await page.getByRole('button', { name: 'Buy 25 athlete spots' }).click();
      const confirm = page.getByRole('dialog', { name: 'Buy 25 athlete spots?' });
      await expectOnScreen(
        page,
        confirm.locator('.ant-modal-container, .ant-modal-content').first(),
        where('the confirmation'),
      );
      await expect(confirm).toContainText('$49.00');
      await expect(confirm).toContainText('administrator');
      await expectOnScreen(
        page,
        confirm.getByRole('button', { name: 'Place order' }),
        where('Place order'),
      );
      await expectOnScreen(page, confirm.getByRole('button', { name: 'Cancel' }), where('Cancel'));
      await expectNoSidewaysScroll(page, where('the Store'));
      await shoot(page, `${size.width}-store-confirm`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    });

  // Cancelled four times: no order was placed.
  const orders = await api('GET', '/store/order');
  expect(orders.items ?? orders).toEqual([]);
  expect(errors).toEqual([]);
});
