import type { ReactNode } from 'react';
import { Typography, type TableColumnsType } from 'antd';
import { fullName, type PersonName } from '../../../lib/names';
import { sortableColumn, type SortMap } from '../../../lib/sortColumns';
import { formatDay } from './indexFormat';

/** A row of the profile and report tables: an athlete's names and the testing day. */
export interface AthleteDayRow extends PersonName {
  testedOn: string;
}

type Sortable = 'firstName' | 'middleName' | 'lastName' | 'testedOn';

/**
 * The name and testing-day columns of the profile and individual report tables, with the
 * column priority of decision 033: on a phone (below antd's `sm`, 576 px) one Athlete
 * column stands for the names and the day; first and last name and the day from `sm`,
 * the middle name from `lg`. `link` wraps a name in the row's link, when the row has one.
 */
export function athleteDayColumns<Row extends AthleteDayRow, Sort extends string>(
  sorts: SortMap<Sort>,
  sort: Sort | 'None',
  link: (row: Row, text: string) => ReactNode = (_, text) => text,
): TableColumnsType<Row> {
  const sortable = (key: Sortable) => sortableColumn(sorts, sort, key);
  return [
    {
      key: 'athlete',
      title: 'Athlete',
      responsive: ['xs'],
      render: (_, row) => (
        <div className="phone-wrap">
          <div>{link(row, fullName(row))}</div>
          <Typography.Text type="secondary">{formatDay(row.testedOn)}</Typography.Text>
        </div>
      ),
    },
    {
      ...sortable('firstName'),
      dataIndex: 'firstName',
      title: 'First name',
      responsive: ['sm'],
      render: (name: string, row) => link(row, name),
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
      render: (name: string, row) => link(row, name),
    },
    {
      ...sortable('testedOn'),
      dataIndex: 'testedOn',
      title: 'Testing day',
      responsive: ['sm'],
      render: (day: string) => formatDay(day),
    },
  ];
}
