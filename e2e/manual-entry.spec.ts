import { apiOf, screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';
import { choose } from './select';

/**
 * The "Manual entry" issue in the browser, against the built app and the real server: a
 * coach opens the session grid on Programs: Manual Entry, sets up a hand-timed 40-yd
 * sprint for a roster, types the times with the keyboard (Enter down each column), sees
 * a typo flagged at once, saves, and the server holds the results. Nothing of our API is
 * mocked. Screens go to test-results/manual-entry/.
 */

const path = '/home/result/program/manualentry';

/** The roster's athletes; the grid lists them by last name (Mills, Nguyen, Okafor). */
const athletes = [
  { firstName: 'Ada', lastName: 'Okafor' },
  { firstName: 'Bo', lastName: 'Nguyen' },
  { firstName: 'Cy', lastName: 'Mills' },
];

/** Times typed per column, top to bottom (Mills, Nguyen, Okafor). */
const typed = {
  '10 yd': ['1.72', '1,80', '1.75'],
  '20 yd': ['2.85', '2.97', '2.90'],
  'Total 40 yd': ['4.81', '5.02', '4.95'],
};

test('a coach types a session’s times into the grid and saves them in one go', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Sets up athletes and reads back the results through the same real API the page uses.
  const api = apiOf(page);
  const screenshot = screenshots(page, 'test-results/manual-entry');

  await test.step('a new coach with a roster of three athletes', async () => {
    await signUpAt(page, path, 'manual');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Programs: Manual Entry' }),
    ).toBeVisible();
    const roster = await api('POST', '/roster', { name: 'Sprinters' });
    for (const athlete of athletes)
      await api('POST', '/athlete', { ...athlete, rosterIds: [roster.id] });
    // Made behind the app's back (through the API): the page's roster list is older.
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Programs: Manual Entry' }),
    ).toBeVisible();
  });

  const drawer = page.getByRole('dialog', { name: 'Enter a session' });
  const cell = (name: string) => drawer.getByRole('textbox', { name, exact: true });
  const save = drawer.getByRole('button', { name: /Save/ });

  await test.step('open the grid and set up a hand-timed 40-yd sprint', async () => {
    await page.getByRole('button', { name: 'Enter a session' }).click();
    await expect(drawer.getByText(/Choose an event type and a roster/)).toBeVisible();
    await screenshot('empty-grid');
    await choose(page, drawer.getByLabel('Event type'), 'Linear sprint');
    await expect(drawer.getByLabel('Distance')).toHaveValue('40');
    await choose(page, drawer.getByLabel('Roster'), 'Sprinters');
    await expect(drawer.getByRole('radio', { name: 'Hand' })).toBeChecked();
    await expect(drawer.getByRole('columnheader')).toHaveText([
      'Athlete',
      '10 yd split',
      '20 yd split',
      'Total 40 yd',
      'Attempts',
    ]);
    await expect(drawer.getByRole('rowheader')).toHaveText(['Cy Mills', 'Bo Nguyen', 'Ada Okafor']);
  });

  await test.step('type every time with the keyboard, Enter going down each column', async () => {
    await cell('Cy Mills, 10 yd').click();
    for (const times of Object.values(typed))
      for (const time of times)
        await page.keyboard.type(time).then(() => page.keyboard.press('Enter'));
    // Enter on the last cell leads to Save.
    await expect(save).toBeFocused();
    await expect(cell('Bo Nguyen, 10 yd')).toHaveValue('1,80');
    await expect(cell('Ada Okafor, Total 40 yd')).toHaveValue('4.95');
    await expect(drawer.getByRole('status').filter({ hasText: /ready|to fix/ })).toHaveText(
      '3 results ready',
    );
  });

  await test.step('a typo is flagged at once and blocks the save', async () => {
    await cell('Bo Nguyen, Total 40 yd').fill('502');
    await expect(drawer.getByText('Slower than a walk: type seconds, e.g. 4.62')).toBeVisible();
    await cell('Ada Okafor, 20 yd').fill('1.70');
    await expect(drawer.getByText('Must be more than the 10 yd split (1.75 s)')).toBeVisible();
    await expect(drawer.getByRole('status').filter({ hasText: /ready|to fix/ })).toHaveText(
      '1 result ready · 2 to fix',
    );
    await expect(save).toBeDisabled();
    // The grid fits a 1280×720 window: Save stays on screen.
    await expect(save).toBeInViewport();
    await page.screenshot({ path: 'test-results/manual-entry/03-typo.png' });
    await cell('Bo Nguyen, Total 40 yd').fill('5.02');
    await cell('Ada Okafor, 20 yd').fill('2.90');
    await expect(drawer.getByRole('status').filter({ hasText: /ready|to fix/ })).toHaveText(
      '3 results ready',
    );
  });

  await test.step('save: one batch, the grid clears', async () => {
    const posted = page.waitForResponse(
      (response) => response.url().endsWith('/api/event') && response.request().method() === 'POST',
    );
    await save.click();
    const answer = await posted;
    expect(answer.status()).toBe(201);
    expect((await answer.json()).created).toBe(3);
    await expect(drawer.getByText('Saved 3 results')).toBeVisible();
    await expect(cell('Cy Mills, Total 40 yd')).toHaveValue('');
    await page.screenshot({ path: 'test-results/manual-entry/04-saved.png' });
  });

  await test.step('the server holds the three results, typed by hand', async () => {
    const list = await api('GET', '/event?program=manualentry&pageNumber=1&pageSize=20');
    expect(list.totalCount).toBe(3);
    const byName = Object.fromEntries(
      list.items.map((item: { athlete: { lastName: string } }) => [item.athlete.lastName, item]),
    );
    expect(byName.Nguyen).toMatchObject({
      distanceMm: 36576,
      timeMs: 5020,
      splits: [
        { distanceMm: 9144, timeMs: 1800 },
        { distanceMm: 18288, timeMs: 2970 },
      ],
      program: 'manualentry',
      source: 'manual',
      timingMethod: 'hand',
      eventType: { id: 1 },
    });
    expect(byName.Mills.timeMs).toBe(4810);
    expect(byName.Okafor.timeMs).toBe(4950);
  });

  await test.step('closing keeps nothing unsaved; the page is back', async () => {
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Enter a session' })).toBeVisible();
    await screenshot('page');
  });

  const table = page.getByRole('table', { name: 'Results' });
  const row = (lastName: string) => table.getByRole('row').filter({ hasText: lastName });

  await test.step('the table fits a 1280-px window beside the menu: no sideways scroll', async () => {
    expect(page.viewportSize()?.width).toBe(1280);
    const scroller = page.locator('.ant-table-content').first();
    await expect(scroller).toBeVisible();
    const overflow = await scroller.evaluate((el) => {
      const { scrollWidth, clientWidth } = el as unknown as {
        scrollWidth: number;
        clientWidth: number;
      };
      return scrollWidth - clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  });

  await test.step('the Manual Entry table lists the session, rows open to their splits', async () => {
    await expect(row('Nguyen')).toContainText('5.02 s');
    await expect(row('Mills')).toContainText('4.81 s');
    await expect(row('Okafor')).toContainText('4.95 s');
    await expect(row('Nguyen')).toContainText('40 yd');
    await row('Nguyen')
      .getByRole('button', { name: /expand/i })
      .click();
    const splits = page.getByRole('table', { name: 'Splits of Linear sprint' });
    // 0-10 yd in 1.80 s, 10-20 yd in 1.17 s, 20-40 yd in 2.05 s.
    await expect(splits.getByRole('row').nth(1)).toContainText('1.80 s');
    await expect(splits.getByRole('row').nth(2)).toContainText('1.17 s');
    await expect(splits.getByRole('row').nth(3)).toContainText('2.05 s');
    await expect(splits).toContainText('mph');
    await page.getByText('Metres', { exact: true }).click();
    await expect(splits).toContainText('36.58 m');
    await expect(splits).toContainText('km/h');
    await screenshot('table-splits');
  });

  await test.step('the sort by result puts the fastest first', async () => {
    await table.getByRole('columnheader', { name: 'Result' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('Mills');
  });

  await test.step('a coach corrects a mistimed run, and deletes another', async () => {
    await row('Okafor').getByRole('button', { name: 'Correct Ada Okafor’s result' }).click();
    const dialog = page.getByRole('dialog', { name: /Correct Ada Okafor/ });
    await dialog.getByLabel('Time (seconds)').fill('5.05');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row('Okafor')).toContainText('5.05 s');
    // The run had no lane; correcting its time leaves it without one (the cells: expand,
    // Date, First, Middle and Last name, Event, Distance, Lane, Source, Result).
    await expect(row('Okafor').getByRole('cell').nth(7)).toHaveText('—');
    await row('Mills').getByRole('button', { name: 'Delete Cy Mills’s result' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(row('Mills')).toHaveCount(0);
    await expect(row('Nguyen')).toHaveCount(1);
  });

  await test.step('export the table as CSV', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text.map((chunk) => Buffer.from(chunk))).toString('utf8');
    expect(csv).toContain('Okafor');
    expect(csv).not.toContain('Mills');
  });

  await test.step('a time typed but not saved holds a move to another page', async () => {
    await page.getByRole('button', { name: 'Enter a session' }).click();
    await cell('Cy Mills, Total 40 yd').fill('4.77');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('menuitem', { name: 'Leaderboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toContainText('1 row of the Manual Entry grid is typed but not saved');
    await screenshot('leave-warning');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/home\/result\/program\/manualentry/);
    await page.getByRole('button', { name: /Continue the session/ }).click();
    await expect(cell('Cy Mills, Total 40 yd')).toHaveValue('4.77');
  });

  expect(errors).toEqual([]);
});
