import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import AthleteReportPage from '../../../../../src/features/performance-index/reports/AthleteReportPage';
import ReportsPage from '../../../../../src/features/performance-index/reports/ReportsPage';
import TeamReportPage from '../../../../../src/features/performance-index/reports/TeamReportPage';
import { paths } from '../../../../../src/lib/paths';
import { json, renderRoute, stubApi, testUser } from '../../../test-utils';
import { queryOf, testRoster } from '../../athletes/athleteFixtures';
import {
  profilePage,
  teamReportList,
  testAthleteReport,
  testProfile,
  testTeamReport,
} from './indexFixtures';

const { reports } = paths.home;
const list = <T,>(items: T[]) => ({
  items,
  totalCount: items.length,
  pageNumber: 1,
  pageSize: 500,
});

const fast = (page: ReactElement) => (
  <StyleProvider mock="server">
    <ConfigProvider theme={{ token: { motion: false } }}>{page}</ConfigProvider>
  </StyleProvider>
);

/** The report pages at their real paths (params and search as the app has them). */
const routes = [
  { path: reports.eapiIndividual.path, element: fast(<ReportsPage variant="eapiIndividual" />) },
  { path: reports.easiIndividual.path, element: fast(<ReportsPage variant="easiIndividual" />) },
  { path: reports.eapiTeam.path, element: fast(<ReportsPage variant="eapiTeam" />) },
  { path: reports.eapiAthlete.path, element: fast(<AthleteReportPage index="eapi" />) },
  { path: reports.easiAthlete.path, element: fast(<AthleteReportPage index="easi" />) },
  { path: reports.eapiTeamDay.path, element: fast(<TeamReportPage />) },
];

const common = {
  'GET /api/user': () => json(testUser()),
  'GET /api/roster': () => json(list([testRoster({ id: 3, name: 'Varsity' })])),
};

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
    click.mockRestore();
    stopCapturing = () => {};
  };
  return saved;
}

const pdf = (name: string) =>
  new Response('%PDF-1.7 test', {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

describe('the individual report tables', () => {
  it('lists EAPI profiles with index, tier and core points; a row opens the report', async () => {
    const api = stubApi({
      ...common,
      'GET /api/report/eapi/individual': () => json(profilePage([testProfile()])),
      'GET /api/report/eapi/athlete/7': () => json(testAthleteReport()),
    });
    const { user, router } = renderRoute(reports.eapiIndividual.path, { routes });
    const row = await screen.findByRole('row', { name: /Okafor/ });
    expect(within(row).getByText('1,556')).toBeInTheDocument();
    expect(within(row).getByText('Average')).toBeInTheDocument(); // 1500 ≤ 1556 < 1650
    expect(within(row).getByText('561')).toBeInTheDocument();
    expect(queryOf(api.sent('GET /api/report/eapi/individual')[0]!)).toEqual({
      pageNumber: '1',
      pageSize: '20',
      rosterId: '-1',
      sort: 'DateCreatedDesc',
    });

    await user.click(within(row).getByText('Mar 2, 2026'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${reports.eapiIndividual.path}/7`),
    );
    expect(router.state.location.search).toBe('?profileId=31');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'EAPI report: Ada Okafor' }),
    ).toBeInTheDocument();
  });

  it('the EASI table has its own filters and asks its own route', async () => {
    const api = stubApi({
      ...common,
      'GET /api/report/easi/individual': () => json(profilePage([])),
    });
    const { user, store } = renderRoute(reports.easiIndividual.path, { routes });
    expect(await screen.findByText('No EASI yet')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Last name' }));
    await user.paste('Oka');
    await waitFor(() =>
      expect(queryOf(api.sent('GET /api/report/easi/individual').at(-1)!).lastNameQuery).toBe(
        'Oka',
      ),
    );
    expect(store.getState().easiIndividualReportFilters.lastNameQuery).toBe('Oka');
    expect(store.getState().eapiIndividualReportFilters.lastNameQuery).toBe('');
  });
});

describe("an athlete's report", () => {
  it('shows the index, points, tiers and the reference row of each test', async () => {
    const api = stubApi({
      ...common,
      'GET /api/report/eapi/athlete/7': () => json(testAthleteReport()),
    });
    renderRoute(`${reports.eapiIndividual.path}/7?profileId=31`, { routes });
    await screen.findByRole('heading', { level: 1, name: 'EAPI report: Ada Okafor' });
    expect(queryOf(api.sent('GET /api/report/eapi/athlete/7')[0]!)).toEqual({ profileId: '31' });

    expect(screen.getByText('94 points to the next tier')).toBeInTheDocument();
    expect(screen.getByText('version 1')).toBeInTheDocument();

    const sprint = screen.getByRole('row', { name: /^10-yd sprint/ });
    expect(within(sprint).getByText('1.78 s')).toBeInTheDocument();
    expect(within(sprint).getByText('561')).toBeInTheDocument();
    expect(within(sprint).getByText('Strong')).toBeInTheDocument();
    expect(within(sprint).getByText('+139')).toBeInTheDocument();
    expect(
      within(sprint).getByText('Mean 1.83 s, SD 0.08 s (lower is better)'),
    ).toBeInTheDocument();
    expect(within(sprint).getByText(/women · NSCA norms \(2016\)/)).toBeInTheDocument();
    expect(within(sprint).getByRole('link', { name: 'Result #902' })).toBeInTheDocument();

    // The jump: its height, and the power it was scored as.
    const jump = screen.getByRole('row', { name: /^Vertical jump \(power\)/ });
    expect(within(jump).getByText('22 in → 3,398 W')).toBeInTheDocument();
    expect(within(jump).getByText('Mean 3,300 W, SD 820 W')).toBeInTheDocument();

    // Typed in: no result to link to.
    const agility = screen.getByRole('row', { name: /^Pro agility/ });
    expect(within(agility).getByText('Typed in')).toBeInTheDocument();
    expect(within(agility).queryByRole('link')).not.toBeInTheDocument();

    const forty = screen.getByRole('row', { name: /^40-yd sprint/ });
    expect(within(forty).getByText('optional')).toBeInTheDocument();

    // A rank a coach reads at a glance; the mid-rank percentile from 10 athletes on.
    const percentiles = within(
      screen.getByText('Percentiles').closest('.ant-card')! as HTMLElement,
    );
    expect(percentiles.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Rank 7 of 24 in the roster Varsity · 73rd percentile',
      'Rank 1 of 1 in the roster Relay: the only athlete with an EAPI',
      'Rank 6 of 9 in the position Wide receiver',
    ]);
  });

  it('shows jumps in centimetres on request', async () => {
    stubApi({ ...common, 'GET /api/report/eapi/athlete/7': () => json(testAthleteReport()) });
    const { user } = renderRoute(`${reports.eapiIndividual.path}/7`, { routes });
    await screen.findByRole('heading', { level: 1, name: 'EAPI report: Ada Okafor' });
    await user.click(screen.getByText('cm'));
    const jump = screen.getByRole('row', { name: /^Vertical jump \(power\)/ });
    expect(within(jump).getByText('55.9 cm → 3,398 W')).toBeInTheDocument();
  });

  it('asks for the PDF in the jump unit the page shows', async () => {
    const saved = captureDownloads();
    const api = stubApi({
      ...common,
      'GET /api/report/eapi/athlete/7': () => json(testAthleteReport()),
      'GET /api/report/eapi/athlete/7/pdf': () => pdf('eapi-ada-okafor-2026-03-02.pdf'),
    });
    const { user } = renderRoute(`${reports.eapiIndividual.path}/7`, { routes });
    await screen.findByRole('heading', { level: 1, name: 'EAPI report: Ada Okafor' });
    await user.click(screen.getByText('cm'));
    await user.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [sent] = api.sent('GET /api/report/eapi/athlete/7/pdf');
    expect(queryOf(sent!)).toEqual({ profileId: '31', isMetric: 'true' });
  });

  it('says why an index is incomplete', async () => {
    const report = testAthleteReport({
      overall: null,
      overallTier: null,
      overallPointsToNextTier: null,
    });
    report.tests[0] = {
      ...report.tests[0]!,
      points: null,
      tier: null,
      computed: null,
      reference: null,
    };
    report.profile = { ...report.profile, bodyweightKg: null };
    stubApi({ ...common, 'GET /api/report/eapi/athlete/7': () => json(report) });
    renderRoute(`${reports.eapiIndividual.path}/7`, { routes });
    expect(
      await screen.findByText(
        'Incomplete: Vertical jump (power) not scored (the jump needs a bodyweight).',
      ),
    ).toBeInTheDocument();
  });

  it('opens another testing day, and downloads the PDF of the one shown', async () => {
    const saved = captureDownloads();
    const api = stubApi({
      ...common,
      'GET /api/report/eapi/athlete/7': (request) =>
        json(
          new URL(request.url).searchParams.get('profileId') === '20'
            ? testAthleteReport({
                profile: testProfile({ id: 20, testedOn: '2025-10-14' }),
                overall: 1490,
              })
            : testAthleteReport(),
        ),
      'GET /api/report/eapi/athlete/7/pdf': () => pdf('eapi-ada-okafor-2026-03-02.pdf'),
    });
    const { user, router } = renderRoute(`${reports.eapiIndividual.path}/7`, { routes });
    await screen.findByRole('heading', { level: 1, name: 'EAPI report: Ada Okafor' });

    await user.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('eapi-ada-okafor-2026-03-02.pdf');
    const [sent] = api.sent('GET /api/report/eapi/athlete/7/pdf');
    expect(queryOf(sent!)).toEqual({ profileId: '31', isMetric: 'false' });
    expect(sent!.headers.get('accept')).toBe('application/pdf');

    await user.click(screen.getByRole('combobox', { name: 'Testing day' }));
    await user.click(await screen.findByTitle('Oct 14, 2025 · 1490'));
    await waitFor(() => expect(router.state.location.search).toBe('?profileId=20'));
    expect(await screen.findByText('EAPI on Oct 14, 2025')).toBeInTheDocument();
  });

  it('says so when the athlete has no profile', async () => {
    stubApi({
      ...common,
      'GET /api/report/easi/athlete/7': () => json({ message: 'Not found' }, 404),
    });
    renderRoute(`${reports.easiIndividual.path}/7`, { routes });
    expect(await screen.findByText('No EASI profile of this athlete.')).toBeInTheDocument();
  });
});

describe('the team report', () => {
  it('lists rosters by testing day; a row opens the day', async () => {
    const api = stubApi({
      ...common,
      'GET /api/report/eapi/team': () =>
        json(
          teamReportList([
            {
              rosterId: 3,
              rosterName: 'Varsity',
              date: '2026-03-02',
              athleteCount: 3,
              averageOverallIndex: 1603.5,
            },
          ]),
        ),
      'GET /api/report/eapi/team/3/2026-03-02': () => json(testTeamReport()),
    });
    const { user, router } = renderRoute(reports.eapiTeam.path, { routes });
    const row = await screen.findByRole('row', { name: /Varsity/ });
    expect(within(row).getByText('1,603.5')).toBeInTheDocument();
    expect(queryOf(api.sent('GET /api/report/eapi/team')[0]!)).toEqual({
      pageNumber: '1',
      pageSize: '20',
      rosterId: '-1',
      sort: 'DateDesc',
    });
    await user.click(screen.getByRole('columnheader', { name: /Roster/ }));
    await waitFor(() =>
      expect(queryOf(api.sent('GET /api/report/eapi/team').at(-1)!).sort).toBe('RosterName'),
    );

    await user.click(
      within(screen.getByRole('row', { name: /Varsity/ })).getByRole('link', { name: 'Varsity' }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/home/report/eapi/team/3/2026-03-02'),
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'EAPI team report: Varsity, Mar 2, 2026',
      }),
    ).toBeInTheDocument();
  });

  it('shows the average, per-test averages, ranked athletes and the change', async () => {
    const saved = captureDownloads();
    const api = stubApi({
      ...common,
      'GET /api/report/eapi/team/3/2026-03-02': () => json(testTeamReport()),
      'GET /api/report/eapi/team/3/2026-03-02/pdf': () => pdf('eapi-team-varsity-2026-03-02.pdf'),
    });
    const { user } = renderRoute('/home/report/eapi/team/3/2026-03-02', { routes });
    await screen.findByRole('heading', { level: 1, name: /EAPI team report: Varsity/ });

    expect(screen.getByText('1,603.5')).toBeInTheDocument();
    expect(screen.getByText('+23.3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Oct 14, 2025' })).toHaveAttribute(
      'href',
      '/home/report/eapi/team/3/2025-10-14',
    );

    const sprint = screen.getByRole('row', { name: /^10-yd sprint/ });
    expect(within(sprint).getByText('575.0')).toBeInTheDocument();
    expect(within(sprint).getByText('Strong')).toBeInTheDocument();
    // EASI tests are not part of the EAPI team report.
    expect(screen.queryByRole('row', { name: /^Acceleration/ })).not.toBeInTheDocument();

    const bo = screen.getByRole('row', { name: /Bo Nguyen/ });
    expect(within(bo).getByText('1')).toBeInTheDocument();
    expect(within(bo).getByText('1,651')).toBeInTheDocument();
    expect(within(bo).getByText('+42')).toBeInTheDocument();
    expect(within(bo).getByRole('link', { name: 'Bo Nguyen' })).toHaveAttribute(
      'href',
      '/home/report/eapi/individual/8?profileId=41',
    );
    expect(
      within(screen.getByRole('row', { name: /Ada Okafor/ })).getByText('−12'),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(rows.findIndex((text) => text.includes('Cy Mills'))).toBeGreaterThan(
      rows.findIndex((text) => text.includes('Ada Okafor')),
    );

    await user.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('eapi-team-varsity-2026-03-02.pdf');
    expect(api.sent('GET /api/report/eapi/team/3/2026-03-02/pdf')).toHaveLength(1);
  });

  it('prints with the browser', async () => {
    stubApi({ ...common, 'GET /api/report/eapi/team/3/2026-03-02': () => json(testTeamReport()) });
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderRoute('/home/report/eapi/team/3/2026-03-02', { routes });
    await screen.findByRole('heading', { level: 1, name: /EAPI team report: Varsity/ });
    await user.click(screen.getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });
});
