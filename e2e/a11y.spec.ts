import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { paths } from '../src/lib/paths';
import { apiOf, signUpAt, type Api } from './account';
import { expect, test } from './fixtures';
import { seedEapiSession, seedRoster } from './seed';

/**
 * Issue 18: axe on every route of the app (src/lib/paths.ts, walked, so that a new route
 * is checked without touching this file), signed in with data, against the built app and
 * the real server. Serious and critical violations of WCAG 2.x A and AA fail the test;
 * the message names the rule and the elements.
 */

/** Every `path` in src/lib/paths.ts. */
function routePaths(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { path } = node as { path?: unknown };
  const own = typeof path === 'string' ? [path] : [];
  return [...own, ...Object.values(node).flatMap(routePaths)];
}

/** A roster of three with an EAPI session (sprint with splits, pro agility, jump) an hour ago. */
async function seed(api: Api): Promise<{ rosterId: number; athleteId: number; date: string }> {
  const { rosterId, ids } = await seedRoster(api, [
    ['Ada', 'Okafor'],
    ['Ben', 'Lindqvist'],
    ['Cleo', 'Marchetti'],
  ]);
  const { date } = await seedEapiSession(api, ids);
  return { rosterId, athleteId: ids[0]!, date };
}

/** The serious and critical WCAG A/AA violations on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // antd's table measures its column widths in a zero-height, aria-hidden row holding
    // copies of the header titles, filter triggers included (tabindex -1: not in the tab
    // order, but axe counts them as focusable). No one reaches it; the real header is
    // checked.
    .exclude('.ant-table-measure-row')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}; ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Waits until the page has its heading and no spinner, then checks it. */
async function expectAccessible(page: Page, path: string): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
  expect.soft(await violations(page), `axe on ${path}`).toEqual([]);
}

/** Every signed-in route of the app, each loaded and checked. */
async function walkRoutes(
  page: Page,
  { rosterId, athleteId, date }: Awaited<ReturnType<typeof seed>>,
  size = '',
): Promise<void> {
  const routes = [...new Set(routePaths(paths))]
    .filter((path) => path !== paths.root.path && path !== paths.home.root.path)
    .filter((path) => path !== paths.login.path) // signed in, it leads on to the dashboard
    .map((path) =>
      path
        .replace(':athleteId', String(athleteId))
        .replace(':rosterId', String(rosterId))
        .replace(':date', date),
    );
  expect(routes.length).toBeGreaterThan(15);

  for (const path of routes) {
    await test.step(`${path}${size}`, async () => {
      if (path.startsWith(paths.home.root.path) && isInApp(page)) await openInApp(page, path);
      else await page.goto(path);
      await expectAccessible(page, `${path}${size}`);
    });
  }
}

/** Whether the page shows one of the app's signed-in pages (/home/...). */
function isInApp(page: Page): boolean {
  return new URL(page.url()).pathname.startsWith(`${paths.home.root.path}/`);
}

/**
 * Opens `path` inside the running app, as its links do (the router follows a new history
 * entry: no reload, no second silent sign-in), and waits for the new page's document
 * title; already there (/workspace leads a one-workspace user to the leaderboard), as it
 * is. A reload per route (the app loaded again) cost about a quarter of this test.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return;
  const before = await page.title();
  // A string: e2e/ is type-checked without the DOM.
  await page.evaluate(
    `window.history.pushState(null, '', ${JSON.stringify(path)});
     window.dispatchEvent(new PopStateEvent('popstate'));`,
  );
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page).not.toHaveTitle(before);
}

test('every route has no serious or critical accessibility violation, signed in with data', async ({
  page,
}) => {
  test.slow(); // some twenty pages, each loaded and scanned
  const api = apiOf(page);

  await test.step('/login, signed out', async () => {
    await page.goto(paths.login.path);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, paths.login.path);
  });

  await signUpAt(page, paths.home.leaderboard.path, 'a11y');
  await test.step('the leaderboard of a new account, with its empty state', async () => {
    // Its hint links to Integrations and Manual Entry inside a sentence.
    await expect(page.getByText('No results on these boards yet.')).toBeVisible();
    await expectAccessible(page, `${paths.home.leaderboard.path}, empty`);
  });
  await test.step('a system that asks for less motion gets no endless animation', async () => {
    // An element animated for ever, as the spinner, the skeleton and the live badge are:
    // src/app/motion.css plays it once when the system asks for reduced motion.
    const iterations = () =>
      page.evaluate(`(() => {
        const probe = document.createElement('span');
        probe.style.animation = 'antRotate 1s linear infinite';
        document.body.append(probe);
        const count = getComputedStyle(probe).animationIterationCount;
        probe.remove();
        return count;
      })()`);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await iterations()).toBe('infinite');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await iterations()).toBe('1');
    await page.emulateMedia({ reducedMotion: test.info().project.use.reducedMotion ?? null });
  });
  await walkRoutes(page, await seed(api));

  await test.step('the side menu and the account menu open from the keyboard', async () => {
    await page.goto(paths.home.athletes.path);
    await expect(page.locator('h1').first()).toBeVisible();
    const account = page.getByRole('button', { name: /^Account menu of/ });
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: /logout/i })).toBeVisible();
    // Checked once antd's slide-in has ended: mid-fade the items' text is translucent, and
    // axe measured its contrast too low (one CI run in two).
    await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).not.toHaveClass(
      /ant-slide-up-(appear|enter)/,
    );
    expect.soft(await violations(page), 'axe with the account menu open').toEqual([]);
    await page.keyboard.press('Escape');
    const menuLink = page.getByRole('navigation').getByRole('link').first();
    await menuLink.focus();
    await expect(menuLink).toBeFocused();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every route has no serious or critical violation at 390 × 844, menu open or closed', async ({
    page,
  }) => {
    test.slow(); // some twenty pages, each loaded and scanned
    const api = apiOf(page);
    await signUpAt(page, paths.home.leaderboard.path, 'a11y-phone');
    await walkRoutes(page, await seed(api), ' at 390 × 844');

    await test.step('the menu drawer, open', async () => {
      await page.goto(paths.home.athletes.path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      await expect(page.locator('.ant-drawer-content-wrapper')).not.toHaveClass(
        /panel-motion|motion-(appear|enter)/,
      );
      expect.soft(await violations(page), 'axe with the menu drawer open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(nav).toBeHidden();
      expect.soft(await violations(page), 'axe with the menu drawer closed again').toEqual([]);
    });
  });
});
