import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ImportReport } from '../../../../src/features/athletes/athleteApi';
import { initialAthleteFilters } from '../../../../src/features/athletes/athleteFiltersSlice';
import { json, stubApi } from '../../test-utils';
import {
  athletePage,
  athletesPageRoutes,
  findDialog,
  openAthletesPage,
  queryOf,
  tableSettled,
  testAthlete,
} from './athleteFixtures';

const csv =
  'firstName,lastName,birthDate,rosters\nAda,Okafor,2009-04-01,Varsity\nBo,Nguyen,1st May,Sprinters\n';

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    dryRun: true,
    rowCount: 2,
    errorCount: 0,
    created: 0,
    newRosters: ['Sprinters'],
    athleteSpots: 12,
    fileErrors: [],
    rows: [
      { line: 2, firstName: 'Ada', lastName: 'Okafor', errors: {} },
      { line: 3, firstName: 'Bo', lastName: 'Nguyen', errors: {} },
    ],
    ...overrides,
  };
}

const withRowError = () =>
  report({
    errorCount: 1,
    rows: [
      { line: 2, firstName: 'Ada', lastName: 'Okafor', errors: {} },
      {
        line: 3,
        firstName: 'Bo',
        lastName: 'Nguyen',
        errors: { birthDate: ['Not a date (YYYY-MM-DD).'] },
      },
    ],
  });

let stopCapturing = () => {};
afterEach(() => stopCapturing());

/** Saved downloads: what `saveBlob` handed to the browser (jsdom cannot download). */
function captureDownloads() {
  const saved: Array<{ name: string; blob: Blob }> = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: jest.fn(),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  stopCapturing = () => {
    // URL's stand-ins stay: saveBlob lets the object URL go a few seconds later.
    click.mockRestore();
    stopCapturing = () => {};
  };
  return saved;
}

async function chooseFile(user: UserEvent, dialog: HTMLElement, content = csv) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File([content], 'team.csv', { type: 'text/csv' }));
}

async function openImport(user: UserEvent) {
  // The page's own button (an empty table offers a second one).
  await user.click(screen.getAllByRole('button', { name: /Import CSV/ })[0]!);
  return findDialog('Import athletes from CSV');
}

describe('importing athletes', () => {
  it('checks the file first and offers no import while rows have errors', async () => {
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete/import': () => json(withRowError()),
    });
    const { user } = await openAthletesPage();
    const dialog = await openImport(user);
    await chooseFile(user, dialog);

    expect(await within(dialog).findByText('1 of 2 rows have errors.')).toBeInTheDocument();
    const [check] = api.sent('POST /api/athlete/import');
    expect(queryOf(check!)).toEqual({ dryRun: 'true' });
    expect(check!.headers.get('content-type')).toBe('text/csv');
    expect(check!.body).toBe(csv);

    // Only the rows with errors, with their line and column.
    const row = within(dialog).getByRole('row', { name: /Nguyen/ });
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('birthDate: Not a date (YYYY-MM-DD).')).toBeInTheDocument();
    expect(within(dialog).queryByRole('row', { name: /Okafor/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Only rows with errors' }));
    expect(within(dialog).getByRole('row', { name: /Okafor/ })).toBeInTheDocument();

    expect(within(dialog).getByRole('button', { name: 'Import 2 athletes' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Choose another file' }));
    expect(within(dialog).getByText('Choose a CSV file, or drop it here')).toBeInTheDocument();
    expect(api.sent('POST /api/athlete/import')).toHaveLength(1);
  });

  it('imports a clean file, shows the totals, and refreshes the list', async () => {
    let athletes = [] as ReturnType<typeof testAthlete>[];
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage(athletes)),
      'POST /api/athlete/import': (request) => {
        if (queryOf(request).dryRun === 'true') return json(report());
        athletes = [testAthlete(), testAthlete({ id: 2, firstName: 'Bo', lastName: 'Nguyen' })];
        return json(report({ dryRun: false, created: 2 }));
      },
    });
    const { user } = await openAthletesPage();
    await screen.findByText('Add an athlete or import a CSV');
    const dialog = await openImport(user);
    await chooseFile(user, dialog);

    const summary = await within(dialog).findByText('Athlete spots left');
    expect(summary.closest('table, .ant-descriptions')).toHaveTextContent(
      /Rows2Rows with errors0Athlete spots left12New rostersSprinters/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 athletes' }));

    expect(await within(dialog).findByText('Imported 2 athletes')).toBeInTheDocument();
    expect(within(dialog).getByText('New rosters: Sprinters.')).toBeInTheDocument();
    expect(queryOf(api.sent('POST /api/athlete/import')[1]!)).toEqual({ dryRun: 'false' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('row', { name: /Nguyen/ })).toBeInTheDocument();
    await tableSettled();
  });

  it('shows progress while importing, then why the server refused: nothing was imported', async () => {
    let answerCommit: (response: Response) => void = () => {};
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete/import': (request) =>
        queryOf(request).dryRun === 'true'
          ? json(report())
          : new Promise<Response>((resolve) => (answerCommit = resolve)),
    });
    const { user } = await openAthletesPage();
    const dialog = await openImport(user);
    await chooseFile(user, dialog);
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 athletes' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Importing 2 athletes…');
    answerCommit(
      json(
        {
          errors: {
            'rows.3.email': ['Already used by Bo Nguyen.'],
            file: ['The file changed since it was checked.'],
          },
        },
        400,
      ),
    );
    expect(await within(dialog).findByText('Nothing was imported.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Line 3, email: Already used by Bo Nguyen.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('The file changed since it was checked.')).toBeInTheDocument();
  });

  it('offers no import when the file needs more athlete spots than are left, and links the Store', async () => {
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete/import': () => json(report({ athleteSpots: 1 })),
    });
    const { user } = await openAthletesPage();
    const dialog = await openImport(user);
    await chooseFile(user, dialog);
    expect(
      await within(dialog).findByText(
        'The file has 2 athletes, but only 1 athlete spots are left.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /Store/ })).toHaveAttribute(
      'href',
      '/home/store/credit',
    );
    expect(within(dialog).getByRole('button', { name: 'Import 2 athletes' })).toBeDisabled();
  });

  it('shows problems with the file as a whole', async () => {
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'POST /api/athlete/import': () =>
        json(
          report({ rowCount: 0, rows: [], newRosters: [], fileErrors: ['Unknown column "shoe".'] }),
        ),
    });
    const { user } = await openAthletesPage();
    const dialog = await openImport(user);
    await chooseFile(user, dialog, 'shoe\n42\n');
    expect(await within(dialog).findByText('This file cannot be imported.')).toBeInTheDocument();
    expect(within(dialog).getByText('Unknown column "shoe".')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Import 0 athletes' })).toBeDisabled();
  });

  it('downloads the template', async () => {
    const saved = captureDownloads();
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([])),
      'GET /api/athlete/import/template': () =>
        new Response('firstName,lastName\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="athletes-template.csv"',
          },
        }),
    });
    const { user } = await openAthletesPage();
    const dialog = await openImport(user);
    await user.click(within(dialog).getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('athletes-template.csv');
    expect(await saved[0]!.blob.text()).toBe('firstName,lastName\n');
  });
});

describe('exporting athletes', () => {
  it('downloads the CSV of the current filters, every page', async () => {
    const saved = captureDownloads();
    const api = stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
      'GET /api/athlete/export': () =>
        new Response('firstName,lastName\nAda,Okafor\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="athletes-varsity.csv"',
          },
        }),
    });
    const { user } = await openAthletesPage({
      preloadedState: {
        athleteFilters: {
          ...initialAthleteFilters,
          rosterId: 1,
          lastNameQuery: 'Oka',
          pageNumber: 2,
        },
      },
    });
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('athletes-varsity.csv');
    expect(queryOf(api.sent('GET /api/athlete/export')[0]!)).toEqual({
      rosterId: '1',
      lastNameQuery: 'Oka',
      sort: 'LastNameDesc',
    });
    await tableSettled();
  });

  it('says why the export failed', async () => {
    stubApi({
      ...athletesPageRoutes(),
      'GET /api/athlete': () => json(athletePage([testAthlete()])),
      'GET /api/athlete/export': () =>
        json({ message: 'Internal server error', requestId: 'r9' }, 500),
    });
    const { user } = await openAthletesPage();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    await tableSettled();
  });
});
