import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { AthleteSort } from '../../../contract/athlete';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { orderIn } from '../../lib/sortColumns';
import type { Athlete, Position, Sport } from './athleteApi';
import { ageOn, fullName, genderLabels } from './athleteFormat';

/** The sortable name columns and the spec's sort values of each direction. */
export const sortableColumns = {
  firstName: { ascend: 'FirstNameAsc', descend: 'FirstNameDesc' },
  middleName: { ascend: 'MiddleNameAsc', descend: 'MiddleNameDesc' },
  lastName: { ascend: 'LastNameAsc', descend: 'LastNameDesc' },
} as const satisfies Record<string, Record<'ascend' | 'descend', AthleteSort>>;

export type SortableColumn = keyof typeof sortableColumns;

const none = <Typography.Text type="secondary">—</Typography.Text>;

interface ColumnOptions {
  sort: AthleteSort;
  sports: Map<number, Sport>;
  positions: Map<number, Position>;
  /** Absent when the member may not edit athletes: no Edit button. */
  onEdit?: (athlete: Athlete) => void;
  /** Absent when the member may not delete athletes: no Delete button. */
  onDelete?: (athlete: Athlete) => Promise<void>;
}

/**
 * The athlete table's columns; the name columns' sort is the slice's, not the table's.
 * The actions column is left out when the member may neither edit nor delete.
 */
export function athleteColumns({
  sort,
  sports,
  positions,
  onEdit,
  onDelete,
}: ColumnOptions): TableColumnsType<Athlete> {
  const nameColumn = (key: SortableColumn, title: string) => ({
    key,
    dataIndex: key,
    title,
    sorter: true,
    sortOrder: orderIn(sortableColumns, sort, key),
    // Most athletes have no middle name: a blank cell reads calmer than a column of dashes.
    render: (name: string): ReactNode => name,
  });
  // Column priority (decision 033): a phone (below antd's `sm`, 576 px) shows the names
  // and the actions; Sport, Position, Age and Class from `sm`; Rosters and Gender from
  // `md`; the middle name from `lg`.
  return [
    nameColumn('firstName', 'First name'),
    { ...nameColumn('middleName', 'Middle name'), responsive: ['lg'] },
    nameColumn('lastName', 'Last name'),
    {
      key: 'rosters',
      title: 'Rosters',
      responsive: ['md'],
      render: (_, { rosters }) =>
        rosters.length ? (
          <Flex wrap gap={4}>
            {rosters.map(({ id, name }) => (
              <Tag key={id} style={{ marginInlineEnd: 0 }}>
                {name}
              </Tag>
            ))}
          </Flex>
        ) : (
          none
        ),
    },
    {
      key: 'sport',
      title: 'Sport',
      responsive: ['sm'],
      render: (_, { sportId }) => (sportId && sports.get(sportId)?.name) || none,
    },
    {
      key: 'position',
      title: 'Position',
      responsive: ['sm'],
      render: (_, { positionId }) => {
        const position = positionId ? positions.get(positionId) : undefined;
        return position ? (
          <abbr title={position.name} style={{ textDecoration: 'none', cursor: 'help' }}>
            {position.abbreviation}
          </abbr>
        ) : (
          none
        );
      },
    },
    {
      key: 'gender',
      title: 'Gender',
      responsive: ['md'],
      render: (_, { gender }) => (gender ? genderLabels[gender] : none),
    },
    {
      key: 'age',
      title: 'Age',
      responsive: ['sm'],
      align: 'end',
      render: (_, { birthDate }) => ageOn(birthDate) ?? none,
    },
    {
      key: 'class',
      title: 'Class',
      responsive: ['sm'],
      align: 'end',
      render: (_, { graduationYear }) => graduationYear ?? none,
    },
    ...(onEdit || onDelete ? [actionsColumn(onEdit, onDelete)] : []),
  ];
}

function actionsColumn(
  onEdit: ColumnOptions['onEdit'],
  onDelete: ColumnOptions['onDelete'],
): TableColumnsType<Athlete>[number] {
  return {
    key: 'actions',
    title: <VisuallyHidden>Actions</VisuallyHidden>,
    align: 'end',
    render: (_, athlete) => (
      <Flex gap={4} justify="end">
        {onEdit && (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${fullName(athlete)}`}
            onClick={() => onEdit(athlete)}
          />
        )}
        {onDelete && (
          <Popconfirm
            title={`Delete ${fullName(athlete)}?`}
            description="This cannot be undone."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(athlete)}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete ${fullName(athlete)}`}
            />
          </Popconfirm>
        )}
      </Flex>
    ),
  };
}
