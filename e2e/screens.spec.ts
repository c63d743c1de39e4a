import type { Locator, Page } from '@playwright/test';
import { apiOf, screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';
import { png } from './png';
import { seedEapiSession, seedRoster } from './seed';
import { choose } from './select';

/**
 * Issue 37, "Phones and the TV" (decision 033), against the built app and the real
 * server, at a phone (390 × 844), a portrait tablet (768 × 1024), a laptop (1366 × 800)
 * and, for TV mode, a TV (1920 × 1080): every table shows its key number inside the
 * screen, the TV board's names keep to one line and its results are whole, the coach's
 * logo does not lie over the athlete spots, the side menu's white reaches the bottom, and
 * a printed report is no wider than its paper. Screens go to test-results/screens/.
 */

const sizes = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 800 },
] as const;

/** A rectangle as the checks read it (e2e/ is type-checked without the DOM). */
interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where a cell is, and whether a user sees it: its centre inside the screen and not
 * under anything else (a fixed column, the edge of its scrolling card).
 */
async function seen(cell: Locator): Promise<{ rect: Rect; onTop: boolean }> {
  return cell.evaluate((element) => {
    const el = element as unknown as {
      getBoundingClientRect(): Rect;
      contains(other: unknown): boolean;
      ownerDocument: {
        elementFromPoint(x: number, y: number): unknown;
        defaultView: { innerHeight: number; scrollBy(x: number, y: number): void };
      };
    };
    // Down the page to it (never sideways: a table scrolled sideways would hide a fault).
    const view = el.ownerDocument.defaultView;
    const { top: above } = el.getBoundingClientRect();
    view.scrollBy(0, above - view.innerHeight / 2);
    const { left, right, top, bottom } = el.getBoundingClientRect();
    // Its left edge, middle and right edge: a fixed column over part of it is found too.
    const onTop = [left + 1, (left + right) / 2, right - 1].every((x) => {
      const hit = el.ownerDocument.elementFromPoint(x, (top + bottom) / 2);
      return hit !== null && el.contains(hit);
    });
    return { rect: { left, right, top, bottom }, onTop };
  });
}

/**
 * The table's header cell `column` and the cell of that column in the row holding
 * `row` are both inside the screen's width and not covered.
 */
async function expectColumnInView(
  page: Page,
  table: Locator,
  column: string,
  row: string | RegExp,
  where: string,
): Promise<void> {
  const width = page.viewportSize()!.width;
  const headers = table.locator('thead th');
  const titles = (await headers.allTextContents()).map((text) => text.trim());
  const index = titles.indexOf(column);
  expect(index, `${where}: a "${column}" column among ${JSON.stringify(titles)}`).toBeGreaterThan(
    -1,
  );
  const header = headers.nth(index);
  const cell = table
    .locator('tbody tr[data-row-key]')
    .filter({ hasText: row })
    .first()
    .locator(':scope > td')
    .nth(index);
  for (const [name, element] of [
    ['header', header],
    ['cell', cell],
  ] as const) {
    const { rect, onTop } = await seen(element);
    const message = `${where}: the ${column} ${name} at ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}`;
    expect.soft(rect.left, message).toBeGreaterThanOrEqual(0);
    expect.soft(rect.right, message).toBeLessThanOrEqual(width);
    expect.soft(onTop, `${message} is covered`).toBe(true);
  }
}

/** Whether the page scrolls sideways (a table scrolling inside its card does not count). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = (await page.evaluate(
    '({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth })',
  )) as { scrollWidth: number; clientWidth: number };
  expect.soft(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

test('every table shows its key number on the screen, from a phone to a laptop', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const api = apiOf(page);
  const screenshot = screenshots(page, 'test-results/screens/tables');
  await page.setViewportSize({ width: 1366, height: 800 });
  await signUpAt(page, '/home/result/historical', 'screens');
  const { rosterId, ids } = await seedRoster(api);
  await seedEapiSession(api, ids);
  const date = new Date(Date.now() - 3_600_000).toISOString().slice(0, 10);
  const narciso = ids[0]!;

  // The history asks for an athlete first; the choice is remembered (redux-persist).
  await page.reload();
  await choose(
    page,
    page.getByRole('combobox', { name: 'Athlete' }),
    'Schimmel-Vandervort, Narciso',
    {
      search: true,
    },
  );
  await choose(page, page.getByRole('combobox', { name: 'Event type' }), 'Linear sprint', {
    search: true,
  });
  await expect(page.getByRole('table')).toContainText('40 yd');

  const tables: {
    name: string;
    path: string;
    /** The table, when the page has several. */
    table?: string;
    column: string;
    row: string | RegExp;
  }[] = [
    { name: 'results', path: '/home/result/individual', column: 'Result', row: 'Schimmel' },
    { name: 'results-eapi', path: '/home/result/program/eapi', column: 'Result', row: 'Schimmel' },
    {
      name: 'results-manual-entry',
      path: '/home/result/program/manualentry',
      column: 'Result',
      row: 'Schimmel',
    },
    { name: 'history', path: '/home/result/historical', column: 'Result', row: /\d\.\d\d s/ },
    { name: 'athletes', path: '/home/athlete', column: 'Last name', row: 'Schimmel' },
    { name: 'profiles', path: '/home/athleteprofile', column: 'EAPI', row: 'Schimmel' },
    {
      name: 'report-eapi',
      path: '/home/report/eapi/individual',
      column: 'EAPI',
      row: 'Schimmel',
    },
    {
      name: 'report-easi',
      path: '/home/report/easi/individual',
      column: 'EASI',
      row: 'Schimmel',
    },
    {
      name: 'report-team',
      path: '/home/report/eapi/team',
      column: 'Average EAPI',
      row: 'Varsity sprinters',
    },
    {
      name: 'report-team-day',
      path: `/home/report/eapi/team/${rosterId}/${date}`,
      table: 'Schimmel',
      column: 'EAPI',
      row: 'Schimmel',
    },
    {
      name: 'report-team-day-averages',
      path: `/home/report/eapi/team/${rosterId}/${date}`,
      table: 'Average points',
      column: 'Average points',
      row: 'Pro agility',
    },
    {
      name: 'report-athlete',
      path: `/home/report/eapi/individual/${narciso}`,
      table: 'Measurement',
      column: 'Points',
      row: 'Pro agility',
    },
  ];

  for (const size of sizes)
    await test.step(`${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      const where = (name: string) => `${name} at ${size.width}`;
      for (const { name, path, table, column, row } of tables) {
        await page.goto(path);
        const found = table
          ? page.getByRole('table').filter({ hasText: table })
          : page.getByRole('table').first();
        await expect(
          found.locator('tbody tr[data-row-key]').filter({ hasText: row }).first(),
        ).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await expectColumnInView(page, found, column, row, where(name));
        await expectNoSidewaysScroll(page, where(name));
        await screenshot(`${size.width}-${name}`);
      }

      // The leaderboard's boards: each entry's result beside its name.
      await page.goto('/home/leaderboard');
      const board = page.getByRole('list', { name: '40 yd board' });
      await expect(board.getByRole('listitem')).not.toHaveCount(0);
      for (const entry of await board.getByRole('listitem').all()) {
        const { rect, onTop } = await seen(entry.locator('[data-board-value]'));
        expect.soft(rect.right, where('leaderboard')).toBeLessThanOrEqual(size.width);
        expect.soft(onTop, where('leaderboard')).toBe(true);
      }
      await expectNoSidewaysScroll(page, where('leaderboard'));
      await screenshot(`${size.width}-leaderboard`);
    });
  expect(errors).toEqual([]);
});

test('the coach’s logo beside the athlete spots, and the side menu to the bottom', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const screenshot = screenshots(page, 'test-results/screens/shell');
  await page.setViewportSize({ width: 1366, height: 800 });
  await signUpAt(page, '/home/account/info', 'logo');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Organisation').fill('Lions Track Club');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  // A wide logo, 160 × 60: a stripe of colour with a white band.
  const logo = png(160, 60, (_x, y) => (y > 24 && y < 36 ? [255, 255, 255] : [200, 30, 40]));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await (await chooser).setFiles({ name: 'lions.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  const inShell = page.getByRole('img', { name: 'Lions Track Club logo' });
  const spots = page.getByText(/athlete spots? left/);

  for (const size of [...sizes, { width: 320, height: 640 }])
    await test.step(`the logo at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      await page.goto('/home/leaderboard');
      await expect(spots).toBeVisible();
      // At 320 px the spots and the account menu take the whole header: the logo gives
      // way (a box 0 px wide); from 390 px it is there, smaller.
      if (size.width >= 390) await expect(inShell).toBeVisible();
      const logoBox = (await inShell.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const spotsBox = (await spots.boundingBox())!;
      expect(
        logoBox.x + logoBox.width,
        `the logo (${JSON.stringify(logoBox)}) ends before the spots (${JSON.stringify(spotsBox)})`,
      ).toBeLessThanOrEqual(spotsBox.x);
      await screenshot(`logo-${size.width}`);
    });

  for (const size of [
    { width: 1366, height: 800 },
    { width: 1366, height: 900 },
    { width: 1920, height: 1080 },
  ])
    await test.step(`the side menu at ${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      for (const path of ['/home/leaderboard', '/home/athlete']) {
        await page.goto(path);
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav).toBeVisible();
        // What is drawn under the menu's last entry, down to the screen's bottom edge,
        // whatever the page's length: the menu's white, not the page's grey.
        const below = await page.evaluate(`(() => {
          const nav = document.querySelector('nav[aria-label="Main"]');
          const x = nav.getBoundingClientRect().left + 20;
          const colours = [];
          // Under the last entry, or (a menu taller than the screen scrolls) its bottom.
          const under = Math.min(nav.getBoundingClientRect().bottom + 8, innerHeight - 12);
          for (const y of [under, innerHeight - 4]) {
            let el = document.elementFromPoint(x, y);
            let colour = 'none';
            while (el) {
              const bg = getComputedStyle(el).backgroundColor;
              if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') { colour = bg; break; }
              el = el.parentElement;
            }
            colours.push(colour);
          }
          return colours;
        })()`);
        expect(below, `${path} at ${size.width}×${size.height}`).toEqual([
          'rgb(255, 255, 255)',
          'rgb(255, 255, 255)',
        ]);
        // The white column runs the page's whole height, not only the first screen's
        // (a full-page capture, a page longer than the screen), and at its end too.
        const column = (await page.evaluate(`(() => {
          const sider = document.querySelector('.ant-layout-sider').getBoundingClientRect();
          return { bottom: sider.bottom + scrollY, page: document.documentElement.scrollHeight };
        })()`)) as { bottom: number; page: number };
        expect(column.bottom, `${path}: the menu's column`).toBeGreaterThanOrEqual(column.page - 1);
        await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
        const menu = await nav.boundingBox();
        expect(menu!.y, 'the menu stays in sight').toBeLessThanOrEqual(100);
      }
      await page.screenshot({
        path: `test-results/screens/shell/menu-${size.width}x${size.height}.png`,
      });
    });
});

test('TV mode: names on one line and whole results, from a phone to a TV', async ({ page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const api = apiOf(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signUpAt(page, '/home/leaderboard', 'tv');
  const { ids } = await seedRoster(api);
  await seedEapiSession(api, ids);
  await page.reload();
  await page.getByLabel('Athletes per board').click();
  await page.getByLabel('Athletes per board').fill('10');
  await page.getByLabel('Athletes per board').press('Enter');
  await expect(page.getByRole('list', { name: '40 yd board' }).getByRole('listitem')).toHaveCount(
    10,
  );
  await page.getByRole('button', { name: 'TV mode' }).click();
  const tv = page.getByRole('dialog', { name: 'Leaderboard on TV' });

  for (const size of [
    ...sizes,
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ])
    await test.step(`${size.width}×${size.height}`, async () => {
      await page.setViewportSize(size);
      await expect(tv.getByRole('list', { name: '40 yd board' }).getByRole('listitem')).toHaveCount(
        10,
      );
      const fit = await tv.evaluate((element) => {
        interface Box {
          scrollWidth: number;
          clientWidth: number;
          scrollHeight: number;
          clientHeight: number;
          textContent: string | null;
          getBoundingClientRect(): { left: number; right: number; height: number };
          closest(selector: string): Box;
          parentElement: Box;
          querySelectorAll(selector: string): ArrayLike<Box>;
        }
        const frame = element as unknown as Box;
        const names = Array.from(frame.querySelectorAll('[data-athlete-name]'));
        const values = Array.from(frame.querySelectorAll('[data-board-value]'));
        const lineHeight = (el: Box) =>
          parseFloat((globalThis as any).getComputedStyle(el).lineHeight); // eslint-disable-line @typescript-eslint/no-explicit-any
        return {
          names: names.length,
          // A name on more than one line is taller than one line of it.
          wrapped: names
            .filter((el) => el.getBoundingClientRect().height > lineHeight(el) * 1.5)
            .map((el) => el.textContent),
          ellipsised: names
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
          // A result is cut when its text is wider than its box, or its box reaches past
          // its board's or the screen's edge.
          cut: values
            .filter((el) => {
              const box = el.getBoundingClientRect();
              // The board's card: the list's frame (BoardCard's BoardFrame).
              const board = el.closest('ol').parentElement.getBoundingClientRect();
              return (
                el.scrollWidth > el.clientWidth + 1 ||
                box.right > board.right + 1 ||
                box.right > frame.clientWidth
              );
            })
            .map((el) => el.textContent),
          scrollWidth: frame.scrollWidth,
          clientWidth: frame.clientWidth,
          scrollHeight: frame.scrollHeight,
          clientHeight: frame.clientHeight,
        };
      });
      const at = `${size.width}×${size.height}`;
      expect(fit.names).toBe(30);
      expect(fit.wrapped, `names on more than one line at ${at}`).toEqual([]);
      expect(fit.cut, `results cut at ${at}`).toEqual([]);
      expect(fit.scrollWidth, `sideways at ${at}`).toBeLessThanOrEqual(fit.clientWidth);
      // Boards side by side from 992 px fill the screen without scrolling; a phone's and a
      // portrait tablet's boards stand one under another and scroll down.
      if (size.width >= 992) {
        expect(fit.scrollHeight, `the board scrolls at ${at}`).toBeLessThanOrEqual(
          fit.clientHeight,
        );
      }
      // One board across a phone or a tablet, and three across a TV of 1920 px and up,
      // have room for the whole names of the test. Three across a laptop (1366 px) may
      // end the longest (over 24 characters, set smaller down to 0.7 of the size: BoardCard's
      // nameSize) in an ellipsis.
      const roomy = size.width < 992 || size.width >= 1920;
      expect(
        fit.ellipsised.filter((name) => roomy || (name ?? '').length <= 24),
        `names cut at ${at}`,
      ).toEqual([]);
      test.info().annotations.push({
        type: 'ellipsised',
        description: `${at}: ${JSON.stringify(fit.ellipsised)}`,
      });
      await expect(tv.getByText('Narciso Schimmel-Vandervort').first()).toBeVisible();
      await page.screenshot({ path: `test-results/screens/tv/${size.width}x${size.height}.png` });
    });

  await test.step('1920×1080: a name of 29 characters fits whole on one line', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    // Wide letters (W, M) in 29 characters, the fastest of the day: first on every board.
    const long = 'Maximilian Wojciechowski-Moss';
    const athlete = await api('POST', '/athlete', {
      firstName: 'Maximilian',
      lastName: 'Wojciechowski-Moss',
      gender: 'male',
      weightKg: 75,
    });
    await api('POST', '/event', {
      items: [
        {
          clientId: `tv-long-name-${athlete.id}`,
          athleteId: athlete.id,
          eventTypeId: 1,
          recordedAt: new Date(Date.now() - 3_000_000).toISOString(),
          distanceMm: 36576,
          timeMs: 4400,
          splits: [
            { distanceMm: 9144, timeMs: 1500 },
            { distanceMm: 18288, timeMs: 2540 },
          ],
          program: 'eapi',
          source: 'manual',
          timingMethod: 'hand',
        },
      ],
    });
    // The live stream brings it to the open TV board, first on the three boards.
    await expect(tv.locator(`[data-athlete-name][title="${long}"]`)).toHaveCount(3, {
      timeout: 20_000,
    });
    // Every name of 29 characters on the boards: this one, and Anastasia Oberbrunner-Kuhlman.
    const fits = await tv.evaluate((frame) => {
      interface Box {
        scrollWidth: number;
        clientWidth: number;
        title: string;
        getBoundingClientRect(): { left: number; right: number; height: number };
        closest(selector: string): Box;
        querySelector(selector: string): Box;
        querySelectorAll(selector: string): ArrayLike<Box>;
      }
      const names = Array.from(
        (frame as unknown as Box).querySelectorAll('[data-athlete-name]'),
      ).filter((el) => el.title.length === 29);
      return names.map((el) => {
        const style = (globalThis as any).getComputedStyle(el); // eslint-disable-line @typescript-eslint/no-explicit-any
        const box = el.getBoundingClientRect();
        const value = el.closest('li').querySelector('[data-board-value]').getBoundingClientRect();
        const board = el.closest('ol').getBoundingClientRect();
        return {
          name: el.title,
          oneLine: box.height <= parseFloat(style.lineHeight) * 1.5,
          cut: el.scrollWidth > el.clientWidth + 1,
          ellipsis: style.textOverflow === 'ellipsis' && style.overflow === 'hidden',
          // The name's box ends before its result begins, and inside its board.
          clear: box.right <= value.left + 0.5 && box.right <= board.right + 0.5,
        };
      });
    });
    expect(fits.filter((fit) => fit.name === long)).toHaveLength(3);
    expect(fits.length).toBeGreaterThanOrEqual(4);
    for (const fit of fits) {
      expect(fit.oneLine, `${fit.name} on one line`).toBe(true);
      expect(fit.clear, `${fit.name} over its result or out of its board`).toBe(true);
      // Whole: a long name is set smaller to fit its line (BoardCard's nameSize).
      expect(fit.cut, `${fit.name} cut`).toBe(false);
    }
    test.info().annotations.push({
      type: '29 characters at 1920×1080',
      description: JSON.stringify(fits.map(({ name, cut }) => ({ name, cut }))),
    });
    await page.screenshot({ path: 'test-results/screens/tv/1920x1080-29-characters.png' });
  });
  expect(errors).toEqual([]);
});

test('a printed report is no wider than its paper', async ({ page }) => {
  test.setTimeout(120_000);
  const api = apiOf(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await signUpAt(page, '/home/report/eapi/individual', 'print');
  const { rosterId, ids } = await seedRoster(api);
  await seedEapiSession(api, ids);
  const date = new Date(Date.now() - 3_600_000).toISOString().slice(0, 10);
  // The paper's printable width at 96 px an inch, less print.css's 12 mm margins.
  const papers = [
    { name: 'A4', width: Math.floor(((210 - 24) / 25.4) * 96) },
    { name: 'Letter', width: Math.floor((8.5 - 24 / 25.4) * 96) },
  ];
  for (const path of [
    `/home/report/eapi/individual/${ids[0]}`,
    `/home/report/eapi/team/${rosterId}/${date}`,
  ])
    for (const paper of papers)
      await test.step(`${path} on ${paper.name}`, async () => {
        await page.emulateMedia({ media: 'screen' });
        await page.setViewportSize({ width: 1366, height: 800 });
        await page.goto(path);
        await expect(
          page
            .getByRole('table')
            .filter({ hasText: /Pro agility/ })
            .first(),
        ).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await page.emulateMedia({ media: 'print' });
        await page.setViewportSize({ width: paper.width, height: 1000 });
        const measure = async () =>
          (await page.evaluate(`(() => {
          const width = document.documentElement.clientWidth;
          const out = [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length)
            .filter((el) => !el.closest('.ant-table-content, .ant-table-body'))
            .slice(0, 5)
            .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 50) + ' right=' + el.getBoundingClientRect().right);
          return { scrollWidth: document.documentElement.scrollWidth, width, out };
        })()`)) as { scrollWidth: number; width: number; out: string[] };
        // The charts redraw at the paper's width when their ResizeObserver reports it (a
        // moment after the resize): polled until then; a Row's gutter stays 8 px wider.
        await expect
          .poll(async () => {
            const wide = await measure();
            return wide.scrollWidth > wide.width || wide.out.length > 0 ? wide : 'fits';
          }, `${path} printed on ${paper.name}`)
          .toBe('fits');
        await page.screenshot({
          path: `test-results/screens/print/${paper.name}-${path.split('/')[3]}-${path.split('/')[4]}.png`,
          fullPage: true,
        });
      });
});
