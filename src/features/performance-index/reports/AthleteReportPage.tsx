import { useState } from 'react';
import {
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Row,
  Segmented,
  Select,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { INDEX_TESTS, TEST_LABELS, type IndexName } from '../../../../contract/index-constants';
import type { ReportTestBody } from '../../../../contract/profile';
import { PageFrame } from '../../../components/PageFrame';
import { TierTag } from '../shared/TierTag';
import { formatDay, formatMeasurement, formatPoints, measurementKind } from '../shared/indexFormat';
import { fullName } from '../../../lib/names';
import { athleteReportPath, paths } from '../../../lib/paths';
import { IndexHistoryChart, PointsChart } from './ReportCharts';
import { ReportActions } from './ReportActions';
import { ReportBody } from './ReportBody';
import {
  useDownloadAthleteReportPdfMutation,
  useGetAthleteReportQuery,
  type AthleteReport,
} from './reportApi';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const sexLabels: Record<string, string> = { male: 'men', female: 'women', any: 'all athletes' };

/** A positive integer of the address, or null. */
function idOf(text: string | null | undefined): number | null {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** "73rd" */
function ordinal(value: number): string {
  const tens = value % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[value % 10] ?? 'th');
  return `${value}${suffix}`;
}

/** From this many athletes on, a group's place also reads as a percentile. */
const PERCENTILE_FROM = 10;

/**
 * What follows "Rank r of n in the roster X": the mid-rank percentile in a group of 10 or
 * more (docs/performance-index.md, "Rank and percentile"), a word for the only one.
 */
function standingNote(entry: { athletes: number; percentile: number }, label: string): string {
  if (entry.athletes === 1) return `: the only athlete with an ${label}`;
  return entry.athletes >= PERCENTILE_FROM ? ` · ${ordinal(entry.percentile)} percentile` : '';
}

/** The measurement of a test as measured (the power test: its jump's height, then watts). */
function measurementText(test: ReportTestBody, isMetric: boolean): string {
  if (test.measurement === null) return '—';
  if (measurementKind(test.test) !== 'power')
    return formatMeasurement(test.test, test.measurement, isMetric);
  const height = formatMeasurement('verticalJumpMm', test.measurement, isMetric);
  return test.computed === null
    ? height
    : `${height} → ${formatMeasurement(test.test, test.computed, isMetric)}`;
}

/** The reference row a test was scored with: "mean 1.78 s, SD 0.09 s · men · source". */
function ReferenceText({ test, isMetric }: { test: ReportTestBody; isMetric: boolean }) {
  const { reference } = test;
  if (!reference) return none;
  const value = (figure: number) => formatMeasurement(test.test, figure, isMetric);
  return (
    <Flex vertical>
      <span>
        Mean {value(reference.mean)}, SD {value(reference.sd)}
        {reference.lowerIsBetter ? ' (lower is better)' : ''}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {sexLabels[reference.sex] ?? reference.sex}
        {reference.level !== 'all' ? `, ${reference.level}` : ''} · {reference.source}
      </Typography.Text>
    </Flex>
  );
}

/**
 * Column priority (decision 033): a phone (below antd's `sm`, 576 px) shows the test, its
 * measurement and points; the tier from `sm`, the way to the next tier from `md`, the
 * reference and the source from `lg` (and on paper: print is wider than `lg`).
 */
function testColumns(isMetric: boolean): TableColumnsType<ReportTestBody> {
  return [
    {
      key: 'test',
      title: 'Test',
      render: (_, test) => (
        <div className="phone-wrap">
          <Flex gap={6} align="center" wrap>
            {TEST_LABELS[test.test]}
            {!test.core && <Tag style={{ marginInlineEnd: 0 }}>optional</Tag>}
          </Flex>
        </div>
      ),
    },
    {
      key: 'measurement',
      title: 'Measurement',
      align: 'end',
      // "25.2 in → 5,227 W" wraps after its height on a phone.
      render: (_, test) => <span className="phone-wrap">{measurementText(test, isMetric)}</span>,
    },
    {
      key: 'points',
      title: 'Points',
      align: 'end',
      render: (_, test) => (test.points === null ? none : formatPoints(test.points)),
    },
    {
      key: 'tier',
      title: 'Tier',
      responsive: ['sm'],
      render: (_, test) => (test.tier ? <TierTag tier={test.tier} /> : none),
    },
    {
      key: 'next',
      title: 'To next tier',
      responsive: ['md'],
      align: 'end',
      render: (_, test) =>
        test.pointsToNextTier === null ? none : `+${formatPoints(test.pointsToNextTier)}`,
    },
    {
      key: 'reference',
      title: 'Reference',
      responsive: ['lg'],
      // Wide enough for the figures; the source wraps under them instead of widening the table.
      width: 340,
      render: (_, test) => <ReferenceText test={test} isMetric={isMetric} />,
    },
    {
      key: 'source',
      title: 'Source',
      responsive: ['lg'],
      render: (_, test) =>
        test.resultId === null ? (
          <Typography.Text type="secondary">
            {test.measurement === null ? '—' : 'Typed in'}
          </Typography.Text>
        ) : (
          <Link to={paths.home.programs.eapi.path} title="Open the EAPI results">
            Result #{test.resultId}
          </Link>
        ),
    },
  ];
}

/** The report itself, once loaded. */
function AthleteReportView({ report, isMetric }: { report: AthleteReport; isMetric: boolean }) {
  const label = report.index.toUpperCase();
  const { athlete, profile } = report;
  const nextTier = report.overallPointsToNextTier;
  const missing = INDEX_TESTS[report.index].core.filter(
    (test) => report.tests.find((row) => row.test === test)?.points == null,
  );
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]} className="print-keep">
        <Col xs={24} md={10}>
          <Card size="small" title={`${label} on ${formatDay(profile.testedOn)}`}>
            <Flex gap={16} align="center" wrap>
              <Statistic
                title={`Overall ${label}`}
                value={report.overall ?? '—'}
                styles={{ content: { fontSize: 40, fontVariantNumeric: 'tabular-nums' } }}
              />
              <Flex vertical gap={4}>
                {report.overallTier && <TierTag tier={report.overallTier} />}
                {nextTier !== null && (
                  <Typography.Text type="secondary">
                    {formatPoints(nextTier)} points to the next tier
                  </Typography.Text>
                )}
              </Flex>
            </Flex>
            {report.overall === null && (
              <Typography.Text type="secondary">
                Incomplete: {missing.map((test) => TEST_LABELS[test]).join(', ')} not scored
                {report.index === 'eapi' && profile.bodyweightKg === null
                  ? ' (the jump needs a bodyweight)'
                  : ''}
                .
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card size="small" title="Athlete">
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'gender', label: 'Gender', children: athlete.gender ?? '—' },
                { key: 'sport', label: 'Sport', children: athlete.sport ?? '—' },
                { key: 'position', label: 'Position', children: athlete.position ?? '—' },
                {
                  key: 'bodyweight',
                  label: 'Bodyweight',
                  children: profile.bodyweightKg === null ? '—' : `${profile.bodyweightKg} kg`,
                },
                {
                  key: 'origin',
                  label: 'Profile',
                  children: profile.origin === 'manual' ? 'Typed in' : 'From results',
                },
                {
                  key: 'version',
                  label: 'Reference tables',
                  children: `version ${report.referenceVersion}`,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card size="small" title="Points per test" className="print-keep">
            <PointsChart tests={report.tests} />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={`${label} over time`} className="print-keep">
            {report.history.some(({ overall }) => overall !== null) ? (
              <IndexHistoryChart history={report.history} label={label} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No complete index yet" />
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title="Tests" className="print-keep">
        <Table<ReportTestBody>
          rowKey="test"
          size="small"
          pagination={false}
          columns={testColumns(isMetric)}
          dataSource={report.tests}
          // Its columns by priority (testColumns): as wide as they are, scrolling inside
          // the card if they must.
          scroll={{ x: 'max-content' }}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          Points: 500 is the reference mean, 100 points per standard deviation, from 0 to 1000. The{' '}
          {label} is the sum of the core tests. Scored with reference tables version{' '}
          {report.referenceVersion}.
        </Typography.Paragraph>
      </Card>
      <Card size="small" title="Percentiles" className="print-keep">
        {report.percentiles.length === 0 ? (
          <Typography.Text type="secondary">No roster or position to compare with.</Typography.Text>
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {report.percentiles.map((entry) => (
              <li key={`${entry.group}-${entry.name}`}>
                <Typography.Text strong>
                  Rank {entry.rank} of {entry.athletes}
                </Typography.Text>{' '}
                in{' '}
                {entry.group === 'roster'
                  ? `the roster ${entry.name}`
                  : `the position ${entry.name}`}
                {standingNote(entry, label)}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Flex>
  );
}

/**
 * One athlete's EAPI or EASI report (a row of the individual table opens it): the
 * index and its tier, points per test against the 500 line, the index over time,
 * percentiles, and each test traced to its measurement, reference row and source result.
 * A testing day can be picked among the athlete's profiles. Print and Download PDF.
 */
export default function AthleteReportPage({ index }: { index: IndexName }) {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const athleteId = idOf(params.athleteId);
  const profileId = idOf(search.get('profileId'));
  const [isMetric, setIsMetric] = useState(false);
  const {
    data: report,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useGetAthleteReportQuery(
    { index, athleteId: athleteId ?? 0, profileId },
    { skip: athleteId === null },
  );
  const [downloadPdf, { isLoading: downloading }] = useDownloadAthleteReportPdfMutation();
  const label = index.toUpperCase();
  const back = paths.home.reports[index === 'eapi' ? 'eapiIndividual' : 'easiIndividual'];
  const title = report ? `${label} report: ${fullName(report.athlete)}` : `${label} report`;

  const days = (report?.history ?? []).map(({ profileId: id, testedOn, overall }) => ({
    value: id,
    label: `${formatDay(testedOn)}${overall === null ? '' : ` · ${overall}`}`,
  }));

  return (
    <PageFrame
      title={title}
      extra={
        report && (
          <ReportActions
            downloading={downloading}
            onDownload={() =>
              downloadPdf({
                index,
                athleteId: report.athlete.id,
                profileId: report.profile.id,
                isMetric,
              }).unwrap()
            }
          >
            <Select
              aria-label="Testing day"
              style={{ minWidth: 180 }}
              value={report.profile.id}
              options={days}
              loading={isFetching}
              onChange={(id: number) =>
                void navigate(athleteReportPath(index, report.athlete.id, id))
              }
            />
            <Segmented
              aria-label="Jump units"
              value={isMetric ? 'cm' : 'in'}
              onChange={(unit) => setIsMetric(unit === 'cm')}
              options={[
                { value: 'in', label: 'in' },
                { value: 'cm', label: 'cm' },
              ]}
            />
          </ReportActions>
        )
      }
    >
      <ReportBody
        back={back}
        invalid={athleteId === null ? 'This address names no athlete.' : undefined}
        isLoading={isLoading}
        error={error}
        notFound={{
          title: `No ${label} profile of this athlete.`,
          description: 'The athlete has no profile here (or it was deleted).',
        }}
        retryNotFound
        onRetry={() => void refetch()}
      >
        {report && <AthleteReportView report={report} isMetric={isMetric} />}
      </ReportBody>
    </PageFrame>
  );
}
