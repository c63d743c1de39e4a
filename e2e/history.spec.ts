import type { APIRequestContext, Page } from '@playwright/test';
import { screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';
import { choose, openList } from './select';

/**
 * The "History" issue in the browser, against the built app and the real server: a
 * coach's athlete runs 40-yd sprints on five testing days, getting faster; the results
 * arrive through the API as a timing device sends them (an API key made with the
 * coach's own token); the history page charts one line per split distance and lists
 * every run, in yards, then metres, then totals only. Nothing of our API is mocked or
 * intercepted. Screens go to test-results/history/.
 */

const YD = 914.4;
const mm = (yards: number) => Math.round(yards * YD);

/** Five testing days a week apart, ending yesterday, each a 40 with 10 and 20 splits. */
const days = [0, 1, 2, 3, 4].map((week) => {
  const recordedAt = new Date(Date.now() - (29 - week * 7) * 86_400_000);
  recordedAt.setUTCHours(15, 0, 0, 0);
  const faster = week * 30; // 0.03 s a week, every split
  return {
    recordedAt: recordedAt.toISOString(),
    splits: [1780 - faster / 3, 3010 - faster / 2, 5020 - faster].map(Math.round),
  };
});

/** Calls our API as the signed-in coach, or as a device with a key. */
async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'POST',
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The coach's access token, read from a request the app sends to our API. */
function watchToken(page: Page): () => string {
  let token = '';
  page.on('request', (request) => {
    const header = request.headers()['authorization'];
    if (request.url().includes('/api/') && header?.startsWith('Bearer ')) token = header.slice(7);
  });
  return () => {
    if (!token) throw new Error('The app has sent no signed-in request yet');
    return token;
  };
}

test('a coach follows an athlete’s sprints over time: chart per split, table, yards and metres', async ({
  page,
  request,
}) => {
  test.slow(); // sign-up, a device's batch, then a dozen chart redraws
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const screenshot = screenshots(page, 'test-results/history');
  const token = watchToken(page);
  const chart = page.getByRole('figure', { name: /progress chart/i });
  const lines = chart.locator('.recharts-line');
  const legend = chart.getByRole('list', { name: 'Lines' }).getByRole('listitem');
  const resultRows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

  await test.step('a coach signs up and opens the history: it asks for an athlete', async () => {
    await signUpAt(page, '/home/result/historical', 'history');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results, historical' }),
    ).toBeVisible();
    await expect(page.getByText('No athlete chosen')).toBeVisible();
    await screenshot('no-athlete');
  });

  await test.step('an athlete on a roster, and five days of sprints from a device', async () => {
    const roster = await call<{ id: number }>(request, token(), 'POST', '/roster', {
      name: 'Sprinters',
    });
    const other = await call<{ id: number }>(request, token(), 'POST', '/roster', {
      name: 'Jumpers',
    });
    const athlete = await call<{ id: number }>(request, token(), 'POST', '/athlete', {
      firstName: 'Ada',
      lastName: 'Okafor',
      rosterIds: [roster.id],
    });
    await call(request, token(), 'POST', '/athlete', {
      firstName: 'Bo',
      lastName: 'Nguyen',
      rosterIds: [other.id],
    });
    const { key } = await call<{ key: string }>(request, token(), 'POST', '/integration/api-key', {
      name: 'Lane 1 gates',
    });
    const { created } = await call<{ created: number }>(request, key, 'POST', '/event', {
      items: days.map(({ recordedAt, splits }, index) => ({
        clientId: `history-e2e-${index}`,
        athleteId: athlete.id,
        eventTypeId: 1,
        recordedAt,
        distanceMm: mm(40),
        timeMs: splits[2],
        splits: [
          { distanceMm: mm(10), timeMs: splits[0] },
          { distanceMm: mm(20), timeMs: splits[1] },
          { distanceMm: mm(40), timeMs: splits[2] },
        ],
        source: 'device',
        laneId: 1,
      })),
    });
    expect(created).toBe(days.length);
  });

  await test.step('pick the roster, then the athlete of it, then the sprint', async () => {
    await page.reload(); // the pickers read rosters and athletes made a moment ago
    await choose(page, page.getByRole('combobox', { name: 'Roster' }), 'Jumpers', { search: true });
    await page.getByRole('combobox', { name: 'Athlete' }).click();
    await expect(openList(page)).toContainText('Nguyen, Bo');
    await expect(openList(page)).not.toContainText('Okafor');
    await page.keyboard.press('Escape');
    await choose(page, page.getByRole('combobox', { name: 'Roster' }), 'Sprinters', {
      search: true,
    });
    await choose(page, page.getByRole('combobox', { name: 'Athlete' }), 'Okafor, Ada', {
      search: true,
    });
    await choose(page, page.getByRole('combobox', { name: 'Event type' }), 'Linear sprint', {
      search: true,
    });
  });

  await test.step('the chart has a line per split distance, the table every run', async () => {
    await expect(lines).toHaveCount(3);
    await expect(legend).toHaveText(['10 yd', '20 yd', '40 yd']);
    // Five days on each line.
    await expect(chart.locator('.recharts-line-dots').first().locator('circle')).toHaveCount(5);
    await expect(chart.getByText('Up is faster', { exact: false })).toBeVisible();
    await expect(resultRows).toHaveCount(5);
    const newest = days.at(-1)!.splits;
    await expect(resultRows.first()).toContainText(`${(newest[2]! / 1000).toFixed(2)} s`);
    await expect(resultRows.first()).toContainText(`10 yd ${(newest[0]! / 1000).toFixed(2)} s`);
    await expect(resultRows.last()).toContainText(`${(days[0]!.splits[2]! / 1000).toFixed(2)} s`);
    await chart.locator('.recharts-line-dots circle').last().hover();
    await expect(chart.locator('.recharts-tooltip-wrapper')).toContainText(
      `${(newest[2]! / 1000).toFixed(2)} s`,
    );
    await screenshot('yards');
  });

  await test.step('metres relabel the lines and the table', async () => {
    await page.getByText('Metres', { exact: true }).click();
    await expect(legend).toHaveText(['9.14 m', '18.29 m', '36.58 m']);
    await expect(resultRows.first()).toContainText('36.58 m');
    await expect(resultRows.first()).toContainText('9.14 m');
    await screenshot('metres');
  });

  await test.step('hide the splits from the legend: the 40s alone fill the axis', async () => {
    await chart.getByRole('checkbox', { name: '9.14 m' }).uncheck();
    await chart.getByRole('checkbox', { name: '18.29 m' }).uncheck();
    await expect(chart.locator('.recharts-line path.recharts-line-curve')).toHaveCount(1);
    await expect(chart.getByRole('checkbox', { name: '36.58 m' })).toBeDisabled();
    await screenshot('one-line');
    await chart.getByRole('checkbox', { name: '9.14 m' }).check();
    await chart.getByRole('checkbox', { name: '18.29 m' }).check();
  });

  await test.step('totals only: one line, the 40s', async () => {
    await page.getByRole('switch', { name: 'Every split distance' }).click();
    await expect(lines).toHaveCount(1);
    await expect(legend).toHaveText(['36.58 m']);
    await screenshot('totals');
  });

  await test.step('a reload keeps the filters; a narrow screen still shows it all', async () => {
    await page.reload();
    await expect(legend).toHaveText(['36.58 m']);
    await expect(
      page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Athlete' }) }),
    ).toContainText('Okafor, Ada');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(lines).toHaveCount(1);
    await screenshot('narrow');
  });

  expect(errors).toEqual([]);
});
