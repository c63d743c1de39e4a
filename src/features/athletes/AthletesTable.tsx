import { useCallback, useMemo, type Key } from 'react';
import { App, Button } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { ListEmpty, ListTable, useListQuery, useTableFilters } from '../../components/list';
import { Permitted } from '../../components/Permitted';
import { describeFailure } from '../../components/serverErrors';
import { useMayCall } from '../../lib/permissions';
import { athleteApi, useDeleteAthleteMutation, type Athlete } from './athleteApi';
import { athleteColumns, sortableColumns } from './athleteColumns';
import { athleteFiltersSlice } from './athleteFiltersSlice';
import { fullName } from './athleteFormat';
import { useLookups } from './useLookups';

interface AthletesTableProps {
  selectedIds: Key[];
  onSelect: (ids: Key[]) => void;
  onAdd: () => void;
  onEdit: (athlete: Athlete) => void;
  onImport: () => void;
}

/**
 * The athlete table, a list view (src/components/list): the slice's filters go to the
 * server as they are; sort and page are the slice's, so the table shows what the server
 * was asked for. Rows are selectable for the roster actions. A member who may not edit,
 * delete or put athletes on rosters gets the table without those controls (the page's
 * own buttons say why, disabled).
 */
export function AthletesTable({
  selectedIds,
  onSelect,
  onAdd,
  onEdit,
  onImport,
}: AthletesTableProps) {
  const list = useTableFilters(athleteFiltersSlice, sortableColumns);
  const query = useListQuery(athleteApi.endpoints.listAthletes, list.filters);
  const { sports, positions } = useLookups();
  const [deleteAthlete] = useDeleteAthleteMutation();
  const { message } = App.useApp();
  const mayEdit = useMayCall('PUT', '/api/athlete/{id}').allowed;
  const mayDelete = useMayCall('DELETE', '/api/athlete/{id}').allowed;
  const maySetRosters = useMayCall('POST', '/api/roster/{id}/athlete').allowed;

  const remove = useCallback(
    async (athlete: Athlete) => {
      try {
        await deleteAthlete(athlete.id).unwrap();
        onSelect(selectedIds.filter((id) => id !== athlete.id));
        void message.success(`${fullName(athlete)} deleted.`);
      } catch (failure) {
        void message.error(describeFailure(failure));
      }
    },
    [deleteAthlete, onSelect, selectedIds, message],
  );
  const columns = useMemo(
    () =>
      athleteColumns({
        sort: list.filters.sort,
        sports,
        positions,
        onEdit: mayEdit ? onEdit : undefined,
        onDelete: mayDelete ? remove : undefined,
      }),
    [list.filters.sort, sports, positions, mayEdit, onEdit, mayDelete, remove],
  );

  return (
    <ListTable<Athlete, typeof list.filters>
      rowKey="id"
      list={list}
      query={query}
      failure="The athletes could not be loaded."
      columns={columns}
      rowSelection={
        maySetRosters
          ? {
              selectedRowKeys: selectedIds,
              onChange: (keys) => onSelect(keys),
              preserveSelectedRowKeys: true,
              getCheckboxProps: (athlete) => ({ 'aria-label': `Select ${fullName(athlete)}` }),
            }
          : undefined
      }
      empty={
        <ListEmpty
          filtered={list.active}
          noMatch="No athlete matches these filters"
          onClear={list.cleared}
          title="No athletes yet"
          description="Add an athlete or import a CSV"
          actions={
            <>
              <Permitted call="POST /api/athlete" action="add athletes">
                <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
                  Add athlete
                </Button>
              </Permitted>
              <Permitted call="POST /api/athlete/import" action="import athletes">
                <Button icon={<ImportOutlined />} onClick={onImport}>
                  Import CSV
                </Button>
              </Permitted>
            </>
          }
        />
      }
    />
  );
}
