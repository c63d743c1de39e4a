import { Button, Flex, Popconfirm, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ProfileSort } from '../../../../contract/index-constants';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatPoints } from '../shared/indexFormat';
import { fullName } from '../../../lib/names';
import { athleteReportPath } from '../../../lib/paths';
import { sortableColumn, type SortMap } from '../../../lib/sortColumns';
import { athleteDayColumns } from '../shared/athleteDayColumns';
import type { Profile } from './profileApi';

/** The sortable columns and the spec's sort values of each direction. */
export const profileSorts: SortMap<ProfileSort> = {
  firstName: { ascend: 'FirstName', descend: 'FirstNameDesc' },
  middleName: { ascend: 'MiddleName', descend: 'MiddleNameDesc' },
  lastName: { ascend: 'LastName', descend: 'LastNameDesc' },
  testedOn: { ascend: 'DateCreated', descend: 'DateCreatedDesc' },
  eapi: { ascend: 'OverallIndex', descend: 'OverallIndexDesc' },
};

const none = <Typography.Text type="secondary">—</Typography.Text>;

export const originLabels = { results: 'From results', manual: 'Typed in' } as const;

/** Each action is absent when the member may not take it: no button for it. */
interface ColumnOptions {
  sort: ProfileSort;
  onEdit?: (profile: Profile) => void;
  onDelete?: (profile: Profile) => Promise<void>;
  onRebuild?: (profile: Profile) => Promise<void>;
}

/** The profile table's columns; the sort is the slice's, not the table's. */
export function profileColumns({
  sort,
  onEdit,
  onDelete,
  onRebuild,
}: ColumnOptions): TableColumnsType<Profile> {
  const sortable = (key: keyof typeof profileSorts) => sortableColumn(profileSorts, sort, key);
  // Column priority (decision 033): the names and the day as athleteDayColumns shows
  // them, beside the EAPI and the actions; EASI from `sm`; Bodyweight and Origin from `md`.
  return [
    ...athleteDayColumns<Profile, ProfileSort>(profileSorts, sort),
    {
      ...sortable('eapi'),
      dataIndex: 'eapi',
      title: 'EAPI',
      align: 'end',
      render: (value: number | null) => (value == null ? none : formatPoints(value)),
    },
    {
      key: 'easi',
      dataIndex: 'easi',
      title: 'EASI',
      responsive: ['sm'],
      align: 'end',
      render: (value: number | null) => (value == null ? none : formatPoints(value)),
    },
    {
      key: 'bodyweightKg',
      dataIndex: 'bodyweightKg',
      title: 'Bodyweight',
      responsive: ['md'],
      align: 'end',
      render: (value: number | null) => (value == null ? none : `${value} kg`),
    },
    {
      key: 'origin',
      dataIndex: 'origin',
      title: 'Origin',
      responsive: ['md'],
      render: (origin: Profile['origin']) => (
        <Tag color={origin === 'results' ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
          {originLabels[origin as keyof typeof originLabels] ?? origin}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'end',
      render: (_, profile) => {
        const name = `${fullName(profile)}, ${profile.testedOn}`;
        return (
          <Flex gap={4} justify="end">
            <Tooltip title="EAPI report">
              <Link
                to={athleteReportPath('eapi', profile.athleteId, profile.id)}
                aria-label={`EAPI report of ${name}`}
                style={{ display: 'inline-flex', padding: '4px 6px' }}
              >
                <FileTextOutlined aria-hidden />
              </Link>
            </Tooltip>
            {onEdit && (
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={`Edit ${name}`}
                onClick={() => onEdit(profile)}
              />
            )}
            {onRebuild && profile.origin === 'manual' && (
              <Popconfirm
                title="Rebuild from results?"
                description="The typed values are replaced by this day’s EAPI results."
                okText="Rebuild"
                onConfirm={() => onRebuild(profile)}
              >
                <Button
                  type="text"
                  size="small"
                  icon={<SyncOutlined />}
                  aria-label={`Rebuild ${name} from results`}
                />
              </Popconfirm>
            )}
            {onDelete && (
              <Popconfirm
                title={`Delete the profile of ${name}?`}
                description={
                  profile.origin === 'results'
                    ? 'The results stay; a later EAPI result of that day builds it again.'
                    : 'This cannot be undone.'
                }
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(profile)}
              >
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${name}`}
                />
              </Popconfirm>
            )}
          </Flex>
        );
      },
    },
  ];
}
