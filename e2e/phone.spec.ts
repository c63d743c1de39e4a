import { apiOf, screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll } from './layout';
import { seedEapiSession, seedRoster } from './seed';

/** An element's sizes, as the checks read them (e2e/ is type-checked without the DOM). */
interface Box {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * The app on a phone (390 × 844), against the built app and the real server (nothing of our API is mocked; the data goes in through the API as a
 * device or Manual Entry sends it). On a phone no page scrolls sideways, the menu is an
 * overlay drawer, and a table shows its key number beside the athlete (decision 033).
 * Screens go to test-results/phone/. TV mode at every size: e2e/screens.spec.ts.
 */

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every page fits the width, the menu is a drawer, tables scroll in their card', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const api = apiOf(page);
    const screenshot = screenshots(page, 'test-results/phone');

    await signUpAt(page, '/home/leaderboard', 'phone');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    const { ids } = await seedRoster(api);
    await seedEapiSession(api, ids);

    const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

    await test.step('the header fits: the account menu is on the screen', async () => {
      await page.reload();
      await expect(h1('Leaderboard')).toBeVisible();
      await expect(page.getByRole('list', { name: '40 yd board' })).toContainText('Narciso');
      const account = page.getByRole('button', { name: /^Account menu of/ });
      const box = await account.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // The avatar alone on a phone: its name is hidden below 576 px (public/index.html).
      await expect(account.locator('.user-menu-name')).toBeHidden();
      await page.setViewportSize({ width: 800, height: 844 });
      await expect(account.locator('.user-menu-name')).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoSidewaysScroll(page, 'leaderboard');
      // The banners read as lines of words, not one letter per line.
      await expect(page.locator('.ant-alert-title')).toHaveCount(2);
      for (const banner of await page.locator('.ant-alert-title').all())
        expect((await banner.boundingBox())!.width).toBeGreaterThan(180);
      await screenshot('leaderboard');
    });

    const pages: { name: string; path: string; heading: string | RegExp; ready: RegExp }[] = [
      { name: 'athletes', path: '/home/athlete', heading: 'Athletes', ready: /Narciso/ },
      {
        name: 'results',
        path: '/home/result/individual',
        heading: 'Results, individual',
        ready: /Schimmel-Vandervort/,
      },
      {
        name: 'results-eapi',
        path: '/home/result/program/eapi',
        heading: /EAPI|Epply/,
        ready: /Schimmel-Vandervort/,
      },
      {
        name: 'manual-entry',
        path: '/home/result/program/manualentry',
        heading: 'Programs: Manual Entry',
        ready: /Schimmel-Vandervort/,
      },
      {
        name: 'athlete-profiles',
        path: '/home/athleteprofile',
        heading: 'Athlete Profiles',
        ready: /Schimmel-Vandervort/,
      },
      {
        name: 'eapi-report',
        path: '/home/report/eapi/individual',
        heading: 'Reports: EAPI individual',
        ready: /Schimmel-Vandervort/,
      },
      {
        name: 'eapi-team',
        path: '/home/report/eapi/team',
        heading: 'Reports: EAPI team',
        ready: /Varsity sprinters/,
      },
    ];

    for (const { name, path, heading, ready } of pages)
      await test.step(`${name}: no sideways scroll`, async () => {
        await page.goto(path);
        await expect(h1(heading)).toBeVisible();
        await expect(page.getByRole('main')).toContainText(ready);
        await expectNoSidewaysScroll(page, name);
        await screenshot(name);
      });

    await test.step('the menu opens over the page as a drawer and closes on a choice', async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeHidden();
      // The page keeps its full width: no collapsed rail beside it.
      const main = await page.locator('main').boundingBox();
      expect(main!.x).toBe(0);
      expect(main!.width).toBe(390);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(nav).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Athletes' })).toBeVisible();
      await screenshot('menu-open');
      await nav.getByRole('link', { name: 'Athletes' }).click();
      await expect(h1('Athletes')).toBeVisible();
      await expect(nav).toBeHidden();
    });

    await test.step('a results table shows the Result beside the athlete, not off-screen', async () => {
      await page.goto('/home/result/individual');
      const table = page.getByRole('table').first();
      await expect(table).toContainText('Schimmel-Vandervort');
      // Each header cell is at least a word wide (not squeezed to "F n e").
      const headers = await table.locator('thead th').evaluateAll((elements) => {
        // e2e/ is type-checked without the DOM: the cells as far as this test reads them.
        const cells = elements as unknown as {
          textContent: string | null;
          getBoundingClientRect(): { width: number; right: number };
        }[];
        return cells
          .filter((cell) => (cell.textContent ?? '').trim().length > 0)
          .map((cell) => ({
            text: (cell.textContent ?? '').trim(),
            width: cell.getBoundingClientRect().width,
            right: cell.getBoundingClientRect().right,
          }));
      });
      for (const header of headers)
        expect(header.width, `header ${header.text}`).toBeGreaterThanOrEqual(48);
      // The phone's columns (decision 033): the athlete, the Result, the actions, and the
      // row fits the card: nothing to scroll sideways to.
      expect(headers.map(({ text }) => text)).toEqual(['Athlete', 'Result']);
      expect(headers[1]!.right).toBeLessThanOrEqual(390);
      const scroller = page.locator('.ant-table-content').first();
      const sizes = await scroller.evaluate((element) => {
        const el = element as unknown as Box;
        return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth };
      });
      expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
      await expectNoSidewaysScroll(page, 'results');
    });

    await test.step('the athlete’s EAPI report', async () => {
      await page.goto('/home/report/eapi/individual');
      await page.getByRole('row').filter({ hasText: 'Schimmel' }).getByText('Narciso').click();
      await expect(page).toHaveURL(/\/home\/report\/eapi\/individual\/\d+/);
      await expect(h1(/EAPI report/)).toBeVisible();
      await expect(page.getByRole('table').filter({ hasText: 'Pro agility' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'athlete report');
      await screenshot('athlete-report');
    });

    await test.step('manual entry’s session grid', async () => {
      await page.goto('/home/result/program/manualentry');
      await page.getByRole('button', { name: 'Enter a session' }).click();
      await expect(page.getByRole('dialog', { name: 'Enter a session' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'session grid');
      await screenshot('manual-entry-grid');
    });

    expect(errors).toEqual([]);
  });
});
