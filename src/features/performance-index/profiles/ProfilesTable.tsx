import { useEffect, useMemo } from 'react';
import { Alert, App, Button, Skeleton, Table, type TableProps } from 'antd';
import { describeFailure } from '../../../components/serverErrors';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { fullName } from '../../../lib/names';
import { sortFor } from '../../../lib/sortColumns';
import {
  useDeleteProfileMutation,
  useListProfilesQuery,
  useRebuildProfileMutation,
  type Profile,
} from './profileApi';
import { profileColumns, profileSorts } from './profileColumns';
import {
  pageChosen,
  selectProfileFilters,
  selectProfileFiltersActive,
  sortChosen,
} from './profileFiltersSlice';
import { ProfilesEmpty } from './ProfilesEmpty';

const pageSizes = [10, 20, 50, 100, 200];

interface ProfilesTableProps {
  onAdd: () => void;
  onEdit: (profile: Profile) => void;
}

/**
 * The Athlete Profiles table: the slice's filters go to the server as they are; sort and
 * page are the slice's, so the table shows what the server was asked for.
 */
export function ProfilesTable({ onAdd, onEdit }: ProfilesTableProps) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectProfileFilters);
  const filtered = useAppSelector(selectProfileFiltersActive);
  const { data, error, isLoading, isFetching, refetch } = useListProfilesQuery(filters);
  const [deleteProfile] = useDeleteProfileMutation();
  const [rebuildProfile] = useRebuildProfileMutation();
  const { message } = App.useApp();

  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / filters.pageSize)) : 1;
  const pastTheEnd = data !== undefined && data.items.length === 0 && filters.pageNumber > lastPage;
  // After deletions (or a remembered page) the page may no longer exist: show the last one.
  useEffect(() => {
    if (pastTheEnd) dispatch(pageChosen({ pageNumber: lastPage, pageSize: filters.pageSize }));
  }, [pastTheEnd, lastPage, filters.pageSize, dispatch]);

  const columns = useMemo(
    () =>
      profileColumns({
        sort: filters.sort,
        onEdit,
        onDelete: async (profile) => {
          try {
            await deleteProfile(profile.id).unwrap();
            void message.success(`Profile of ${fullName(profile)} deleted.`);
          } catch (failure) {
            void message.error(describeFailure(failure));
          }
        },
        onRebuild: async (profile) => {
          try {
            await rebuildProfile(profile.id).unwrap();
            void message.success(`Profile of ${fullName(profile)} rebuilt from results.`);
          } catch (failure) {
            void message.error(describeFailure(failure));
          }
        },
      }),
    [filters.sort, onEdit, deleteProfile, rebuildProfile, message],
  );

  const onChange: TableProps<Profile>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate')
      dispatch(
        pageChosen({
          pageNumber: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? filters.pageSize,
        }),
      );
    if (action === 'sort' && !Array.isArray(sorter))
      dispatch(sortChosen(sortFor(profileSorts, sorter.columnKey, sorter.order)));
  };

  if (isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title="The profiles could not be loaded."
        description={describeFailure(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );

  return (
    <Table<Profile>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.items}
      loading={isFetching}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      showSorterTooltip={false}
      pagination={{
        current: filters.pageNumber,
        pageSize: filters.pageSize,
        total: data?.totalCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes,
        showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
      }}
      locale={{ emptyText: <ProfilesEmpty filtered={filtered} onAdd={onAdd} /> }}
    />
  );
}
