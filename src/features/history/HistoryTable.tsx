import {
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnType,
  type TableProps,
} from 'antd';
import { STALE_ROW_STYLE } from '../../components/list/staleRows';
import { formatSeconds } from '../../lib/units';
import type { HistoryResult } from './historyApi';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The total: a time ("4.62 s") or a jump's mark in the chosen unit ("26.5 in"). */
function resultLabel(result: HistoryResult): string {
  if (result.timeMs !== null) return formatSeconds(result.timeMs);
  return result.markLabel ?? '—';
}

/** The event's name, or the coach's alias of it. */
const eventName = ({ eventType, eventAlias }: HistoryResult) => eventAlias?.name ?? eventType.name;

/**
 * Column priority (decision 033): on a phone (below antd's `sm`, 576 px) one Run column
 * stands for Date, Event and Distance, so that the Result is in sight beside it; Splits
 * and Lane from `md`.
 */
/** Newest first, as the Date column (or the Run column on a phone) sorts. */
const byDate: Pick<
  TableColumnType<HistoryResult>,
  'defaultSortOrder' | 'sortDirections' | 'sorter'
> = {
  defaultSortOrder: 'descend',
  sortDirections: ['descend', 'ascend', 'descend'],
  sorter: (a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.id - b.id,
};

const columns: TableProps<HistoryResult>['columns'] = [
  {
    title: 'Run',
    key: 'run',
    responsive: ['xs'],
    width: 150,
    ...byDate,
    render: (_, result) => (
      <>
        <div>{dateTime.format(new Date(result.recordedAt))}</div>
        <Typography.Text type="secondary">
          {[eventName(result), result.distanceLabel].filter(Boolean).join(', ')}
        </Typography.Text>
      </>
    ),
  },
  {
    title: 'Date',
    dataIndex: 'recordedAt',
    key: 'recordedAt',
    responsive: ['sm'],
    ...byDate,
    render: (recordedAt: string) => dateTime.format(new Date(recordedAt)),
  },
  {
    title: 'Event',
    key: 'event',
    responsive: ['sm'],
    render: (_, result) => eventName(result),
  },
  {
    title: 'Distance',
    dataIndex: 'distanceLabel',
    key: 'distance',
    responsive: ['sm'],
    align: 'right',
    render: (label: string) => label || '—',
  },
  {
    title: 'Result',
    key: 'result',
    align: 'right',
    render: (_, result) => (
      <Space size={4}>
        {result.implausible && (
          <Tooltip title="Faster than humanly possible, most likely a mistimed run: it is not on the chart.">
            <Tag color="warning">Implausible</Tag>
          </Tooltip>
        )}
        {result.timingMethod === 'hand' && <Tag>Hand</Tag>}
        <Typography.Text strong>{resultLabel(result)}</Typography.Text>
      </Space>
    ),
  },
  {
    title: 'Splits',
    key: 'splits',
    responsive: ['md'],
    render: (_, { splits }) =>
      splits.length === 0 ? (
        '—'
      ) : (
        <Space size={[16, 0]} wrap>
          {splits.map(({ distanceMm, distanceLabel, timeMs }) => (
            <span key={distanceMm} style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text type="secondary">{distanceLabel}</Typography.Text>{' '}
              {formatSeconds(timeMs)}
            </span>
          ))}
        </Space>
      ),
  },
  {
    title: 'Lane',
    dataIndex: 'laneId',
    key: 'lane',
    responsive: ['md'],
    align: 'right',
    render: (lane: number | null) => lane ?? '—',
  },
];

/**
 * Every result of the chosen filters, newest first (the chart shows each day's best,
 * this shows each run): date, event, distance, total, splits with the API's yd/m labels.
 */
export function HistoryTable({
  results,
  loading,
  stale,
}: {
  results: HistoryResult[];
  loading: boolean;
  /** The rows are those of the previous filters while the new ones are on their way. */
  stale: boolean;
}) {
  return (
    <Table<HistoryResult>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={results}
      loading={loading}
      aria-busy={loading}
      onRow={() => (stale ? ({ 'data-stale': 'true', style: STALE_ROW_STYLE } as object) : {})}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    />
  );
}
