import { useMemo } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { ListEmpty, ListTable, useListQuery, useRowLink } from '../../../components/list';
import { formatAverage, formatDay } from '../shared/indexFormat';
import { paths, teamReportPath } from '../../../lib/paths';
import { sortableColumn } from '../../../lib/sortColumns';
import { reportApi, type TeamReportRow } from './reportApi';
import { teamReportSorts, useTeamReportFilters } from './useReportFilters';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** A row's team report: its roster on its testing day. */
const reportOfRow = (row: TeamReportRow) => teamReportPath(row.rosterId, row.date);

/**
 * The EAPI team table (the spec's team report state): one row per roster and testing day
 * with the athletes tested and their average index. A row opens that day's team report.
 */
export function TeamReportTable() {
  const list = useTeamReportFilters();
  const { filters } = list;
  const query = useListQuery(reportApi.endpoints.listTeamReports, filters);
  const onRow = useRowLink(reportOfRow);

  const columns = useMemo((): TableColumnsType<TeamReportRow> => {
    const sortable = (key: string) => sortableColumn(teamReportSorts, filters.sort, key);
    // Column priority (decision 033): a phone (below antd's `sm`, 576 px) shows the roster,
    // the day and the average; the number of athletes from `sm`.
    return [
      {
        ...sortable('rosterName'),
        dataIndex: 'rosterName',
        title: 'Roster',
        render: (name: string, row) => <Link to={reportOfRow(row)}>{name}</Link>,
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

  return (
    <ListTable<TeamReportRow, typeof filters>
      rowKey={(row) => `${row.rosterId}/${row.date}`}
      list={list}
      query={query}
      failure="The team report could not be loaded."
      columns={columns}
      onRow={onRow}
      empty={
        <ListEmpty
          filtered={list.active}
          noMatch="No testing day matches these filters"
          onClear={list.cleared}
          title="No testing days yet"
          description={
            <>
              A roster shows here once its athletes have profiles: run an EAPI session in{' '}
              <Link to={paths.home.programs.manualEntry.path}>Manual Entry</Link>.
            </>
          }
        />
      }
    />
  );
}
