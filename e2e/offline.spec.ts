import type { Page } from '@playwright/test';
import { apiOf, signUpAt } from './account';
import { expect, test } from './fixtures';
import { choose } from './select';
import { startServer, type RunningServer } from './server';

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

/** What Chromium says of the page as an app (DevTools protocol, Page domain). */
interface Installability {
  installabilityErrors: { errorId: string }[];
}
interface AppManifest {
  errors: { message: string; critical: number }[];
  url: string;
}

/**
 * Chromium's own install criteria, the check behind its install prompt and what
 * Lighthouse's installability audit read (Lighthouse 12 dropped that audit; 13 is
 * installed): the manifest without errors, a service worker of scope `/` controlling the
 * page. Run on a page the worker controls.
 */
async function expectInstallable(page: Page) {
  const scope = await page.evaluate(async () => {
    const { serviceWorker } = navigator as unknown as {
      serviceWorker: { ready: Promise<{ active: { scriptURL: string } | null; scope: string }> };
    };
    const registration = await serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
  });
  expect(new URL(scope.script).pathname).toBe('/sw.js');
  expect(new URL(scope.scope).pathname).toBe('/');
  const cdp = await page.context().newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as unknown as AppManifest;
  expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = (await cdp.send(
    'Page.getInstallabilityErrors',
  )) as unknown as Installability;
  // Playwright's contexts are off the record, which Chromium names but which says
  // nothing of the app (Lighthouse's installability audit skipped it too).
  expect(
    installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'),
  ).toEqual([]);
  await cdp.detach();
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
    // Installable, as Chromium judges it (docs/offline.md).
    await expectInstallable(page);
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

/** The claims of a bearer token (`authorization: Bearer <jwt>`). */
function claimsOf(authorization: string): { iat: number; exp: number } {
  const payload = authorization.replace(/^Bearer /, '').split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    iat: number;
    exp: number;
  };
}

/** One round of the grid: a time for each of the five, then Save. */
async function saveRound(drawer: ReturnType<Page['getByRole']>, hundredths: number) {
  for (const [index, athlete] of athletes.entries()) {
    const name = `${athlete.firstName} ${athlete.lastName}, Total 40 yd`;
    await drawer
      .getByRole('textbox', { name, exact: true })
      .fill(`4.${String(hundredths + index).padStart(2, '0')}`);
  }
  await drawer.getByRole('button', { name: /Save 5 results/ }).click();
  await expect(drawer.getByText(/Saved 5 results on this device/)).toBeVisible();
}

let own: RunningServer | undefined;
test.afterEach(async () => {
  await own?.stop();
  own = undefined;
});

test('the server stopped, then the token expired offline: every result stored once', async ({
  browser,
}) => {
  // A ceiling for a loaded machine, where a fresh server alone took 80 s to start.
  test.setTimeout(300_000);
  // A server of this test's own, to stop and start again, with 10-second access tokens.
  const env = { ACCESS_TOKEN_TTL: '10' };
  own = await startServer(env);
  const context = await browser.newContext({ baseURL: own.url });
  const page = await context.newPage();
  const api = apiOf(page);
  const tokens: string[] = [];
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (request.url().includes('/api/') && header) tokens.push(header);
  });
  await signUpAt(page, path, 'stopped');
  const roster = await api('POST', '/roster', { name: 'Field day' });
  for (const athlete of athletes)
    await api('POST', '/athlete', { ...athlete, rosterIds: [roster.id] });
  // The page asked for its rosters before this one existed: load it again to list it.
  await page.reload();
  const { iat, exp } = claimsOf(tokens.at(-1)!);
  expect(exp - iat, 'the access token lives ACCESS_TOKEN_TTL seconds').toBe(10);
  const drawer = await openGrid(page);
  const counts = drawer.getByTestId('queue-counts');

  await test.step('the server stops: five results wait, a refused connection is retried', async () => {
    const place = { port: own!.port, dataDir: own!.dataDir };
    await own!.stop();
    await saveRound(drawer, 50);
    await expect(counts).toHaveText('5 waiting · 0 sent · 0 refused');
    await expect(drawer.getByText(/tried \d×/).first()).toBeVisible();
    own = await startServer(env, place);
    await expect(counts).toHaveText('0 waiting · 5 sent · 0 refused', { timeout: 30_000 });
  });

  await test.step('offline until the token has expired: five more wait, then are sent', async () => {
    await context.setOffline(true);
    await saveRound(drawer, 60);
    await expect(counts).toHaveText('5 waiting · 5 sent · 0 refused');
    // Past the last token's expiry (the server refuses it from then on).
    const last = claimsOf(tokens.at(-1)!);
    await page.waitForTimeout(Math.max(0, last.exp * 1000 - Date.now()) + 1_000);
    const back = Date.now();
    const renewed = page.waitForRequest(
      (request) => request.url().endsWith('/oauth/token') && request.method() === 'POST',
    );
    await context.setOffline(false);
    await renewed;
    await expect(counts).toHaveText('0 waiting · 10 sent · 0 refused', { timeout: 30_000 });
    // Sent with a token issued after the network came back.
    expect(claimsOf(tokens.at(-1)!).iat * 1000).toBeGreaterThanOrEqual(back - 1_000);
  });

  // Exactly once: the ten times typed, each stored one time.
  const list = await api('GET', '/event?program=manualentry&pageNumber=1&pageSize=50');
  expect(list.totalCount).toBe(10);
  const times = list.items.map((item: { timeMs: number }) => item.timeMs).sort();
  expect(times).toEqual([4500, 4510, 4520, 4530, 4540, 4600, 4610, 4620, 4630, 4640]);
  await context.close();
});
