import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { screenshots, signUpAt } from './account';
import { expect, test } from './fixtures';
import { choose } from './select';

/**
 * The "Athletes and rosters" issue in the browser, against the built app and the real
 * server: rosters, athletes by the form and by CSV (a refused file first), the filters
 * and sort (kept over a reload), paging, and a delete that gives the spot back. Nothing
 * of our API is mocked or intercepted. Screens go to test-results/athletes/.
 */

interface Row {
  firstName: string;
  lastName: string;
  birthDate: string;
  rosters: string[];
}

/** The CSV's header: the columns of contract/athlete.ts this file uses. */
const header = 'firstName,lastName,gender,birthDate,graduationYear,rosters';

/**
 * 30 athletes with different first names (so that a first-name sort has one right
 * order), a third of them Sprinters, some on a roster the import creates (Relay).
 */
const firstNames = [
  'Abel', 'Bianca', 'Carlos', 'Dana', 'Emeka', 'Fatima', 'Goran', 'Hana', 'Ivan', 'Jonas',
  'Kira', 'Liam', 'Maya', 'Nils', 'Olu', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tariq',
  'Uma', 'Victor', 'Wen', 'Xenia', 'Yusuf', 'Zara', 'Anouk', 'Bruno', 'Chidi', 'Dario',
]; // prettier-ignore
const lastNames = [
  'Mensah', 'Brandt', 'Costa', 'Moreau', 'Eze', 'Fischer', 'Murphy', 'Haddad', 'Ito', 'Jensen',
  'Kowalski', 'Lund', 'Mwangi', 'Novak', 'Ortiz', 'Meyer', 'Quist', 'Rossi', 'Silva', 'Tanaka',
  'Usman', 'Varga', 'Wong', 'Moss', 'Yilmaz', 'Zhou', 'Adler', 'Bauer', 'Chukwu', 'Mills',
]; // prettier-ignore
const imported: Row[] = firstNames.map((firstName, index) => ({
  firstName,
  lastName: lastNames[index]!,
  birthDate: `${2006 + (index % 5)}-0${1 + (index % 9)}-${String(1 + (index % 28)).padStart(2, '0')}`,
  rosters: [
    ...(index % 3 === 0 ? ['Sprinters'] : index % 3 === 1 ? ['Jumpers'] : []),
    ...(index % 4 === 0 ? ['Relay'] : []),
  ],
}));

/** The file's text; no cell needs quoting (no commas, quotes or line breaks). */
function csvOf(rows: Row[]): string {
  const lines = rows.map(({ firstName, lastName, birthDate, rosters }, index) =>
    [
      firstName,
      lastName,
      index % 2 ? 'F' : 'M',
      birthDate,
      2026 + (index % 4),
      rosters.join(';'),
    ].join(','),
  );
  return [header, ...lines].join('\n') + '\n';
}

/** The two athletes added by the form. */
const ada: Row = {
  firstName: 'Ada',
  lastName: 'Okafor',
  birthDate: '2008-04-15',
  rosters: ['Sprinters'],
};
const bo: Row = { firstName: 'Bo', lastName: 'Nguyen', birthDate: '', rosters: [] };

/** The server's first-name sort: by the lower-cased name (every first name differs, no accents). */
const byFirstName = (a: Row, b: Row) =>
  a.firstName.toLowerCase() < b.firstName.toLowerCase() ? -1 : 1;

/** The athlete table (not the import preview's or the roster manager's). */
const athleteTable = (page: Page) =>
  page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /^Class/ }) });

/**
 * The body rows' cells of a column, top to bottom. Role queries leave out antd's
 * aria-hidden measure row; the header row has `th`, not `td`.
 */
function columnCells(table: Locator, column: number): Locator {
  return table.getByRole('row').locator(`td:nth-child(${column})`);
}
/** Checkbox, First name, Middle name, Last name, … */
const FIRST_NAME = 2;
const LAST_NAME = 4;

test('a coach keeps athletes on rosters: add, import, filter, sort, page and delete', async ({
  page,
}, testInfo) => {
  test.slow(); // one long walk: sign-up, two rosters, two drawers, two imports, a dozen lists
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const screenshot = screenshots(page, 'test-results/athletes');
  const table = athleteTable(page);
  const firstNameCells = columnCells(table, FIRST_NAME);
  const lastNameCells = columnCells(table, LAST_NAME);
  const spots = (count: number) => page.getByText(`${count} athlete spots left`);
  const total = (text: string) => page.getByRole('listitem').filter({ hasText: text });

  await test.step('a fresh account starts with no athletes', async () => {
    await signUpAt(page, '/home/athlete', 'rosters');
    await expect(page.getByRole('heading', { level: 1, name: 'Athletes' })).toBeVisible();
    await expect(page.getByText('No athletes yet')).toBeVisible();
    await expect(spots(50)).toBeVisible();
    // The filter row fits one line beside the side menu (at 1280 px, Playwright's default).
    const middle = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height / 2;
    };
    const clearFilters = page.getByRole('button', { name: 'Clear filters' });
    expect(await middle(clearFilters)).toBeCloseTo(
      await middle(page.getByRole('button', { name: 'Manage rosters' })),
      0,
    );
    await screenshot('empty');
  });

  await test.step('create two rosters', async () => {
    await page.getByRole('button', { name: 'Manage rosters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage rosters' });
    await expect(dialog.getByText('No rosters yet.', { exact: false })).toBeVisible();
    for (const name of ['Sprinters', 'Jumpers']) {
      await dialog.getByLabel('New roster name').fill(name);
      await dialog.getByRole('button', { name: 'Create roster' }).click();
      await expect(page.getByText(`Roster “${name}” created.`)).toBeVisible();
      await expect(dialog.getByRole('row', { name: new RegExp(`^${name} 0`) })).toBeVisible();
    }
    await expect(dialog.getByLabel('New roster name')).toHaveValue('');
    await screenshot('rosters');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('add two athletes by the form, one on a roster', async () => {
    for (const athlete of [ada, bo]) {
      await page.getByRole('button', { name: 'Add athlete' }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Add athlete' });
      await drawer.getByLabel('First name').fill(athlete.firstName);
      await drawer.getByLabel('Last name').fill(athlete.lastName);
      if (athlete.birthDate) {
        await drawer.getByLabel('Birth date').fill(athlete.birthDate);
        await drawer.getByLabel('Birth date').press('Enter');
        await choose(page, drawer.getByLabel('Gender'), 'Female');
      }
      for (const roster of athlete.rosters)
        await choose(page, drawer.getByLabel('Rosters'), roster, { multiple: true });
      if (athlete === ada) await screenshot('drawer');
      await drawer.getByRole('button', { name: 'Add athlete' }).click();
      await expect(page.getByText(`${athlete.firstName} ${athlete.lastName} added.`)).toBeVisible();
      await expect(drawer).toBeHidden();
    }
    const adaRow = table.getByRole('row', { name: /Ada\s*Okafor/ });
    await expect(adaRow).toContainText('Sprinters');
    await expect(adaRow).toContainText('Female');
    await expect(table.getByRole('row', { name: /Bo\s*Nguyen/ })).toBeVisible();
    // The default sort is last name, descending.
    await expect(lastNameCells).toHaveText(['Okafor', 'Nguyen']);
    await expect(spots(48)).toBeVisible();
    await screenshot('two-added');
  });

  const wizard = page.getByRole('dialog', { name: 'Import athletes from CSV' });
  const importButton = wizard.getByRole('button', { name: /^Import \d+ athletes?$/ });

  await test.step('a file with bad rows is refused, row by row', async () => {
    const bad = imported.map((row, index) =>
      index === 4
        ? { ...row, lastName: '' }
        : index === 9
          ? { ...row, birthDate: '2008-02-30' }
          : row,
    );
    const file = testInfo.outputPath('athletes-with-errors.csv');
    await writeFile(file, csvOf(bad));
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    await wizard.locator('input[type=file]').setInputFiles(file);

    await expect(wizard.getByText('2 of 30 rows have errors.')).toBeVisible();
    await expect(
      wizard.getByRole('row', { name: /^Rows\W+30 Rows with errors\W+2$/ }),
    ).toBeVisible();
    // Only the rows with errors, by their line in the file (the header is line 1).
    const problemRows = wizard.getByRole('row', { name: /^\d+ / });
    await expect(problemRows).toHaveCount(2);
    await expect(problemRows.nth(0)).toHaveAccessibleName(/^6 Emeka lastName: /);
    await expect(problemRows.nth(1)).toHaveAccessibleName(
      /^11 Jonas Jensen birthDate: must be a date as YYYY-MM-DD/,
    );
    await expect(importButton).toHaveText('Import 30 athletes');
    await expect(importButton).toBeDisabled();
    await screenshot('import-refused');

    await wizard.getByRole('button', { name: 'Close' }).click();
    await expect(wizard).toBeHidden();
    // Nothing was imported.
    await expect(lastNameCells).toHaveText(['Okafor', 'Nguyen']);
    await expect(total('1–2 of 2')).toBeVisible();
    await expect(spots(48)).toBeVisible();
  });

  await test.step('the fixed file imports 30 athletes and a new roster', async () => {
    const file = testInfo.outputPath('athletes.csv');
    await writeFile(file, csvOf(imported));
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    await wizard.locator('input[type=file]').setInputFiles(file);

    await expect(
      wizard.getByRole('row', { name: /^Rows\W+30 Rows with errors\W+0$/ }),
    ).toBeVisible();
    await expect(wizard.getByRole('row', { name: /^2 Abel Mensah OK$/ })).toBeVisible();
    // Still new: the refused file created no roster either.
    await expect(wizard.getByRole('row', { name: /New rosters\W+Relay$/ })).toBeVisible();
    await expect(importButton).toBeEnabled();
    // A 720 px window shows the Import button without scrolling the page.
    await expect(importButton).toBeInViewport();
    await screenshot('import-checked');
    await importButton.click();
    await expect(wizard.getByText('Imported 30 athletes')).toBeVisible();
    await expect(wizard.getByText('New rosters: Relay.')).toBeVisible();
    await screenshot('import-done');
    await wizard.getByRole('button', { name: 'Done' }).click();
    await expect(wizard).toBeHidden();

    await expect(total('1–20 of 32')).toBeVisible();
    await expect(firstNameCells).toHaveCount(20);
    await expect(spots(18)).toBeVisible();
    await screenshot('imported');
  });

  const everyone = [...imported, ada, bo];
  const sprintersM = everyone
    .filter((row) => row.rosters.includes('Sprinters') && row.lastName.startsWith('M'))
    .sort(byFirstName);
  const rosterPicker = page.getByRole('combobox', { name: 'Roster' });
  const lastNameSearch = page.getByRole('textbox', { name: 'Search last names' });
  const firstNameHeader = table.getByRole('columnheader', { name: /^First name/ });

  await test.step('filter by roster and by a last-name search', async () => {
    await choose(page, rosterPicker, 'Sprinters');
    const sprinters = everyone.filter((row) => row.rosters.includes('Sprinters'));
    await expect(total(`1–${sprinters.length} of ${sprinters.length}`)).toBeVisible();
    await expect(table.getByRole('row', { name: /Ada\s*Okafor/ })).toBeVisible();

    await lastNameSearch.fill('m'); // searched once typing pauses
    expect(sprintersM.length, 'the data has several Sprinters named M…').toBeGreaterThan(2);
    await expect(total(`1–${sprintersM.length} of ${sprintersM.length}`)).toBeVisible();
    await expect(lastNameCells).toHaveText(
      sprintersM.map((row) => row.lastName).sort((a, b) => (a < b ? 1 : -1)),
    );
    await screenshot('filtered');
  });

  await test.step('sort by first name', async () => {
    await firstNameHeader.click();
    await expect(firstNameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstNameCells).toHaveText(sprintersM.map((row) => row.firstName));
    await firstNameHeader.click();
    await expect(firstNameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstNameCells).toHaveText(sprintersM.map((row) => row.firstName).reverse());
    await firstNameHeader.click(); // none
    await expect(firstNameHeader).not.toHaveAttribute('aria-sort');
    await firstNameHeader.click();
    await expect(firstNameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstNameCells).toHaveText(sprintersM.map((row) => row.firstName));
    await screenshot('sorted');
  });

  await test.step('a reload keeps the roster, the search and the sort', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Athletes' })).toBeVisible();
    await expect(firstNameCells).toHaveText(sprintersM.map((row) => row.firstName));
    await expect(lastNameSearch).toHaveValue('m');
    await expect(page.locator('.ant-select').filter({ has: rosterPicker })).toContainText(
      'Sprinters',
    );
    await expect(firstNameHeader).toHaveAttribute('aria-sort', 'ascending');
    await screenshot('reloaded');
  });

  const sorted = [...everyone].sort(byFirstName);

  await test.step('clear the filters and page through', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(lastNameSearch).toHaveValue('');
    await expect(total('1–20 of 32')).toBeVisible();
    // The sort stays.
    await expect(firstNameCells).toHaveText(sorted.slice(0, 20).map((row) => row.firstName));
    await page.getByRole('listitem', { name: '2', exact: true }).click();
    await expect(total('21–32 of 32')).toBeVisible();
    await expect(firstNameCells).toHaveText(sorted.slice(20).map((row) => row.firstName));
    await screenshot('page-2');
  });

  await test.step('delete an athlete, after confirming: the spot comes back', async () => {
    const gone = sorted.at(-1)!;
    const name = `${gone.firstName} ${gone.lastName}`;
    await table.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('tooltip').filter({ hasText: `Delete ${name}?` });
    await expect(confirm).toContainText('This cannot be undone.');
    await screenshot('delete-confirm');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`${name} deleted.`)).toBeVisible();
    await expect(total('21–31 of 31')).toBeVisible();
    await expect(firstNameCells).toHaveText(sorted.slice(20, -1).map((row) => row.firstName));
    await expect(spots(19)).toBeVisible();
    await screenshot('deleted');
  });

  expect(errors).toEqual([]);
});
