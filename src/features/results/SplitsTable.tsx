import { Table, Typography } from 'antd';
import {
  formatDistance,
  formatSeconds,
  formatSpeed,
  segments,
  type Segment,
} from '../../lib/units';
import type { Result } from './resultApi';

/**
 * A result's splits: cumulative time at each distance, the segment's own time and its
 * average speed, in yards or metres (and mph or km/h). The run's total is the last
 * segment when the last split is short of the run's distance.
 */
export function SplitsTable({ result, isMetric }: { result: Result; isMetric: boolean }) {
  const points = [...result.splits];
  const last = points.at(-1);
  if (
    result.timeMs !== null &&
    result.distanceMm > 0 &&
    (!last || last.distanceMm < result.distanceMm)
  )
    points.push({ distanceMm: result.distanceMm, timeMs: result.timeMs });
  if (points.length === 0)
    return <Typography.Text type="secondary">No splits were timed for this run.</Typography.Text>;
  return (
    <Table<Segment>
      size="small"
      rowKey="distanceMm"
      pagination={false}
      className="tabular-nums"
      style={{ maxWidth: 640 }}
      aria-label={`Splits of ${result.eventType.name}`}
      dataSource={segments(points)}
      columns={[
        {
          title: 'Segment',
          key: 'segment',
          render: (_, s) =>
            `${formatDistance(s.fromMm, isMetric) || '0'} – ${formatDistance(s.distanceMm, isMetric)}`,
        },
        { title: 'Split', dataIndex: 'timeMs', align: 'right', render: formatSeconds },
        { title: 'Segment time', dataIndex: 'segmentMs', align: 'right', render: formatSeconds },
        {
          title: 'Speed',
          dataIndex: 'metresPerSecond',
          align: 'right',
          render: (speed: number | null) => (speed === null ? '—' : formatSpeed(speed, isMetric)),
        },
      ]}
    />
  );
}
