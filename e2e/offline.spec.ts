import type { Page } from '@playwright/test';
import { apiOf, signUpAt } from './account';
import { expect, test } from './fixtures';
import { choose } from './select';

/**
 * Issue 35 in the browser, against the built app (its service worker) and the real
 * server: a coach opens Manual Entry, the network goes, the page is reloaded offline,
 * 20 results for 5 athletes are saved, the page is closed and opened again offline (the
 * 20 wait), the network comes back: all 20 are stored exactly once, the rows say Sent
 * and the leaderboard lists them. Nothing of our API is mocked.
 */

const path = '/home/result/program/manualentry';
const athletes = ['Okafor', 'Nguyen', 'Mills', 'Diaz', 'Brown'].map((lastName, index) => ({
  firstName: `Runner${index + 1}`,
  lastName,
}));

/** The browser's `navigator.serviceWorker`, typed here (this project's e2e has no DOM lib). */
interface WorkerNavigator {
  serviceWorker: { ready: Promise<unknown>; controller: unknown };
}

async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await (navigator as unknown as WorkerNavigator).serviceWorker.ready;
  });
  // Controlled from the next load on.
  await page.reload();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean((navigator as unknown as WorkerNavigator).serviceWorker.controller),
      ),
    )
    .toBe(true);
}

async function openGrid(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Enter a session' });
  await page.getByRole('button', { name: /Enter a session|Continue the session/ }).click();
  await choose(page, drawer.getByLabel('Event type'), 'Linear sprint');
  await choose(page, drawer.getByLabel('Roster'), 'Field day');
  await expect(drawer.getByRole('rowheader')).toHaveCount(5, { timeout: 30_000 });
  return drawer;
}

test('results typed offline wait on the device and are stored exactly once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const api = apiOf(page);

  await test.step('a coach with a roster of five opens Manual Entry online', async () => {
    await signUpAt(page, path, 'offline');
    const roster = await api('POST', '/roster', { name: 'Field day' });
    for (const athlete of athletes)
      await api('POST', '/athlete', { ...athlete, rosterIds: [roster.id] });
    await serviceWorkerReady(page);
    // The field reads are kept on the device as they are shown.
    await openGrid(page);
  });

  const drawer = page.getByRole('dialog', { name: 'Enter a session' });
  const states = () => drawer.getByTestId('queue-counts');

  await test.step('offline: the page reloads, the grid shows the cached roster', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Programs: Manual Entry' }),
    ).toBeVisible({ timeout: 30_000 });
    await openGrid(page);
    await expect(drawer.getByText(/From cache, \d+ min old/)).toBeVisible();
  });

  await test.step('20 results for 5 athletes, saved in four rounds', async () => {
    for (let round = 0; round < 4; round++) {
      for (const [index, athlete] of athletes.entries()) {
        const name = `${athlete.firstName} ${athlete.lastName}, Total 40 yd`;
        await drawer
          .getByRole('textbox', { name, exact: true })
          .fill(`4.${50 + round * 5 + index}`);
      }
      await drawer.getByRole('button', { name: /Save 5 results/ }).click();
      await expect(drawer.getByText(/Saved 5 results on this device/)).toBeVisible();
    }
    await expect(states()).toHaveText('20 waiting · 0 sent · 0 refused');
  });

  const again = await test.step('the page is closed and opened again, still offline', async () => {
    await page.close();
    const next = await context.newPage();
    await next.goto(path);
    await expect(
      next.getByRole('heading', { level: 1, name: 'Programs: Manual Entry' }),
    ).toBeVisible({ timeout: 30_000 });
    await next.getByRole('button', { name: 'Enter a session' }).click();
    const counts = next
      .getByRole('dialog', { name: 'Enter a session' })
      .getByTestId('queue-counts');
    await expect(counts).toHaveText('20 waiting · 0 sent · 0 refused');
    return next;
  });

  await test.step('online again: all 20 sent, stored once, on the board', async () => {
    const api2 = apiOf(again);
    await context.setOffline(false);
    const counts = again
      .getByRole('dialog', { name: 'Enter a session' })
      .getByTestId('queue-counts');
    await expect(counts).toHaveText('0 waiting · 20 sent · 0 refused', { timeout: 60_000 });
    const list = await api2('GET', '/event?program=manualentry&pageNumber=1&pageSize=50');
    expect(list.totalCount).toBe(20);
    // Exactly once: 20 distinct results with the 20 times typed.
    const times = list.items.map((item: { timeMs: number }) => item.timeMs).sort();
    expect(new Set(times).size).toBe(20);
    await again.goto('/home/leaderboard');
    await expect(again.getByText('Runner1 Okafor').first()).toBeVisible();
  });
});
