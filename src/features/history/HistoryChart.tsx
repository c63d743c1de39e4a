import { useMemo, useState } from 'react';
import { Checkbox, Flex, Typography } from 'antd';
import { ArrowUpOutlined } from '@ant-design/icons';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { brand } from '../../lib/brand';
import { axisTicks, type HistoryChartData } from './historyChartData';

/** Line colours: the brand's blue first, then hues that stay apart for colour-blind eyes. */
const palette = [brand.primaryColor, '#E8590C', '#2B8A3E', '#9C36B5', '#0B7285', '#C92A2A'];
const DAY_MS = 86_400_000;

const legendList = { listStyle: 'none', margin: 0, padding: 0 } as const;
/** A short stroke in the line's colour, as a legend shows it. */
const swatch = (colour: string) =>
  ({
    display: 'inline-block',
    width: 16,
    height: 3,
    borderRadius: 2,
    background: colour,
    verticalAlign: 'middle',
    marginRight: 6,
  }) as const;

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
 * each day's best, over a time axis. The legend is a row of checkboxes (keyboard and
 * screen-reader friendly) that show or hide each line. For times the y axis runs upside down, so that an
 * athlete getting faster goes up, and the chart says so. Its own chunk: recharts is
 * loaded only when a chart is shown (HistoricalResultsPage).
 */
export default function HistoryChart({ data }: { data: HistoryChartData }) {
  const { lines, rows, lowerIsBetter, axisLabel, format } = data;
  const days = useMemo(() => dayFormatters(rows), [rows]);
  const domain = useMemo(() => dayDomain(rows), [rows]);
  // Lines the coach unticked: the y axis then spans the others only (a 10-yd line and a
  // 40-yd line on one axis flatten both; alone, a 0.1 s gain shows).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = lines.filter(({ key }) => !hidden.has(key));
  const ticks = useMemo(
    () =>
      axisTicks(
        rows.flatMap((row) =>
          shown.map(({ key }) => row[key]).filter((value) => typeof value === 'number'),
        ),
      ),
    [rows, shown],
  );
  const tickDecimals = Math.max(0, ...ticks.map((tick) => String(tick).split('.')[1]?.length ?? 0));
  const toggle = (key: string, visible: boolean) =>
    setHidden((before) => {
      const after = new Set(before);
      if (visible) after.delete(key);
      else after.add(key);
      return after;
    });
  // recharts sorts tooltip items by their text ("18.29 m" before "9.14 m"): keep them in
  // the series' order, which is by distance.
  const byLine = useMemo(() => {
    const order = new Map(lines.map(({ key }, index) => [key, index]));
    return (item: { dataKey?: unknown }) => order.get(String(item.dataKey)) ?? lines.length;
  }, [lines]);
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
            domain={[ticks[0] ?? 'auto', ticks.at(-1) ?? 'auto']}
            ticks={ticks}
            interval={0}
            tickFormatter={(value: number) => value.toFixed(tickDecimals)}
            width={64}
            label={{ value: axisLabel, angle: -90, position: 'insideLeft', offset: 4 }}
          />
          <Tooltip
            labelFormatter={(day) => days.full(Number(day))}
            formatter={(value) => format(Number(value))}
            itemSorter={byLine}
          />
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
              hide={hidden.has(key)}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <Flex component="ul" wrap gap={16} justify="center" aria-label="Lines" style={legendList}>
        {lines.map(({ key, label }, index) => (
          <li key={key}>
            <Checkbox
              checked={!hidden.has(key)}
              // The last line shown stays: an empty chart tells nothing.
              disabled={shown.length === 1 && !hidden.has(key)}
              onChange={(event) => toggle(key, event.target.checked)}
            >
              <span aria-hidden style={swatch(palette[index % palette.length]!)} />
              {label}
            </Checkbox>
          </li>
        ))}
      </Flex>
    </figure>
  );
}
