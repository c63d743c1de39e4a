import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { ArrowUpOutlined } from '@ant-design/icons';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { brand } from '../../lib/brand';
import type { HistoryChartData } from './historyChartData';

/** Line colours: the brand's blue first, then hues that stay apart for colour-blind eyes. */
const palette = [brand.primaryColor, '#E8590C', '#2B8A3E', '#9C36B5', '#0B7285', '#C92A2A'];
const DAY_MS = 86_400_000;

/** Dates in the browser's locale; a chart that spans years shows them. */
function dayFormatters(rows: HistoryChartData['rows']) {
  const first = rows[0]?.date.slice(0, 4);
  const spansYears = rows.some(({ date }) => date.slice(0, 4) !== first);
  const tick = new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    ...(spansYears ? { year: '2-digit' } : {}),
  });
  const full = new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', dateStyle: 'medium' });
  return { tick: (day: number) => tick.format(day), full: (day: number) => full.format(day) };
}

/** The x axis' extent: the first to the last day, a day either side when there is one. */
function dayDomain(rows: HistoryChartData['rows']): [number, number] {
  const first = rows[0]?.day ?? 0;
  const last = rows[rows.length - 1]?.day ?? first;
  return first === last ? [first - DAY_MS, last + DAY_MS] : [first, last];
}

/**
 * The athlete's progress: one line per series (split distance, run distance or jump),
 * each day's best, over a time axis. For times the y axis runs upside down, so that an
 * athlete getting faster goes up, and the chart says so. Its own chunk: recharts is
 * loaded only when a chart is shown (HistoricalResultsPage).
 */
export default function HistoryChart({ data }: { data: HistoryChartData }) {
  const { lines, rows, lowerIsBetter, axisLabel, format } = data;
  const days = useMemo(() => dayFormatters(rows), [rows]);
  const domain = useMemo(() => dayDomain(rows), [rows]);
  const betterWord = axisLabel.startsWith('Time') ? 'faster' : 'better';

  return (
    <figure style={{ margin: 0 }} aria-label={`Progress chart, ${axisLabel.toLowerCase()}`}>
      <Flex component="figcaption" justify="space-between" wrap gap={8}>
        <Typography.Text strong>Best of each day</Typography.Text>
        <Typography.Text type="secondary">
          <ArrowUpOutlined aria-hidden />{' '}
          {lowerIsBetter
            ? `Up is ${betterWord}: lower times are better, so the time axis is upside down.`
            : `Up is ${betterWord}.`}
        </Typography.Text>
      </Flex>
      <ResponsiveContainer width="100%" height={340}>
        <LineChart data={rows} margin={{ top: 16, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="day"
            type="number"
            scale="time"
            domain={domain}
            tickFormatter={days.tick}
            padding={{ left: 12, right: 12 }}
            minTickGap={24}
          />
          <YAxis
            reversed={lowerIsBetter}
            domain={['auto', 'auto']}
            tickFormatter={(value: number) => String(Number(value.toFixed(2)))}
            width={64}
            label={{ value: axisLabel, angle: -90, position: 'insideLeft', offset: 4 }}
          />
          <Tooltip
            labelFormatter={(day) => days.full(Number(day))}
            formatter={(value) => format(Number(value))}
          />
          <Legend />
          {lines.map(({ key, label }, index) => (
            <Line
              key={key}
              dataKey={key}
              name={label}
              type="linear"
              stroke={palette[index % palette.length]}
              strokeWidth={2}
              dot={{ r: 3 }}
              activeDot={{ r: 5 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
