import { useEffect, useMemo, type Key } from 'react';
import { Alert, App, Button, Skeleton, Table, type TableProps } from 'antd';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { describeFailure } from '../../components/serverErrors';
import { useDeleteAthleteMutation, useListAthletesQuery, type Athlete } from './athleteApi';
import { athleteColumns, sortFor } from './athleteColumns';
import {
  pageChosen,
  selectAthleteFilters,
  selectAthleteFiltersActive,
  sortChosen,
} from './athleteFiltersSlice';
import { fullName } from './athleteFormat';
import { AthletesEmpty } from './AthletesEmpty';
import { useLookups } from './useLookups';

interface AthletesTableProps {
  selectedIds: Key[];
  onSelect: (ids: Key[]) => void;
  onAdd: () => void;
  onEdit: (athlete: Athlete) => void;
  onImport: () => void;
}

const pageSizes = [10, 20, 50, 100, 200];

/**
 * The athlete table: the slice's filters go to the server as they are; sort and page
 * are controlled by the slice, so the table shows what the server was asked for.
 */
export function AthletesTable({
  selectedIds,
  onSelect,
  onAdd,
  onEdit,
  onImport,
}: AthletesTableProps) {
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectAthleteFilters);
  const filtered = useAppSelector(selectAthleteFiltersActive);
  const { data, error, isLoading, isFetching, refetch } = useListAthletesQuery(filters);
  const { sports, positions } = useLookups();
  const [deleteAthlete] = useDeleteAthleteMutation();
  const { message } = App.useApp();

  const lastPage = data ? Math.max(1, Math.ceil(data.totalCount / filters.pageSize)) : 1;
  const pastTheEnd = data !== undefined && data.items.length === 0 && filters.pageNumber > lastPage;
  // After deletions (or a remembered page) the page may no longer exist: show the last one.
  useEffect(() => {
    if (pastTheEnd) dispatch(pageChosen({ pageNumber: lastPage, pageSize: filters.pageSize }));
  }, [pastTheEnd, lastPage, filters.pageSize, dispatch]);

  const columns = useMemo(
    () =>
      athleteColumns({
        sort: filters.sort,
        sports,
        positions,
        onEdit,
        onDelete: async (athlete) => {
          try {
            await deleteAthlete(athlete.id).unwrap();
            onSelect(selectedIds.filter((id) => id !== athlete.id));
            void message.success(`${fullName(athlete)} deleted.`);
          } catch (failure) {
            void message.error(describeFailure(failure));
          }
        },
      }),
    [filters.sort, sports, positions, onEdit, deleteAthlete, onSelect, selectedIds, message],
  );

  const onChange: TableProps<Athlete>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate')
      dispatch(
        pageChosen({
          pageNumber: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? filters.pageSize,
        }),
      );
    if (action === 'sort' && !Array.isArray(sorter))
      dispatch(sortChosen(sortFor(sorter.columnKey, sorter.order)));
  };

  if (isLoading) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (error && !data)
    return (
      <Alert
        type="error"
        showIcon
        title="The athletes could not be loaded."
        description={describeFailure(error)}
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );

  return (
    <Table<Athlete>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.items}
      loading={isFetching}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      style={{ fontVariantNumeric: 'tabular-nums' }}
      showSorterTooltip={false}
      rowSelection={{
        selectedRowKeys: selectedIds,
        onChange: (keys) => onSelect(keys),
        preserveSelectedRowKeys: true,
        getCheckboxProps: (athlete) => ({ 'aria-label': `Select ${fullName(athlete)}` }),
      }}
      pagination={{
        current: filters.pageNumber,
        pageSize: filters.pageSize,
        total: data?.totalCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes,
        showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
        hideOnSinglePage: false,
      }}
      locale={{
        emptyText: <AthletesEmpty filtered={filtered} onAdd={onAdd} onImport={onImport} />,
      }}
    />
  );
}
