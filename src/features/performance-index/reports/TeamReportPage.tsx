import { Card, Col, Flex, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { Link, useParams } from 'react-router';
import { INDEX_TESTS, TEST_LABELS, TESTS, tierOf } from '../../../../contract/index-constants';
import { PageFrame } from '../../../components/PageFrame';
import { TierTag } from '../shared/TierTag';
import { formatAverage, formatChange, formatDay, formatPoints } from '../shared/indexFormat';
import { fullName } from '../../../lib/names';
import { athleteReportPath, paths, teamReportPath } from '../../../lib/paths';
import { DistributionChart } from './ReportCharts';
import { ReportActions } from './ReportActions';
import { ReportBody } from './ReportBody';
import {
  useDownloadTeamReportPdfMutation,
  useGetTeamReportQuery,
  type TeamReport,
} from './reportApi';

type RankedAthlete = TeamReport['athletes'][number];
type TestAverage = TeamReport['testAverages'][number];

const none = <Typography.Text type="secondary">—</Typography.Text>;
const CORE = INDEX_TESTS.eapi.core;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const changeText = (value: number | null, decimals = 0) =>
  value === null ? (
    none
  ) : (
    <Typography.Text type={value > 0 ? 'success' : value < 0 ? 'danger' : undefined}>
      {formatChange(value, decimals)}
    </Typography.Text>
  );

/**
 * Column priority (decision 033): a phone (below antd's `sm`, 576 px) shows rank, athlete,
 * EAPI and change; the tier from `sm`, the tests' points from `md`.
 */
const athleteColumns: TableColumnsType<RankedAthlete> = [
  {
    key: 'rank',
    title: 'Rank',
    align: 'end',
    render: (_, athlete) => athlete.rank ?? none,
  },
  {
    key: 'name',
    title: 'Athlete',
    render: (_, athlete) => (
      <Link
        to={athleteReportPath('eapi', athlete.athleteId, athlete.profileId)}
        className="phone-wrap"
      >
        {fullName(athlete)}
      </Link>
    ),
  },
  {
    key: 'eapi',
    title: 'EAPI',
    align: 'end',
    render: (_, athlete) => (athlete.eapi === null ? none : formatPoints(athlete.eapi)),
  },
  {
    key: 'tier',
    title: 'Tier',
    responsive: ['sm'],
    render: (_, athlete) =>
      athlete.eapi === null ? none : <TierTag tier={tierOf(athlete.eapi, CORE.length)} />,
  },
  ...CORE.map((test) => ({
    key: test,
    title: TEST_LABELS[test],
    responsive: ['md' as const],
    align: 'end' as const,
    render: (_: unknown, athlete: RankedAthlete) =>
      athlete.points[test] === null ? none : formatPoints(athlete.points[test]),
  })),
  {
    key: 'change',
    title: 'Change',
    align: 'end',
    render: (_, athlete) => changeText(athlete.change),
  },
];

/** A phone shows test, average and tier; the number of athletes from `sm`. */
const averageColumns: TableColumnsType<TestAverage> = [
  {
    key: 'test',
    title: 'Test',
    render: (_, row) => (
      <span className="phone-wrap">
        {TEST_LABELS[row.test]}
        {(CORE as readonly string[]).includes(row.test) ? '' : ' (optional)'}
      </span>
    ),
  },
  {
    key: 'average',
    title: 'Average points',
    align: 'end',
    render: (_, row) => (row.average === null ? none : formatAverage(row.average)),
  },
  {
    key: 'tier',
    title: 'Tier',
    render: (_, row) => (row.average === null ? none : <TierTag tier={tierOf(row.average)} />),
  },
  { key: 'count', title: 'Athletes', align: 'end', dataIndex: 'count', responsive: ['sm'] },
];

/** Per-test averages in the order of the tests (EAPI's first), EAPI tests only. */
function eapiAverages(report: TeamReport): TestAverage[] {
  const eapiTests: readonly string[] = [...INDEX_TESTS.eapi.core, ...INDEX_TESTS.eapi.optional];
  return [...report.testAverages]
    .filter((row) => eapiTests.includes(row.test))
    .sort((a, b) => TESTS.indexOf(a.test) - TESTS.indexOf(b.test));
}

function TeamReportView({ report }: { report: TeamReport }) {
  const { previous } = report;
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]} className="print-keep">
        <Col xs={24} sm={12} lg={8}>
          <Card size="small">
            <Flex gap={12} align="center" wrap>
              <Statistic
                title="Average EAPI"
                value={formatAverage(report.averageOverallIndex)}
                styles={{ content: { fontSize: 36, fontVariantNumeric: 'tabular-nums' } }}
              />
              <TierTag tier={tierOf(report.averageOverallIndex, CORE.length)} />
            </Flex>
            <Typography.Text type="secondary">
              Of the athletes with a complete index.
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} sm={6} lg={8}>
          <Card size="small">
            <Statistic title="Athletes tested" value={report.athleteCount} />
          </Card>
        </Col>
        <Col xs={12} sm={6} lg={8}>
          <Card size="small">
            <Statistic
              title="Change since the previous testing day"
              value={previous?.change == null ? '—' : formatChange(previous.change, 1)}
            />
            {previous ? (
              <Typography.Text type="secondary">
                <Link to={teamReportPath(report.rosterId, previous.date)}>
                  {formatDay(previous.date)}
                </Link>
                : average {formatAverage(previous.averageOverallIndex)}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">The roster’s first testing day.</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title="Average points per test" className="print-keep">
            <Table<TestAverage>
              rowKey="test"
              size="small"
              pagination={false}
              columns={averageColumns}
              dataSource={eapiAverages(report)}
              scroll={{ x: 'max-content' }}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Distribution of EAPI" className="print-keep">
            <DistributionChart distribution={report.distribution} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="Athletes, ranked by EAPI">
        <Table<RankedAthlete>
          rowKey="profileId"
          size="small"
          pagination={false}
          columns={athleteColumns}
          dataSource={report.athletes}
          scroll={{ x: 'max-content' }}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Change: the athlete’s EAPI since their previous testing day. Incomplete indexes are listed
          last. Scored with reference tables version {report.referenceVersion}.
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}

/**
 * One roster's EAPI testing day (a row of the team table opens it): the average index
 * and per-test averages, the distribution of the athletes' indexes, the athletes ranked
 * with their change, and the change since the previous testing day. Print and PDF.
 */
export default function TeamReportPage() {
  const params = useParams();
  const rosterId = Number(params.rosterId);
  const date = params.date ?? '';
  const valid = Number.isInteger(rosterId) && rosterId > 0 && DAY.test(date);
  const {
    data: report,
    error,
    isLoading,
    refetch,
  } = useGetTeamReportQuery({ rosterId, date }, { skip: !valid });
  const [downloadPdf, { isLoading: downloading }] = useDownloadTeamReportPdfMutation();
  const title = report
    ? `EAPI team report: ${report.rosterName}, ${formatDay(report.date)}`
    : paths.home.reports.eapiTeamDay.label;

  return (
    <PageFrame
      title={title}
      extra={
        report && (
          <ReportActions
            downloading={downloading}
            onDownload={() => downloadPdf({ rosterId, date }).unwrap()}
          />
        )
      }
    >
      <ReportBody
        back={paths.home.reports.eapiTeam}
        invalid={valid ? undefined : 'This address names no roster and testing day.'}
        isLoading={isLoading}
        error={error}
        notFound={{ title: 'No profiles of this roster on that day.' }}
        onRetry={() => void refetch()}
      >
        {report && <TeamReportView report={report} />}
      </ReportBody>
    </PageFrame>
  );
}
