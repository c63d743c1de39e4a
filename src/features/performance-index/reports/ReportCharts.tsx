import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Typography } from 'antd';
import {
  coreTestCount,
  MAX_POINTS,
  POINTS_MEAN,
  TEST_LABELS,
  tierOf,
  type Test,
} from '../../../../contract/index-constants';
import { brand } from '../../../lib/brand';
import { TIER_FILLS, formatDay, isTierName } from '../shared/indexFormat';

const chartMargin = { top: 16, right: 16, bottom: 8, left: 0 };

interface PointsChartProps {
  tests: Array<{ test: Test; points: number | null; tier: string | null; core: boolean }>;
}

/**
 * Points per test against the 500 line (the reference mean), each bar in its tier's
 * colour; unscored tests are left out. The line is named in the caption under the plot,
 * where no bar can cover it. The table beside it carries the same numbers for screen
 * readers.
 */
export function PointsChart({ tests }: PointsChartProps) {
  const rows = tests
    .filter(({ points }) => points !== null)
    .map(({ test, points, tier, core }) => ({
      name: TEST_LABELS[test].replace(/ \(.*\)$/, ''),
      label: `${TEST_LABELS[test]}${core ? '' : ' (optional)'}`,
      points,
      fill: isTierName(tier) ? TIER_FILLS[tier] : brand.primaryColor,
    }));
  return (
    <figure
      className="print-keep"
      style={{ margin: 0 }}
      aria-label="Points per test; the line marks 500, the reference mean"
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={rows} margin={chartMargin}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
          <YAxis domain={[0, MAX_POINTS]} ticks={[0, 250, 500, 750, 1000]} width={44} />
          <Tooltip
            formatter={(value) => [String(value), 'Points']}
            labelFormatter={(_name, payload) =>
              String((payload?.[0]?.payload as { label?: string } | undefined)?.label ?? '')
            }
          />
          {/* Unlabelled: a label inside the plot sat on the last bar; the caption says it. */}
          <ReferenceLine y={POINTS_MEAN} stroke="#495057" strokeDasharray="6 4" />
          <Bar dataKey="points" isAnimationActive={false} maxBarSize={56}>
            {rows.map((row) => (
              <Cell key={row.name} fill={row.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <figcaption>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Dashed line: {POINTS_MEAN}, the reference mean.
        </Typography.Text>
      </figcaption>
    </figure>
  );
}

interface IndexHistoryChartProps {
  history: Array<{ testedOn: string; overall: number | null }>;
  label: string;
}

const REFERENCE_INDEX = POINTS_MEAN * 3;
const hundredBelow = (min: number) => Math.floor(Math.min(min, REFERENCE_INDEX) / 100) * 100 - 100;
const hundredAbove = (max: number) => Math.ceil(Math.max(max, REFERENCE_INDEX) / 100) * 100 + 100;

/** The index over the athlete's testing days (days without a complete index left out). */
export function IndexHistoryChart({ history, label }: IndexHistoryChartProps) {
  const rows = history
    .filter(({ overall }) => overall !== null)
    .map(({ testedOn, overall }) => ({ day: formatDay(testedOn), overall }));
  return (
    <figure className="print-keep" style={{ margin: 0 }} aria-label={`${label} over time`}>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={rows} margin={chartMargin}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
          {/* Whole hundreds around the days and the reference average (1,500): one
              testing day is not drawn as an axis of 1629-1633. */}
          <YAxis width={52} domain={[hundredBelow, hundredAbove]} allowDecimals={false} />
          <Tooltip formatter={(value) => [String(value), label]} />
          <ReferenceLine y={REFERENCE_INDEX} stroke="#adb5bd" strokeDasharray="6 4" />
          <Line
            dataKey="overall"
            stroke={brand.primaryColor}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** How many athletes fall in each band of 100 index points, each band in its tier's colour. */
export function DistributionChart({
  distribution,
}: {
  distribution: Array<{ from: number; count: number }>;
}) {
  const rows = distribution.map(({ from, count }) => {
    const tier = tierOf(from, coreTestCount('eapi'));
    return {
      band: `${from}–${from + 99}`,
      count,
      fill: tier ? TIER_FILLS[tier] : brand.primaryColor,
    };
  });
  return (
    <figure
      className="print-keep"
      style={{ margin: 0 }}
      aria-label="Athletes per band of 100 EAPI points"
    >
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} margin={chartMargin}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="band" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip formatter={(value) => [String(value), 'Athletes']} />
          <Bar dataKey="count" isAnimationActive={false} maxBarSize={48}>
            {rows.map((row) => (
              <Cell key={row.band} fill={row.fill} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
