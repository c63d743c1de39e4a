import { Button, Flex, Grid, Popconfirm, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import { Fragment, type ReactNode } from 'react';
import moment from 'moment';
import { formatDistance } from '../../lib/units';
import { ListTable, type ListQueryState, type TableFilters } from '../../components/list';
import type { Result, ResultList } from './resultApi';
import type { ResultVariant } from '../../../contract/event-constants';
import type { ResultFilters } from './resultFiltersSlices';
import { sortableColumn } from '../../lib/sortColumns';
import { columnSorts } from './resultSorts';
import { eventLabel, formatResult, resultAthleteName } from './resultFormat';
import { SplitsTable } from './SplitsTable';

const programLabels = {
  none: null,
  gamespeed: 'Game Speed',
  eapi: 'EAPI',
  manualentry: 'Manual Entry',
};
/** How the result arrived, in words (the API's `source`). */
const sourceLabels = { device: 'Device', import: 'Import', manual: 'Typed in' };

/**
 * A column title on one line: a header wrapped inside a word ("First / name") reads as
 * two columns, and the column is kept as wide as its title instead.
 */
function heading(text: string): ReactNode {
  return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
}

/**
 * Text that wraps only at spaces: a hyphenated name ("Smith-Jones") or an event such as
 * "Pro agility (5-10-5)" is never split at a hyphen. Each word is kept whole; the text
 * (and what a copy or a test reads) is unchanged, real hyphens included.
 */
export function wrapAtSpaces(text: string | null | undefined): ReactNode {
  if (!text) return text;
  const words = text.split(' ');
  if (!words.some((word) => word.includes('-'))) return text;
  return words.map((word, i) => (
    <Fragment key={i}>
      {i > 0 && ' '}
      <span style={{ whiteSpace: 'nowrap' }}>{word}</span>
    </Fragment>
  ));
}

interface ResultsTableProps {
  /** The page: a program's page leaves out the program, which every row has. */
  variant: ResultVariant;
  /** The list controller (`useResultFilters`) and the list query of the variant. */
  list: TableFilters<ResultFilters>;
  query: ListQueryState<ResultList>;
  isMetric: boolean;
  /** Absent when the member may not correct results: no Correct button. */
  onEdit?: (result: Result) => void;
  /** Absent when the member may not delete results: no Delete button. */
  onDelete?: (result: Result) => void;
  empty: React.ReactNode;
}

/**
 * A page of results, a list view (src/components/list), dense and in tabular numerals; a
 * row opens to its splits with segment times and speeds. Counts above the server's cap
 * show as "10,000+".
 */
export function ResultsTable(props: ResultsTableProps) {
  const { variant, list, query, isMetric, onEdit, onDelete, empty } = props;
  const { sort } = list.filters;
  // A result typed into the Manual Entry grid is said once ("Manual Entry"), not twice.
  const programOf = (r: Result) =>
    variant === 'individual' && !(r.program === 'manualentry' && r.source === 'manual')
      ? programLabels[r.program]
      : null;
  const sourceOf = (r: Result) =>
    variant === 'individual' && r.program === 'manualentry' && r.source === 'manual'
      ? programLabels.manualentry
      : sourceLabels[r.source];
  const sortable = (key: string) => sortableColumn(columnSorts, sort, key);
  // Column priority (decision 033): on a phone (below antd's `sm`, 576 px) one Athlete
  // column stands for Date, the names and Event, so that the Result is in sight beside it;
  // Distance from `sm`, Lane and Source from `md`, the middle name from `lg`. The Result
  // and the actions are the last columns, pinned on the right of a table that scrolls.
  const columns: TableProps<Result>['columns'] = [
    {
      title: heading('Athlete'),
      key: 'athlete',
      responsive: ['xs'],
      // Its lines wrap (at spaces and hyphens) so that the Result stays beside it.
      render: (_, r) => (
        <div className="phone-wrap">
          <div>{resultAthleteName(r)}</div>
          <Typography.Text type="secondary">
            {[eventLabel(r), formatDistance(r.distanceMm, isMetric)].filter(Boolean).join(', ')}
            <br />
            {moment(r.recordedAt).format('ll LT')}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: heading('Date'),
      dataIndex: 'recordedAt',
      ...sortable('date'),
      responsive: ['sm'],
      width: 130,
      // The day over the time: two short lines keep the names' columns wide enough.
      render: (at: string) => (
        <>
          <div>{moment(at).format('ll')}</div>
          <Typography.Text type="secondary">{moment(at).format('LT')}</Typography.Text>
        </>
      ),
    },
    // Names and events never squeezed below a word's width (a header read "F n e").
    {
      title: heading('First name'),
      ...sortable('firstName'),
      responsive: ['sm'],
      minWidth: 96,
      render: (_, r) => wrapAtSpaces(r.athlete.firstName),
    },
    {
      title: heading('Middle name'),
      ...sortable('middleName'),
      minWidth: 96,
      responsive: ['lg'],
      render: (_, r) => wrapAtSpaces(r.athlete.middleName),
    },
    {
      title: heading('Last name'),
      ...sortable('lastName'),
      responsive: ['sm'],
      minWidth: 112,
      render: (_, r) => wrapAtSpaces(r.athlete.lastName),
    },
    {
      title: heading('Event'),
      ...sortable('event'),
      responsive: ['sm'],
      minWidth: 120,
      render: (_, r) => wrapAtSpaces(eventLabel(r)),
    },
    {
      title: heading('Distance'),
      key: 'distance',
      responsive: ['sm'],
      align: 'right',
      width: 88,
      render: (_, r) => formatDistance(r.distanceMm, isMetric) || '—',
    },
    {
      title: heading('Lane'),
      dataIndex: 'laneId',
      responsive: ['md'],
      align: 'right',
      width: 64,
      render: (lane: number | null) => lane ?? '—',
    },
    {
      title: heading('Source'),
      key: 'source',
      responsive: ['md'],
      width: 130,
      render: (_, r) => (
        <Flex gap={4} wrap>
          <Tag>{sourceOf(r)}</Tag>
          {r.timingMethod === 'hand' && <Tag>Hand</Tag>}
          {programOf(r) && <Tag color="blue">{programOf(r)}</Tag>}
        </Flex>
      ),
    },
    {
      title: heading('Result'),
      ...sortable('result'),
      align: 'right',
      width: 88,
      // Pinned beside the actions: in sight however far a narrow table is scrolled.
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={6} justify="flex-end" align="center">
          {r.implausible && (
            <Tooltip title="Faster than humanly possible: probably mistimed. Never a best or on a board.">
              <WarningOutlined aria-label="Implausible" style={{ color: '#d4380d' }} />
            </Tooltip>
          )}
          <strong>{formatResult(r, isMetric)}</strong>
        </Flex>
      ),
    },
    ...(onEdit || onDelete
      ? [
          {
            title: '',
            key: 'actions',
            align: 'right' as const,
            width: 72,
            // Kept in view when the table scrolls sideways (a window narrower than 1280 px).
            fixed: 'right' as const,
            render: (_: unknown, r: Result) => (
              <Flex gap={4} justify="flex-end">
                {onEdit && (
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Correct ${resultAthleteName(r)}’s result`}
                    onClick={() => onEdit(r)}
                  />
                )}
                {onDelete && (
                  <Popconfirm
                    title="Delete this result?"
                    description={`${resultAthleteName(r)}, ${eventLabel(r)}, ${formatResult(r, isMetric)}`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onDelete(r)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${resultAthleteName(r)}’s result`}
                    />
                  </Popconfirm>
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];
  // A phone shows the columns that matter (date, name, event, result, actions) as wide as
  // they need, and the table scrolls inside its card.
  const { md } = Grid.useBreakpoint();
  return (
    <ListTable<Result, ResultFilters>
      rowKey="id"
      list={list}
      query={query}
      failure="The results could not be loaded."
      empty={empty}
      pageSizeOptions={[20, 50, 100]}
      className="tabular-nums"
      aria-label="Results"
      columns={columns}
      // At least this wide, else as wide as the page: at 1280 px beside the menu the
      // columns fit and their cells wrap (the tags of Source, a long event name); a
      // narrower window scrolls sideways, the actions fixed on the right.
      scroll={{ x: md === false ? 'max-content' : 900 }}
      // Column widths from their content (antd fixes the layout once a column is fixed,
      // and then a one-line title spills into its neighbour at 1366 px): the titles and
      // whole words set each column's least width, the rest of the row is shared.
      tableLayout="auto"
      expandable={{
        expandedRowRender: (r) => <SplitsTable result={r} isMetric={isMetric} />,
        rowExpandable: (r) => r.eventType.unit === 'time',
      }}
    />
  );
}
