import { useEffect, useMemo } from 'react';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link, useNavigate } from 'react-router';
import {
  INDEX_TESTS,
  TEST_LABELS,
  type IndexName,
  type ProfileSort,
} from '../../../contract/index-constants';
import type { ProfileBody } from '../../../contract/profile';
import { describeFailure } from '../../components/serverErrors';
import { TierTag } from '../../components/TierTag';
import { formatDay, formatPoints, tierOf } from '../../lib/indexFormat';
import { athleteReportPath, paths } from '../../lib/paths';
import { orderIn, sortFor, type SortMap } from '../../lib/sortColumns';
import { useListIndividualReportsQuery } from './reportApi';
import { useIndividualReportFilters } from './useReportFilters';

const sorts: SortMap<ProfileSort> = {
  firstName: { ascend: 'FirstName', descend: 'FirstNameDesc' },
  middleName: { ascend: 'MiddleName', descend: 'MiddleNameDesc' },
  lastName: { ascend: 'LastName', descend: 'LastNameDesc' },
  testedOn: { ascend: 'DateCreated', descend: 'DateCreatedDesc' },
  overall: { ascend: 'OverallIndex', descend: 'OverallIndexDesc' },
};

const pageSizes = [10, 20, 50, 100, 200];
const none = <Typography.Text type="secondary">—</Typography.Text>;
const CORE_TESTS = INDEX_TESTS.eapi.core.length;

/**
 * The EAPI or EASI individual table: one row per profile with that index measured, its
 * index, tier and core tests' points. A row opens the athlete's report of that day.
 */
export function IndividualReportTable({ index }: { index: IndexName }) {
  const variant = index === 'eapi' ? 'eapiIndividual' : 'easiIndividual';
  const { filters, active, sorted, paged, cleared } = useIndividualReportFilters(variant);
  const { data, error, isLoading, isFetching, refetch } = useListIndividualReportsQuery({
    index,
    filters,
  });
  const navigate = useNavigate();
  const label = index.toUpperCase();

  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / filters.pageSize)) : 1;
  const pastTheEnd = data !== undefined && data.items.length === 0 && filters.pageNumber > lastPage;
  useEffect(() => {
    if (pastTheEnd) paged(lastPage, filters.pageSize);
  }, [pastTheEnd, lastPage, filters.pageSize, paged]);

  const columns = useMemo((): TableColumnsType<ProfileBody> => {
    const sortable = (key: string) => ({
      key,
      sorter: true,
      sortOrder: orderIn(sorts, filters.sort, key),
    });
    const reportLink = (profile: ProfileBody, text: string) => (
      <Link to={athleteReportPath(index, profile.athleteId, profile.id)}>{text}</Link>
    );
    // Column priority (decision 032): on a phone (below antd's `sm`, 576 px) one Athlete
    // column stands for the names and the testing day, beside the index and its tier; the
    // tests' points from `md`, the middle name from `lg`.
    return [
      {
        key: 'athlete',
        title: 'Athlete',
        responsive: ['xs'],
        render: (_, profile) => (
          <div className="phone-wrap">
            <div>{reportLink(profile, `${profile.firstName} ${profile.lastName}`)}</div>
            <Typography.Text type="secondary">{formatDay(profile.testedOn)}</Typography.Text>
          </div>
        ),
      },
      {
        ...sortable('firstName'),
        dataIndex: 'firstName',
        title: 'First name',
        responsive: ['sm'],
        render: (name: string, profile) => reportLink(profile, name),
      },
      {
        ...sortable('middleName'),
        dataIndex: 'middleName',
        title: 'Middle name',
        responsive: ['lg'],
      },
      {
        ...sortable('lastName'),
        dataIndex: 'lastName',
        title: 'Last name',
        responsive: ['sm'],
        render: (name: string, profile) => reportLink(profile, name),
      },
      {
        ...sortable('testedOn'),
        dataIndex: 'testedOn',
        title: 'Testing day',
        responsive: ['sm'],
        render: (day: string) => formatDay(day),
      },
      {
        ...sortable('overall'),
        title: label,
        align: 'end',
        render: (_, profile) => (profile[index] == null ? none : formatPoints(profile[index])),
      },
      {
        key: 'tier',
        title: 'Tier',
        render: (_, profile) => {
          const tier = tierOf(profile[index], CORE_TESTS);
          return tier ? <TierTag tier={tier} /> : none;
        },
      },
      ...INDEX_TESTS[index].core.map((test) => ({
        key: test,
        title: TEST_LABELS[test],
        responsive: ['md' as const],
        align: 'end' as const,
        render: (_: unknown, profile: ProfileBody) =>
          profile.points[test] == null ? none : formatPoints(profile.points[test]),
      })),
    ];
  }, [filters.sort, index, label]);

  if (isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title="The report could not be loaded."
        description={describeFailure(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );

  const empty = active ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No profile matches these filters">
      <Button onClick={cleared}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4} align="center">
          <strong>No {label} yet</strong>
          <span>
            Run an EAPI session in{' '}
            <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>
            {index === 'easi' ? ' (40-yd sprints with 10- and 20-yd splits)' : ''}, or add a profile
            on <Link to={paths.home.athleteProfiles.path}>Athlete Profiles</Link>.
          </span>
        </Flex>
      }
    />
  );

  return (
    <Table<ProfileBody>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.items}
      loading={isFetching}
      scroll={{ x: 'max-content' }}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      showSorterTooltip={false}
      onRow={(profile) => ({
        style: { cursor: 'pointer' },
        onClick: (event) => {
          // Links in the row navigate by themselves.
          if ((event.target as HTMLElement).closest('a')) return;
          void navigate(athleteReportPath(index, profile.athleteId, profile.id));
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
