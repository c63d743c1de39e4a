import { useEffect, useMemo } from 'react';
import { Alert, Button, Empty, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { TeamReportSort } from '../../../contract/index-constants';
import { describeFailure } from '../../components/serverErrors';
import { formatAverage, formatDay } from '../../lib/indexFormat';
import { paths, teamReportPath } from '../../lib/paths';
import { orderIn, sortFor, type SortMap } from '../../lib/sortColumns';
import { useListTeamReportsQuery, type TeamReportRow } from './reportApi';
import { useTeamReportFilters } from './useReportFilters';

const sorts: SortMap<TeamReportSort> = {
  rosterName: { ascend: 'RosterName', descend: 'RosterNameDesc' },
  date: { ascend: 'Date', descend: 'DateDesc' },
  average: { ascend: 'AverageOverallIndex', descend: 'AverageOverallIndexDesc' },
};

const pageSizes = [10, 20, 50, 100, 200];
const none = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * The EAPI team table (the spec's team report state): one row per roster and testing day
 * with the athletes tested and their average index. A row opens that day's team report.
 */
export function TeamReportTable() {
  const { filters, active, sorted, paged, cleared } = useTeamReportFilters();
  const { data, error, isLoading, isFetching, refetch } = useListTeamReportsQuery(filters);
  const navigate = useNavigate();

  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / filters.pageSize)) : 1;
  const pastTheEnd = data !== undefined && data.items.length === 0 && filters.pageNumber > lastPage;
  useEffect(() => {
    if (pastTheEnd) paged(lastPage, filters.pageSize);
  }, [pastTheEnd, lastPage, filters.pageSize, paged]);

  const columns = useMemo((): TableColumnsType<TeamReportRow> => {
    const sortable = (key: string) => ({
      key,
      sorter: true,
      sortOrder: orderIn(sorts, filters.sort, key),
    });
    // Column priority (decision 032): a phone (below antd's `sm`, 576 px) shows the roster,
    // the day and the average; the number of athletes from `sm`.
    return [
      {
        ...sortable('rosterName'),
        dataIndex: 'rosterName',
        title: 'Roster',
        render: (name: string, row) => (
          <Link to={teamReportPath(row.rosterId, row.date)}>{name}</Link>
        ),
      },
      {
        ...sortable('date'),
        dataIndex: 'date',
        title: 'Testing day',
        render: (day: string) => formatDay(day),
      },
      {
        key: 'athletes',
        dataIndex: 'athleteCount',
        title: 'Athletes',
        align: 'end',
        responsive: ['sm'],
      },
      {
        ...sortable('average'),
        dataIndex: 'averageOverallIndex',
        title: 'Average EAPI',
        align: 'end',
        render: (value: number | null) => (value == null ? none : formatAverage(value)),
      },
    ];
  }, [filters.sort]);

  if (isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title="The team report could not be loaded."
        description={describeFailure(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );

  const empty = active ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No testing day matches these filters">
      <Button onClick={cleared}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>No testing days yet</strong>
          <br />A roster shows here once its athletes have profiles: run an EAPI session in{' '}
          <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>.
        </>
      }
    />
  );

  return (
    <Table<TeamReportRow>
      rowKey={(row) => `${row.rosterId}/${row.date}`}
      size="small"
      columns={columns}
      dataSource={data?.items}
      loading={isFetching}
      scroll={{ x: 'max-content' }}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      showSorterTooltip={false}
      onRow={(row) => ({
        style: { cursor: 'pointer' },
        onClick: (event) => {
          if ((event.target as HTMLElement).closest('a')) return;
          void navigate(teamReportPath(row.rosterId, row.date));
        },
      })}
      onChange={(pagination, _filters, sorter, { action }) => {
        if (action === 'paginate')
          paged(pagination.current ?? 1, pagination.pageSize ?? filters.pageSize);
        if (action === 'sort' && !Array.isArray(sorter))
          sorted(sortFor(sorts, sorter.columnKey, sorter.order));
      }}
      pagination={{
        current: filters.pageNumber,
        pageSize: filters.pageSize,
        total: data?.totalCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes,
        showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
      }}
      locale={{ emptyText: empty }}
    />
  );
}
