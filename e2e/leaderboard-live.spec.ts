import type { Page } from '@playwright/test';
import { screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';

const YD = 914.4;
const mm = (yards: number) => Math.round(yards * YD);

/** The bearer token of the signed-in page, from its first API call. */
function capturedToken(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      const authorization = request.headers()['authorization'];
      if (request.url().includes('/api/') && authorization?.startsWith('Bearer '))
        resolve(authorization);
    });
  });
}

/** A 40-yd sprint with its 10 and 20 yd splits, as a timing device sends it. */
function sprint(clientId: string, athleteId: number, timeMs: number, lane: number) {
  return {
    clientId,
    source: 'device',
    athleteId,
    eventTypeId: 1,
    laneId: lane,
    recordedAt: new Date().toISOString(),
    distanceMm: mm(40),
    timeMs,
    splits: [
      { distanceMm: mm(10), timeMs: Math.round(timeMs * 0.36) },
      { distanceMm: mm(20), timeMs: Math.round(timeMs * 0.6) },
    ],
  };
}

test('the TV leaderboard shows results a device sends, without a reload', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const screenshot = screenshots(page, 'test-results/leaderboard-live');
  const token = capturedToken(page);
  const api = async (path: string, init: { method?: string; body?: unknown; auth: string }) => {
    const response = await fetch(`${baseURL}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { Authorization: init.auth, 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as never };
  };

  await signUpAt(page, '/home/integration', 'tvboard');
  const coach = await token;
  const ada: { id: number } = (
    await api('/athlete', {
      method: 'POST',
      auth: coach,
      body: { firstName: 'Ada', lastName: 'Okafor' },
    })
  ).body;
  const bo: { id: number } = (
    await api('/athlete', {
      method: 'POST',
      auth: coach,
      body: { firstName: 'Bo', lastName: 'Lindqvist' },
    })
  ).body;

  let key = '';
  await test.step('make an API key for the gates on the Integrations page', async () => {
    await expect(page.getByText('No keys yet')).toBeVisible();
    await page.getByLabel('Name').fill('Lane 1 gates');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key for Lane 1 gates' });
    await expect(dialog.getByText('it is shown only once')).toBeVisible();
    key = (await dialog.getByLabel('New API key').innerText()).trim();
    expect(key).toMatch(/^sl_live_/);
    await screenshot('key-shown-once');
    await dialog.getByRole('button', { name: 'I have stored the key' }).click();
    await expect(page.getByRole('row', { name: /Lane 1 gates/ })).toContainText('Active');
  });

  await test.step('open the leaderboard in TV mode', async () => {
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(page.getByText('No results on these boards yet.')).toBeVisible();
    await page.evaluate('window.__sameDocument = true');
    await page.getByRole('button', { name: 'TV mode' }).click();
    const tv = page.getByRole('dialog', { name: 'Leaderboard on TV' });
    await expect(tv.getByText('Live')).toBeVisible();
    await expect(tv.getByRole('heading', { name: 'Linear sprint' })).toBeVisible();
  });

  const tv = page.getByRole('dialog', { name: 'Leaderboard on TV' });
  const board40 = tv.getByRole('list', { name: '40 yd board' });

  await test.step('the gates send two runs: the board shows them', async () => {
    const sent = await api('/event', {
      method: 'POST',
      auth: `Bearer ${key}`,
      body: { items: [sprint('gate-1', ada.id, 4620, 1), sprint('gate-2', bo.id, 4800, 2)] },
    });
    expect(sent.status).toBe(201);
    await expect(board40.getByRole('listitem')).toHaveCount(2, { timeout: 5000 });
    await expect(board40.getByRole('listitem').first()).toContainText('Ada Okafor');
    await expect(board40.getByRole('listitem').first()).toContainText('4.62 s');
    await screenshot('tv-two-runs');
  });

  await test.step('a faster run moves Bo to the top, still without a reload', async () => {
    const sent = await api('/event', {
      method: 'POST',
      auth: `Bearer ${key}`,
      body: sprint('gate-3', bo.id, 4510, 2),
    });
    expect(sent.status).toBe(201);
    await expect(board40.getByRole('listitem').first()).toContainText('Bo Lindqvist', {
      timeout: 5000,
    });
    await expect(board40.getByRole('listitem').first()).toContainText('4.51 s');
    await expect(board40.getByRole('listitem')).toHaveCount(3);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    await screenshot('tv-new-leader');
  });

  await test.step('a revoked key sends nothing more', async () => {
    await tv.getByRole('button', { name: 'Leave TV mode' }).click();
    await expect(tv).toBeHidden();
    await expect(page.getByRole('list', { name: '40 yd board' })).toContainText('Bo Lindqvist');
    await screenshot('board');
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('button', { name: 'Revoke Lane 1 gates' }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByRole('row', { name: /Lane 1 gates/ })).toContainText('Revoked');
    const refused = await api('/event', {
      method: 'POST',
      auth: `Bearer ${key}`,
      body: sprint('gate-4', ada.id, 4400, 1),
    });
    expect(refused.status).toBe(401);
  });

  await test.step('the date filter: the picker loads on first use and filters the boards', async () => {
    await page.getByRole('link', { name: 'Leaderboard' }).click();
    const board = page.getByRole('list', { name: '40 yd board' });
    await expect(board).toContainText('Bo Lindqvist');
    const from = page.getByRole('textbox', { name: 'From' });
    await expect(from).toHaveAttribute('readonly'); // the stand-in: the picker's code is not loaded
    await from.click();
    await expect(page.locator('.ant-picker-dropdown')).toBeVisible(); // the real picker, open
    await expect(from).toBeFocused();
    await expect(from).not.toHaveAttribute('readonly');
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.keyboard.type(day);
    await page.keyboard.press('Enter');
    await expect(from).toHaveValue(day);
    await expect(page.getByText('No results match these filters.')).toBeVisible();
    await screenshot('from-tomorrow');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(from).toHaveValue('');
    await expect(board).toContainText('Bo Lindqvist');
  });

  expect(errors).toEqual([]);
});
